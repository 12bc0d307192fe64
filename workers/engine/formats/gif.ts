import { startsWith } from '../bytes';
import type { EngineContext, FormatModule, Sniffed } from '../format-module';
import { OutputBuilder } from '../output-plan';
import { GIF87A, GIF89A } from './gif/blocks';
import type { ByteSource } from '../byte-source';
import { analyzeGif, type GifAnalysis } from './gif/analyze';

/** cleanPlan inspects then cleans the same source: the block walk is done once for both. */
const analyses = new WeakMap<ByteSource, Promise<GifAnalysis>>();

function analysisOf(src: ByteSource, ctx: EngineContext) {
  let analysis = analyses.get(src);
  if (!analysis) {
    analysis = analyzeGif(src, ctx);
    analyses.set(src, analysis);
  }
  return analysis;
}

const GIF: Sniffed = { id: 'gif', mime: 'image/gif', extension: 'gif' };
const TRAILER = Uint8Array.of(0x3b);

/**
 * GIF: comment extensions and application extensions other than the loop count and the ICC
 * profile (XMP lives in one) are dropped; images, graphic controls and plain text stay as they
 * are, so every frame and its timing are identical.
 */
export const gif: FormatModule = {
  formats: [{ id: 'gif', mime: 'image/gif', extensions: ['gif'] }],
  sniff: (head) =>
    startsWith(head, GIF89A) || startsWith(head, GIF87A) ? GIF : null,
  async inspect(src, _format, ctx) {
    const analysis = await analysisOf(src, ctx);
    return [
      ...analysis.decisions.flatMap((d) => d.findings),
      ...analysis.trailing,
    ];
  },
  async clean(src, _format, ctx) {
    const analysis = await analysisOf(src, ctx);
    const out = new OutputBuilder().copy(0, analysis.screenEnd);
    for (const { block, keep } of analysis.decisions)
      if (keep) out.copy(block.start, block.end);
    return out.push(TRAILER).build();
  },
};
