import { describe, expect, it } from 'vitest';
import { buildPdf } from '../../helpers/pdf-fixtures';
import { leakedCanaries, pdfLayers } from '../../helpers/pdf-layers';
import {
  MUTANT_CANARIES,
  judge,
  mutant,
  seedBodies,
} from '../../helpers/pdf-mutants';

/** Mutants per run: a fixed sample; `scripts/pdf-mutants.ts` runs thousands on demand. */
const COUNT = 120;
const SEED = 1;

describe('pdf: mutants of a canary seed', () => {
  it('plants every canary in the unmutated seed', () => {
    const seed = buildPdf(seedBodies(), '/Root 1 0 R /Info 20 0 R');
    expect(leakedCanaries(pdfLayers(seed, false), MUTANT_CANARIES)).toEqual(
      MUTANT_CANARIES,
    );
  });

  it('never calls a file clean while a canary is left in any layer, and never crashes', async () => {
    const bad: string[] = [];
    let cleans = 0;
    for (let i = 0; i < COUNT; i++) {
      const m = mutant(SEED, i);
      const outcome = await judge(m.bytes);
      if (outcome.kind === 'crash')
        bad.push(`#${i} ${outcome.error} (${m.how})`);
      if (outcome.kind === 'clean') {
        cleans++;
        if (outcome.leaked.length)
          bad.push(`#${i} leaked ${outcome.leaked.join(', ')} (${m.how})`);
      }
    }
    expect(bad).toEqual([]);
    // Most mutants must still be read, or the sample proves little.
    expect(cleans).toBeGreaterThan(COUNT / 2);
  });
});
