import type { FormatModule } from '../format-module';
import { patchPlan } from '../shared/in-place';
import { analyzeMatroska } from './matroska/analyze';
import { matroskaPatches } from './matroska/plan';
import { matroskaSniffer } from './matroska/sniff';

/**
 * WebM and Matroska: Tags, identifying Info fields, track names, attachments and subtitle tracks
 * that log a flight (their TrackEntry and blocks) are overwritten with Void elements of the same
 * size, and an ASS/SSA track header's metadata values with spaces, so Cues and SeekHead offsets
 * stay valid and the output has the input's length.
 */
export const matroska: FormatModule = {
  ...matroskaSniffer,
  async analyze(src, _format, ctx) {
    const analysis = await analyzeMatroska(src, ctx.signal);
    return {
      findings: [
        ...analysis.targets.flatMap((t) => t.findings),
        ...analysis.kept,
      ],
      plan: async () =>
        patchPlan(src.size, await matroskaPatches(src, analysis)),
      opaque: analysis.clusters,
    };
  },
};
