import type { FormatModule } from '../format-module';
import { patchPlan } from '../shared/in-place';
import { analyzeFile } from './isobmff/analyze';
import { isobmffSniffer } from './isobmff/sniff';

/**
 * The ISOBMFF family: MP4, MOV, M4A, M4V, 3GP (also fragmented) and HEIC/AVIF. Metadata boxes
 * become `free` boxes of the same size, dates are zeroed, telemetry samples and HEIF Exif/XMP items
 * are zeroed in place: the output has the input's size and every chunk offset stays valid.
 */
export const isobmff: FormatModule = {
  ...isobmffSniffer,
  async analyze(src, _format, ctx) {
    const { findings, patches, mediaData } = await analyzeFile(src, ctx.signal);
    return {
      findings,
      plan: () => patchPlan(src.size, patches),
      opaque: mediaData,
    };
  },
};
