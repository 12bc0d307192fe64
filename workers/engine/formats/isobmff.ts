import type { FormatModule } from '../format-module';
import { analyzeFile } from './isobmff/analyze';
import { planLeavingOut } from './isobmff/leave-out';
import { isobmffSniffer } from './isobmff/sniff';

/**
 * The ISOBMFF family: MP4, MOV, M4A, M4V, 3GP (also fragmented) and HEIC/AVIF. Metadata boxes
 * become `free` boxes of the same size, dates are zeroed, telemetry samples and HEIF Exif/XMP items
 * are zeroed in place: every chunk offset stays valid. A copy leaves out the top-level free space
 * that has contents (chunk offsets re-pointed where it stood before them); a clean in place keeps
 * the input's size and layout.
 */
export const isobmff: FormatModule = {
  ...isobmffSniffer,
  async analyze(src, _format, ctx) {
    const { findings, patches, mediaData, leftOut, checked } =
      await analyzeFile(src, ctx);
    return {
      findings,
      plan: () => planLeavingOut(src.size, patches, leftOut),
      opaque: mediaData,
      checked,
    };
  },
};
