import type { FormatModule } from '../format-module';
import { analyzeWebp } from './webp/analyze';
import { rebuildWebp } from './webp/rebuild';
import { webpSniffer } from './webp/sniff';

/**
 * WebP: drops EXIF, XMP and unknown chunks (also inside animation frames) and anything after the
 * RIFF chunk; rewrites the RIFF size and the VP8X flags; keeps the image, alpha, animation and
 * ICC chunks as they are. A rotated photo keeps an EXIF chunk holding only its Orientation.
 */
export const webp: FormatModule = {
  ...webpSniffer,
  async analyze(src, _format, ctx) {
    const analysis = await analyzeWebp(src, ctx.signal);
    return {
      findings: [...analysis.findings],
      plan: () => rebuildWebp(src, analysis),
    };
  },
};
