import type { FormatModule } from '../format-module';
import { analyzeZipArchive } from './zip-archive/analyze';
import { zipArchiveSniffer } from './zip-archive/sniff';

/**
 * Zip archives of files, cleaned member by member (see zip-archive/analyze.ts). Every zip is
 * sniffed by the Office module first, which tells a package of its own by its folders and hands
 * any other archive here by its media type; the sniffer below answers only when this module is
 * asked first.
 */
export const zipArchive: FormatModule = {
  ...zipArchiveSniffer,
  analyze: (src, _format, ctx) => analyzeZipArchive(src, ctx),
};
