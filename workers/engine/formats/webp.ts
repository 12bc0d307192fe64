import { ascii, startsWith } from '../bytes';
import { catalogFormats, sniffedAs } from '../format-catalog';
import type { FormatModule } from '../format-module';
import { analyzeWebp } from './webp/analyze';
import { WEBP_FORM, rebuildWebp } from './webp/rebuild';

const WEBP = sniffedAs('webp');
const RIFF_FORM_AT = 8;

/**
 * WebP: drops EXIF, XMP and unknown chunks (also inside animation frames) and anything after the
 * RIFF chunk; rewrites the RIFF size and the VP8X flags; keeps the image, alpha, animation and
 * ICC chunks as they are. A rotated photo keeps an EXIF chunk holding only its Orientation.
 */
export const webp: FormatModule = {
  formats: catalogFormats('webp'),
  sniff: (head) =>
    startsWith(head, ascii('RIFF')) && startsWith(head, WEBP_FORM, RIFF_FORM_AT)
      ? WEBP
      : null,
  async analyze(src, _format, ctx) {
    const analysis = await analyzeWebp(src, ctx.signal);
    return {
      findings: [...analysis.findings],
      plan: () => rebuildWebp(src, analysis),
    };
  },
};
