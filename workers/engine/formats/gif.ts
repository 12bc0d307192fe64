import { startsWith } from '../bytes';
import { catalogFormats, sniffedAs } from '../format-catalog';
import type { FormatModule } from '../format-module';
import { OutputBuilder, type OutputPlan } from '../output-plan';
import { GIF87A, GIF89A } from './gif/blocks';
import { analyzeGif, type GifAnalysis } from './gif/analyze';

const GIF = sniffedAs('gif');
const TRAILER = Uint8Array.of(0x3b);

function plan(analysis: GifAnalysis): OutputPlan {
  const out = new OutputBuilder().copy(0, analysis.screenEnd);
  for (const { block, keep } of analysis.decisions)
    if (keep) out.copy(block.start, block.end);
  return out.push(TRAILER).build();
}

/**
 * GIF: comment extensions and application extensions other than the loop count and the ICC
 * profile (XMP lives in one) are dropped; images, graphic controls and plain text stay as they
 * are, so every frame and its timing are identical.
 */
export const gif: FormatModule = {
  formats: catalogFormats('gif'),
  sniff: (head) =>
    startsWith(head, GIF89A) || startsWith(head, GIF87A) ? GIF : null,
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
