import { ascii, fourcc, startsWith, u16be } from '../bytes';
import { catalogFormats, sniffedAs } from '../format-catalog';
import type { FormatModule } from '../format-module';
import { patchPlan } from '../shared/in-place';
import { cleanJp2 } from './jp2/boxes';

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

/**
 * JPEG 2000 files and codestreams: metadata boxes (XML, UUID such as XMP and GeoJP2, UUID info,
 * intellectual property, labels) and codestream comments go; the signature, file type, reader
 * requirements, image header (colour `colr`, palette, resolution) and the codestream's image data
 * stay byte for byte. Other brands (Motion JPEG 2000, JPM) are not claimed.
 */
export const jp2: FormatModule = {
  formats: catalogFormats('jp2', 'jpx', 'j2c'),
  sniff(head) {
    if (startsWith(head, SOC_SIZ) && u16be(head, 2) === SIZ) return J2C;
    if (!startsWith(head, SIGNATURE_BOX) || head.length < BRAND_AT + 4)
      return null;
    if (fourcc(head, FTYP_AT + 4) !== 'ftyp') return null;
    return BRANDS[fourcc(head, BRAND_AT)] ?? null;
  },
  async analyze(src) {
    const clean = await cleanJp2(src, 0, src.size);
    return {
      findings: clean.findings,
      plan: () => clean.plan ?? patchPlan(src.size, []),
      opaque: clean.opaque,
    };
  },
};
