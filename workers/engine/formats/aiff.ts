import type { FormatModule } from '../format-module';
import { aiffRules } from './aiff/rules';
import { aiffSniffer } from './aiff/sniff';
import { formPlan, scanForm } from '../shared/riff/form';

/** The chunk of audio samples (AIFF `SSND`). */
const SAMPLES = 'SSND';

/**
 * AIFF and AIFF-C (IFF FORM, big-endian): text, comment, ID3 and application chunks are dropped
 * and the FORM size rewritten; `COMM`, `SSND` and the other kept chunks are slices of the input.
 * `MARK` and `INST` stay (sampler loop points), marker names with them.
 */
export const aiff: FormatModule = {
  ...aiffSniffer,
  async analyze(src, _format, ctx) {
    const scan = await scanForm(src, aiffRules, ctx.signal);
    return {
      findings: scan.findings,
      plan: () => formPlan(scan, aiffRules),
      opaque: scan.kept
        .filter((c) => c.id === SAMPLES)
        .map((c) => ({ start: c.dataOffset, end: c.dataOffset + c.size })),
    };
  },
};
