/**
 * A bounded mutation test of the zip documents (issue 18), with a fixed seed: structural mutants
 * of planted Office, OpenDocument and EPUB seeds (tests/helpers/zip-mutants.ts). Each is either
 * refused with a typed error or cleaned with no canary in any layer. `scripts/zip-mutation-campaign.ts`
 * runs the same on thousands, on demand.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { EngineError } from '../../../workers/engine/errors';
import { tempDir } from '../../helpers/image-tools';
import { gpsJpeg } from '../../helpers/office-fixtures';
import {
  canaryLayers,
  mutate,
  random,
  zipSeeds,
} from '../../helpers/zip-mutants';
import { cleaned } from '../../helpers/zip-tools';

const SEED = 18;
const PER_SEED = 8;
/** exiftool on a loaded machine can take more than the default hook time. */
const FIXTURE_TIMEOUT = 60_000;

describe('zip document mutants (fixed seed)', () => {
  let seeds: [string, Uint8Array][];
  beforeAll(() => {
    seeds = zipSeeds(gpsJpeg(tempDir('zip-mutation')));
  }, FIXTURE_TIMEOUT);

  it('are refused with a typed error or cleaned with no canary left', async () => {
    const rng = random(SEED);
    const falseCleans: string[] = [];
    for (const [kind, seed] of seeds) {
      expect(canaryLayers(seed).length).toBeGreaterThan(0);
      for (let i = 0; i < PER_SEED; i++) {
        const mutant = await mutate(seed, rng);
        try {
          const { output } = await cleaned(mutant.bytes);
          const left = canaryLayers(output);
          if (left.length)
            falseCleans.push(
              `${kind}: ${mutant.ops.join('; ')} -> ${left.join(', ')}`,
            );
        } catch (error) {
          expect(error).toBeInstanceOf(EngineError);
        }
      }
    }
    expect(falseCleans).toEqual([]);
  }, 120_000);
});
