import { startsWith } from '../../bytes';
import { catalogFormats, sniffedAs } from '../../format-catalog';
import type { FormatSniffer } from '../../format-module';

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const ZIP = sniffedAs('zip');

/**
 * Every zip is sniffed by the Office module first, which hands any archive that is no package
 * here by its media type; this answers only when the module is asked first.
 */
export const zipArchiveSniffer: FormatSniffer = {
  formats: catalogFormats('zip'),
  sniff: (head) => (startsWith(head, ZIP_MAGIC) ? ZIP : null),
};
