import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cleanOutcome,
  mutation,
  sniffedCorpusFiles,
} from '../../helpers/fuzz-engine';
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

/** Per input: enough runs to hit every mutation kind a few times, few enough for seconds. */
const RUNS_PER_FILE = Number(process.env.FUZZ_RUNS ?? 12);
/** Fixed so CI is repeatable; set FUZZ_SEED to explore other mutations locally. */
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
/** One mutated file must end well within this. */
const RUN_TIME_LIMIT_MS = 3000;

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
      fc.asyncProperty(mutation(original), async (mutated) => {
        const started = performance.now();
        const outcome = await cleanOutcome(mutated);
        expect(performance.now() - started).toBeLessThan(RUN_TIME_LIMIT_MS);
        expect(['clean', 'error']).toContain(outcome.kind);
      }),
      { numRuns: RUNS_PER_FILE, seed: SEED },
    );
  });
});
