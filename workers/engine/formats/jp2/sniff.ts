import { ascii, fourcc, startsWith, u16be } from '../../bytes';
import { catalogFormats, sniffedAs } from '../../format-catalog';
import type { FormatSniffer } from '../../format-module';

/** The JPEG 2000 signature box (ISO/IEC 15444-1 I.5.1), then the file type box (I.5.2). */
const SIGNATURE_BOX = ascii('\0\0\0\x0cjP  \r\n\x87\n');
const FTYP_AT = SIGNATURE_BOX.length;
const BRAND_AT = FTYP_AT + 8;
/** A bare codestream opens with SOC then SIZ (15444-1 A.4.1, A.5.1). */
const SOC_SIZ = [0xff, 0x4f, 0xff, 0x51];
const SIZ = 0xff51;
const BRANDS: Record<string, ReturnType<typeof sniffedAs>> = {
  'jp2 ': sniffedAs('jp2'),
  'jpx ': sniffedAs('jpx'),
};
const J2C = sniffedAs('j2c');

/** JP2 and JPX files by their brand, and bare codestreams; other brands are not claimed. */
export const jp2Sniffer: FormatSniffer = {
  formats: catalogFormats('jp2', 'jpx', 'j2c'),
  sniff(head) {
    if (startsWith(head, SOC_SIZ) && u16be(head, 2) === SIZ) return J2C;
    if (!startsWith(head, SIGNATURE_BOX) || head.length < BRAND_AT + 4)
      return null;
    if (fourcc(head, FTYP_AT + 4) !== 'ftyp') return null;
    return BRANDS[fourcc(head, BRAND_AT)] ?? null;
  },
};
