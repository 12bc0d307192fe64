import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import fc from 'fast-check';
import { unzipSync, zipSync, type Zippable } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  anyMutation,
  cleanOutcome,
  mutationOf,
  sniffedCorpusFiles,
} from '../../helpers/fuzz-engine';
import {
  FUZZ_CANARY,
  canaryFixtures,
  holdsCanary,
} from '../../helpers/canary-fixtures';
import {
  applicationExtension,
  insertBeforeTrailer,
} from '../../helpers/gif-blocks';
import { ILLUSTRATOR_SVG, INKSCAPE_SVG } from '../../helpers/fuzz-svg-fixtures';
import {
  insertAfterIhdr,
  pngChunk,
  tEXt,
  zTXt,
} from '../../helpers/png-chunks';
import { CORPUS_DIR, itCorpus } from '../../helpers/corpus';
import {
  DOC_CANARY,
  documentCanaryFixtures,
} from '../../helpers/document-canary-fixtures';
import { expectNoLeaks, locateCanaries } from '../../helpers/leak-oracle';

/** Per input: enough runs to hit every mutation kind a few times, few enough for seconds. */
const RUNS_PER_FILE = Number(process.env.FUZZ_RUNS ?? 12);
/** Fixed so CI is repeatable; set FUZZ_SEED to explore other mutations locally. */
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);

/** Our own fixtures, built in memory, on top of the corpus. */
function ownFixtures(): [string, Uint8Array][] {
  const png = new Uint8Array(
    execFileSync('convert', ['-size', '16x8', 'gradient:red-blue', 'png:-']),
  );
  const gif = new Uint8Array(
    execFileSync('convert', ['-size', '16x8', 'gradient:red-blue', 'gif:-']),
  );
  return [
    [
      'planted.png',
      insertAfterIhdr(png, [
        tEXt('Author', 'x'),
        zTXt('Comment', 'y'),
        pngChunk('prVt', 'z'),
      ]),
    ],
    [
      'planted.gif',
      insertBeforeTrailer(gif, [
        applicationExtension('XMP DataXMP', '<x:xmpmeta/>'),
      ]),
    ],
    ['inkscape.svg', new Uint8Array(Buffer.from(INKSCAPE_SVG))],
    ['illustrator.svg', new Uint8Array(Buffer.from(ILLUSTRATOR_SVG))],
  ];
}

const inputs: [string, Uint8Array][] = [
  ...(CORPUS_DIR ? sniffedCorpusFiles(CORPUS_DIR) : []).map(
    (path): [string, Uint8Array] => [
      basename(path),
      new Uint8Array(readFileSync(path)),
    ],
  ),
  ...ownFixtures(),
];

describe('hostile input: mutated files end in a typed error or a clean output', () => {
  itCorpus('covers the registered formats found in the corpus', () => {
    expect(inputs.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        'dirty.png',
        'dirty.gif',
        'dirty.svg',
        'dirty.bmp',
      ]),
    );
  });

  it.each(inputs)('%s', async (_, original) => {
    await fc.assert(
      fc.asyncProperty(anyMutation(original), async (mutated) => {
        const outcome = await cleanOutcome(mutated);
        expect(['clean', 'error']).toContain(outcome.kind);
      }),
      { numRuns: RUNS_PER_FILE, seed: SEED },
    );
  });
});

const planted = canaryFixtures();
/** Two properties per planted fixture share the per-input budget. */
const CANARY_RUNS = Math.ceil(RUNS_PER_FILE / 2);
const scratch = mkdtempSync(join(tmpdir(), 'hostile-'));

