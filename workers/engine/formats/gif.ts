import type { FormatModule } from '../format-module';
import { OutputBuilder, type OutputPlan } from '../output-plan';
import { analyzeGif, type GifAnalysis } from './gif/analyze';
import { gifSniffer } from './gif/sniff';

const TRAILER = Uint8Array.of(0x3b);

function plan(analysis: GifAnalysis): OutputPlan {
  const out = new OutputBuilder().copy(0, analysis.screenEnd);
  for (const { block, keep, bytes } of analysis.decisions)
    if (keep && bytes) out.push(bytes);
    else if (keep) out.copy(block.start, block.end);
  return out.push(TRAILER).build();
}

/**
 * GIF: comment extensions and application extensions other than the loop count and the ICC
 * profile (XMP lives in one) are dropped, and the ICC profile's words are zeroed (gif/icc.ts);
 * images, graphic controls and plain text stay as they are, so every frame and its timing are
 * identical.
 */
export const gif: FormatModule = {
  ...gifSniffer,
  async analyze(src, _format, ctx) {
    const analysis = await analyzeGif(src, ctx);
    return {
      findings: [
        ...analysis.decisions.flatMap((d) => d.findings),
        ...analysis.trailing,
      ],
      plan: () => plan(analysis),
      opaque: analysis.decisions
        .filter((d) => d.block.kind === 'image')
        .map(({ block }) => ({ start: block.start, end: block.end })),
    };
  },
};
