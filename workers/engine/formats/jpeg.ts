import type { FormatModule } from '../format-module';
import { OutputBuilder, type OutputPlan } from '../output-plan';
import { analyzeJpeg, type JpegAnalysis } from './jpeg/analyze';
import { jpegSniffer } from './jpeg/sniff';

function plan({ layout, decisions }: JpegAnalysis): OutputPlan {
  const out = new OutputBuilder();
  let at = 0;
  for (const { segment, action } of decisions) {
    if (action.kind === 'keep') continue;
    out.copy(at, segment.offset);
    if (action.kind === 'replace') out.push(action.bytes);
    at = segment.end;
  }
  return out.copy(at, layout.imageEnd).build();
}

/**
 * JPEG: removes EXIF (keeping an Orientation-only EXIF when the photo is rotated), XMP and extended
 * XMP, APP13, comments, MakerNotes and thumbnails (inside EXIF), FPXR, MPF and every other APPn,
 * and whatever follows the end of the image. Keeps JFIF, the ICC profile chunks and Adobe APP14.
 * The entropy-coded data is copied as it is, so the pixels are identical.
 */
export const jpeg: FormatModule = {
  ...jpegSniffer,
  async analyze(src, _format, ctx) {
    const analysis = await analyzeJpeg(src, ctx);
    return {
      findings: [
        ...analysis.decisions.flatMap((d) => d.action.findings),
        ...analysis.trailer,
      ],
      plan: () => plan(analysis),
      opaque: analysis.layout.scans,
      // Segments the rules chose to keep (JFIF, ICC, Adobe, an Orientation-only EXIF).
      checked: analysis.decisions
        .filter((d) => d.action.kind === 'keep')
        .map(({ segment }) => ({ start: segment.offset, end: segment.end })),
    };
  },
};
