import type { FormatModule } from '../format-module';
import { formPlan, scanForm } from '../shared/riff/form';
import { wavRules } from './wav/rules';
import { wavSniffer } from './wav/sniff';

/** The chunk of audio samples (RIFF WAVE `data`). */
const SAMPLES = 'data';

/**
 * WAV (RIFF WAVE): metadata chunks are dropped and the RIFF size rewritten; `fmt `, `data` and the
 * other kept chunks are slices of the input. Nothing in a WAV points at a byte offset, so moving
 * chunks is safe. RF64 (64-bit sizes in `ds64`) is not sniffed.
 */
export const wav: FormatModule = {
  ...wavSniffer,
  async analyze(src, _format, ctx) {
    const rules = wavRules(src);
    const scan = await scanForm(src, rules, ctx.signal);
    return {
      findings: scan.findings,
      plan: () => formPlan(scan, rules),
      opaque: scan.kept
        .filter((c) => c.id === SAMPLES)
        .map((c) => ({ start: c.dataOffset, end: c.dataOffset + c.size })),
    };
  },
};
