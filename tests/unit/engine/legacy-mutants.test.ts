import { beforeAll, describe, expect, it } from 'vitest';
import { hasTool } from '../../helpers/zip-tools';
import { CANARY_GPS } from '../../helpers/image-exif-builder';
import { leakReport } from '../../helpers/leak-oracle';
import { CANARY } from '../../helpers/office-fixtures';
import { tempDir } from '../../helpers/image-tools';
import {
  gpsLeftovers,
  leftovers,
  legacyMutant,
  legacyOutcome,
} from '../../helpers/legacy-mutants';
import { LEGACY_SEED_NAMES, legacySeeds } from '../../helpers/legacy-seeds';
import { legacyTargets, type Target } from '../../helpers/legacy-targets';

/** Mutants per run: a fixed sample; `scripts/legacy-mutants.ts` runs thousands on demand. */
const COUNT = 280;
const SEED = 1;
/** LibreOffice makes six seeds when they are not kept; on a loaded machine that takes a while. */
const SOFFICE_MS = 900_000;

let dir = '';
let seeds: (readonly [string, Uint8Array])[] = [];
let targets = new Map<string, readonly Target[]>();
/** [MS-ODRAW] 2.2.1 record types of an EMF, a PNG and a DIB blip. */
const EMF_BLIP = 0xf01a;
const PNG_BLIP = 0xf01e;
const DIB_BLIP = 0xf01f;
/** The seeds' PNG carries this in a text chunk (tests/helpers/legacy-seeds.ts). */
const PNG_COMMENT = `${CANARY}-PngComment`;
/** The seeds with photos, whose GPS position the leak oracle reads. */
const PHOTO_SEEDS = [
  'doc-photos',
  'ppt-link',
  'ppt-metafiles',
  'ppt-photos',
  'xls-photos',
];

describe.skipIf(!hasTool('soffice'))(
  'legacy Office: mutants of canary seeds',
  () => {
    beforeAll(async () => {
      dir = tempDir('metaclean-legacy-mutants');
      seeds = legacySeeds(dir);
      targets = new Map(
        await Promise.all(
          seeds.map(
            async ([kind, b]) => [kind, await legacyTargets(b)] as const,
          ),
        ),
      );
    }, SOFFICE_MS);

    it('plants the canary in every seed, where olefile reads it, and the GPS position in the photos', () => {
      expect([...leftovers(dir, seeds).keys()].sort()).toEqual(
        [...LEGACY_SEED_NAMES].sort(),
      );
      expect([...gpsLeftovers(seeds).keys()].sort()).toEqual(PHOTO_SEEDS);
      // Each photo seed gives the picture walks numbers to aim at.
      for (const kind of PHOTO_SEEDS)
        expect(targets.get(kind)!.length, kind).toBeGreaterThan(0);
    });

    // Found by the campaign (seed 1, mutant 353): a floating PNG's record, in the delay stream,
    // retyped to a metafile was kept as content with its eXIf GPS and text comment.
    for (const [what, type] of [
      ['a metafile', EMF_BLIP],
      ['a bitmap', DIB_BLIP],
    ] as const)
      it(`refuses the .doc seed's floating PNG when its record says it is ${what}`, async () => {
        const [, input] = seeds.find(([kind]) => kind === 'doc-photos')!;
        const target = targets
          .get('doc-photos')!
          .find(
            (t) =>
              t.kind === 'WordDocument record: type' &&
              input[t.at[0]!] === (PNG_BLIP & 0xff) &&
              input[t.at[1]!] === PNG_BLIP >> 8,
          )!;
        const broken = input.slice();
        broken[target.at[0]!] = type & 0xff;
        expect(
          leakReport(input, input, [PNG_COMMENT, CANARY_GPS]).unseenInInput,
        ).toEqual([]);
        const outcome = await legacyOutcome(broken);
        expect(outcome).toMatchObject({ kind: 'error', code: 'unclean' });
      });

    it(
      'never calls a file clean while a canary is left in a stream or a byte, and never crashes',
      async () => {
        const bad: string[] = [];
        const outputs: [string, Uint8Array][] = [];
        const hows = new Map<string, string>();
        for (let i = 0; i < COUNT; i++) {
          const m = legacyMutant(seeds, SEED, i, targets);
          const outcome = await legacyOutcome(m.bytes);
          if (outcome.kind === 'crash')
            bad.push(`#${i} ${outcome.error} (${m.how})`);
          if (outcome.kind === 'clean') {
            outputs.push([`${i}.${m.seed}`, outcome.output]);
            hows.set(`${i}.${m.seed}`, m.how);
          }
        }
        const leaked = leftovers(dir, outputs);
        for (const [name, where] of leaked)
          bad.push(`${name} leaked in ${where.join(', ')} (${hows.get(name)})`);
        const rest = outputs.filter(([name]) => !leaked.has(name));
        for (const [name, where] of gpsLeftovers(rest))
          bad.push(`${name} GPS in ${where.join(', ')} (${hows.get(name)})`);
        expect(bad).toEqual([]);
        // Most mutants must still be read, or the sample proves little.
        expect(outputs.length).toBeGreaterThan(COUNT / 2);
      },
      SOFFICE_MS,
    );
  },
);
