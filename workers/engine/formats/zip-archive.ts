import { startsWith } from '../bytes';
import { catalogFormats, sniffedAs } from '../format-catalog';
import type { FormatModule } from '../format-module';
import { analyzeZipArchive } from './zip-archive/analyze';

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const ZIP = sniffedAs('zip');

/**
 * Zip archives of files, cleaned member by member (see zip-archive/analyze.ts). Every zip is
 * sniffed by the Office module first, which tells a package of its own by its folders and hands
 * any other archive here by its media type; the sniffer below answers only when this module is
 * asked first.
 */
export const zipArchive: FormatModule = {
  formats: catalogFormats('zip'),
  sniff: (head) => (startsWith(head, ZIP_MAGIC) ? ZIP : null),
  analyze: (src, _format, ctx) => analyzeZipArchive(src, ctx),
};