/** What exiftool reads from `bytes`, every group and embedded stream included. */
function exiftoolReads(bytes: Uint8Array): string {
  const path = join(scratch, 'output');
  writeFileSync(path, bytes);
  return execFileSync('exiftool', ['-j', '-a', '-u', '-ee', '-b', path], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
}

/** Mutations that change bytes where they are: the canary can only survive where it was planted. */
const IN_PLACE = ['truncate', 'flips', 'lie', 'byteRun'] as const;
/**
 * Mutations that move bytes: a copy of a tag can land inside image or sample data, where no
 * parser can tell it from pixels or audio. There, no reader may show it.
 */
const MOVING = ['duplicate', 'reorder', 'repeat'] as const;

async function checkMutant(mutated: Uint8Array, strict: boolean) {
  const outcome = await cleanOutcome(mutated);
  if (outcome.kind !== 'clean' || !holdsCanary(outcome.output)) return;
  if (strict) expect.fail('a planted canary is left in the clean output');
  expect(exiftoolReads(outcome.output)).not.toContain(FUZZ_CANARY);
}

describe('hostile input: no planted canary survives in a clean output', () => {
  it.each(planted)('%s is cleaned of its canary', async (_, original) => {
    const outcome = await cleanOutcome(original);
    expect(outcome.kind).toBe('clean');
    if (outcome.kind === 'clean')
      expect(holdsCanary(outcome.output)).toBe(false);
  });

  it.each(planted)(
    '%s mutated in place: nowhere in the output',
    async (_, original) => {
      const mutants = fc.oneof(...IN_PLACE.map((f) => mutationOf(f, original)));
      await fc.assert(
        fc.asyncProperty(mutants, (m) => checkMutant(m, true)),
        { numRuns: CANARY_RUNS, seed: SEED },
      );
    },
  );

  it.each(planted)(
    '%s with moved bytes: no reader shows it',
    async (_, original) => {
      const mutants = fc.oneof(...MOVING.map((f) => mutationOf(f, original)));
      await fc.assert(
        fc.asyncProperty(mutants, (m) => checkMutant(m, false)),
        { numRuns: CANARY_RUNS, seed: SEED },
      );
    },
  );
});

const documents = documentCanaryFixtures(scratch);

/** Where the leak oracle finds the canary in a mutant's clean output, if it cleaned. */
async function documentLeftovers(mutated: Uint8Array): Promise<string[]> {
  const outcome = await cleanOutcome(mutated);
  if (outcome.kind !== 'clean') return [];
  return locateCanaries(outcome.output, [DOC_CANARY])[DOC_CANARY]!;
}

/**
 * A package with one member's bytes mutated and the package written again, so its checksums hold
 * and the engine itself must read the hostile XML; undefined for a file that is not a zip.
 */
function memberMutation(
  original: Uint8Array,
): fc.Arbitrary<Uint8Array> | undefined {
  let members: Record<string, Uint8Array>;
  try {
    members = unzipSync(original);
  } catch {
    return undefined;
  }
  const names = Object.keys(members).filter(
    (n) => n !== 'mimetype' && members[n]!.length > 0,
  );
  const repack = (name: string, bytes: Uint8Array) =>
    zipSync({
      ...members,
      // The mimetype member stays first and stored (ODF 1.3 part 2, 3.3; EPUB OCF 4.2.2).
      ...(members.mimetype
        ? { mimetype: [members.mimetype, { level: 0 }] }
        : {}),
      [name]: bytes,
    } as Zippable);
  return fc
    .constantFrom(...names)
    .chain((name) =>
      fc
        .oneof(
          ...[...IN_PLACE, ...MOVING].map((f) => mutationOf(f, members[name]!)),
        )
        .map((bytes) => repack(name, bytes)),
    );
}

/**
 * Documents hold their metadata in deflated members and streams, where no byte search reaches: the
 * leak oracle judges them, every member inflated and every PDF object decoded, referenced or not.
 */
describe('hostile input: no planted canary survives in a clean document', () => {
  it.each(documents)(
    '%s is cleaned of every canary, by the leak oracle',
    async (_, original) => {
      const outcome = await cleanOutcome(original);
      expect(outcome.kind).toBe('clean');
      if (outcome.kind === 'clean')
        expectNoLeaks(original, outcome.output, [DOC_CANARY]);
    },
  );

  it.each(documents)(
    '%s mutated in place or with moved bytes: nowhere in the output',
    async (_, original) => {
      const raw = fc.oneof(
        ...[...IN_PLACE, ...MOVING].map((f) => mutationOf(f, original)),
      );
      const inMembers = memberMutation(original);
      const mutants = inMembers ? fc.oneof(raw, inMembers) : raw;
      await fc.assert(
        fc.asyncProperty(mutants, async (m) => {
          expect(await documentLeftovers(m)).toEqual([]);
        }),
        { numRuns: CANARY_RUNS, seed: SEED },
      );
    },
  );
});
