import type { FormatModule } from '../format-module';
import { OutputBuilder, type OutputPlan } from '../output-plan';
import { analyzePng, type PngAnalysis } from './png/analyze';
import { PNG_SIGNATURE } from './png/chunks';
import { pngSniffer } from './png/sniff';

function plan(analysis: PngAnalysis): OutputPlan {
  const out = new OutputBuilder().copy(0, PNG_SIGNATURE.length);
  for (const { chunk, action } of analysis.decisions) {
    if (action.kind === 'keep') out.copy(chunk.offset, chunk.end);
    if (action.kind === 'replace') out.push(action.bytes);
  }
  return out.build();
}

/** Chunks whose data is compressed pixels: IDAT, and APNG's frame data fdAT. */
const IMAGE_DATA: ReadonlySet<string> = new Set(['IDAT', 'fdAT']);
/**
 * PNG and APNG: text, time, EXIF and private chunks are dropped; the image, colour, transparency
 * and animation chunks are copied as they are, so pixels and frames are identical.
 */
export const png: FormatModule = {
  ...pngSniffer,
  async analyze(src, _format, ctx) {
    const analysis = await analyzePng(src, ctx.signal);
    return {
      findings: [
        ...analysis.decisions.flatMap((d) => d.findings),
        ...analysis.trailing,
      ],
      plan: () => plan(analysis),
      opaque: analysis.decisions
        .filter((d) => IMAGE_DATA.has(d.chunk.type))
        .map(({ chunk }) => ({ start: chunk.dataOffset, end: chunk.end })),
    };
  },
};
