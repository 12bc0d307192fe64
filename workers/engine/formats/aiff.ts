import { ascii, startsWith } from '../bytes';
import { catalogFormats, sniffedAs } from '../format-catalog';
import type { FormatModule } from '../format-module';
import { aiffRules } from './aiff/rules';
import { formPlan, scanForm } from '../shared/riff/form';

const FORM = ascii('FORM');
const FORM_TYPES = [ascii('AIFF'), ascii('AIFC')];
const FORM_TYPE_AT = 8;
/** The chunk of audio samples (AIFF `SSND`). */
const SAMPLES = 'SSND';
const AIFF = sniffedAs('aiff', 'aiff');

/**
 * AIFF and AIFF-C (IFF FORM, big-endian): text, comment, ID3 and application chunks are dropped
 * and the FORM size rewritten; `COMM`, `SSND` and the other kept chunks are slices of the input.
 * `MARK` and `INST` stay (sampler loop points), marker names with them.
 */
export const aiff: FormatModule = {
  formats: catalogFormats('aiff'),
  sniff: (head) =>
    startsWith(head, FORM) &&
    FORM_TYPES.some((t) => startsWith(head, t, FORM_TYPE_AT))
      ? AIFF
      : null,
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
