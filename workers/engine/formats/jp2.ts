import type { FormatModule } from '../format-module';
import { patchPlan } from '../shared/in-place';
import { cleanJp2 } from './jp2/boxes';
import { jp2Sniffer } from './jp2/sniff';

/**
 * JPEG 2000 files and codestreams: metadata boxes (XML, UUID such as XMP and GeoJP2, UUID info,
 * intellectual property, labels) and codestream comments go; the signature, file type, reader
 * requirements, image header (colour `colr`, palette, resolution) and the codestream's image data
 * stay byte for byte. Other brands (Motion JPEG 2000, JPM) are not claimed.
 */
export const jp2: FormatModule = {
  ...jp2Sniffer,
  async analyze(src) {
    const clean = await cleanJp2(src, 0, src.size);
    return {
      findings: clean.findings,
      plan: () => clean.plan ?? patchPlan(src.size, []),
      opaque: clean.opaque,
    };
  },
};
