import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasTool } from '../../helpers/zip-tools';
import { tempDir } from '../../helpers/image-tools';
import { legacyOfficeFile } from '../../helpers/legacy-office-fixtures';
import {
  leftovers,
  legacyMutant,
  legacyOutcome,
} from '../../helpers/legacy-mutants';

/** Mutants per run: a fixed sample; `scripts/legacy-mutants.ts` runs thousands on demand. */
const COUNT = 90;
const SEED = 1;
/** LibreOffice makes the three seeds; on a loaded machine that takes a while. */
const SOFFICE_MS = 900_000;

let dir = '';
let seeds: (readonly [string, Uint8Array])[] = [];

describe.skipIf(!hasTool('soffice'))(
  'legacy Office: mutants of canary seeds',
  () => {
    beforeAll(() => {
      dir = tempDir('metaclean-legacy-mutants');
      seeds = (['doc', 'xls', 'ppt'] as const).map(
        (kind) => [kind, readFileSync(legacyOfficeFile(dir, kind))] as const,
      );
    }, SOFFICE_MS);

    it('plants the canary in every seed, where olefile reads it', () => {
      expect([...leftovers(dir, seeds).keys()].sort()).toEqual([
        'doc',
        'ppt',
        'xls',
      ]);
    });

    it(
      'never calls a file clean while a canary is left in a stream or a byte, and never crashes',
      async () => {
        const bad: string[] = [];
        const outputs: [string, Uint8Array][] = [];
        const hows = new Map<string, string>();
        for (let i = 0; i < COUNT; i++) {
          const m = legacyMutant(seeds, SEED, i);
          const outcome = await legacyOutcome(m.bytes);
          if (outcome.kind === 'crash')
            bad.push(`#${i} ${outcome.error} (${m.how})`);
          if (outcome.kind === 'clean') {
            outputs.push([`${i}.${m.seed}`, outcome.output]);
            hows.set(`${i}.${m.seed}`, m.how);
          }
        }
        for (const [name, where] of leftovers(dir, outputs))
          bad.push(`${name} leaked in ${where.join(', ')} (${hows.get(name)})`);
        expect(bad).toEqual([]);
        // Most mutants must still be read, or the sample proves little.
        expect(outputs.length).toBeGreaterThan(COUNT / 2);
      },
      SOFFICE_MS,
    );
  },
);
