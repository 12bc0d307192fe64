import { startsWith } from '../bytes';
import type { FormatModule, Sniffed } from '../format-module';
import { OutputBuilder } from '../output-plan';
import type { ByteSource } from '../byte-source';
import { analyzePng, type PngAnalysis } from './png/analyze';
import { PNG_SIGNATURE } from './png/chunks';

/** cleanPlan inspects then cleans the same source: the chunk walk is done once for both. */
const analyses = new WeakMap<ByteSource, Promise<PngAnalysis>>();

function analysisOf(src: ByteSource, signal?: AbortSignal) {
  let analysis = analyses.get(src);
  if (!analysis) {
    analysis = analyzePng(src, signal);
    analyses.set(src, analysis);
  }
  return analysis;
}

const PNG: Sniffed = { id: 'png', mime: 'image/png', extension: 'png' };

/**
 * PNG and APNG: text, time, EXIF and private chunks are dropped; the image, colour, transparency
 * and animation chunks are copied as they are, so pixels and frames are identical.
 */
export const png: FormatModule = {
  formats: [{ id: 'png', mime: 'image/png', extensions: ['png', 'apng'] }],
  sniff: (head) => (startsWith(head, PNG_SIGNATURE) ? PNG : null),
  async inspect(src, _format, ctx) {
    const analysis = await analysisOf(src, ctx.signal);
    return [
      ...analysis.decisions.flatMap((d) => d.findings),
      ...analysis.trailing,
    ];
  },
  async clean(src, _format, ctx) {
    const analysis = await analysisOf(src, ctx.signal);
    const out = new OutputBuilder().copy(0, PNG_SIGNATURE.length);
    for (const { chunk, action } of analysis.decisions) {
      if (action.kind === 'keep') out.copy(chunk.offset, chunk.end);
      if (action.kind === 'replace') out.push(action.bytes);
    }
    return out.build();
  },
};
