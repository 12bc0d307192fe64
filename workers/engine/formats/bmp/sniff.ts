import { startsWith, u32le } from '../../bytes';
import { catalogFormats, sniffedAs } from '../../format-catalog';
import type { FormatSniffer } from '../../format-module';

const BMP = sniffedAs('bmp');
const MAGIC = [0x42, 0x4d];
export const FILE_HEADER_BYTES = 14;
/** BITMAPCOREHEADER, OS/2 v2 (short and full), INFO, V2, V3, V4 and V5 header sizes. */
const DIB_HEADER_SIZES = new Set([12, 16, 40, 52, 56, 64, 108, 124]);

/** `BM`, then a DIB header of a size some Windows or OS/2 version wrote. */
export const bmpSniffer: FormatSniffer = {
  formats: catalogFormats('bmp'),
  sniff(head) {
    if (!startsWith(head, MAGIC) || head.length < FILE_HEADER_BYTES + 4)
      return null;
    return DIB_HEADER_SIZES.has(u32le(head, FILE_HEADER_BYTES)) ? BMP : null;
  },
};
