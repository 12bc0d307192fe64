/**
 * A mutation campaign over every format, run by hand (never in CI): each planted fixture and
 * each corpus file, mutated by every family, cleaned through the engine without its catch-all.
 * Prints mutants per family, typed errors, crashes (anything not an EngineError), canaries left in
 * a clean output (a false clean when exiftool reads it, residue when no reader does), the slowest
 * case and the peak memory.
 *
 *   METACLEAN_CORPUS=../shared/corpus PER=25 SEED=1 npx tsx scripts/hostile-campaign.ts
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import fc from 'fast-check';
import {
  FUZZ_CANARY,
  canaryFixtures,
  holdsCanary,
} from '../tests/helpers/canary-fixtures';
import {
  MUTATION_FAMILIES,
  cleanOutcome,
  mutationOf,
  sniffedCorpusFiles,
} from '../tests/helpers/fuzz-engine';

const PER = Number(process.env.PER ?? 25);
const SEED = Number(process.env.SEED ?? 1);
const corpusDir = process.env.METACLEAN_CORPUS;
const out = mkdtempSync(join(tmpdir(), 'hostile-campaign-'));

const inputs: [string, Uint8Array][] = [
  ...canaryFixtures(),
  ...(corpusDir ? sniffedCorpusFiles(corpusDir) : []).map(
    (path): [string, Uint8Array] => [
      basename(path),
      new Uint8Array(readFileSync(path)),
    ],
  ),
];

interface Tally {
  mutants: number;
  clean: number;
  typedError: number;
  crash: number;
  falseClean: number;
  residue: number;
}
const tally = new Map<string, Tally>();
const codes = new Map<string, number>();
const kept: string[] = [];
let slowest = { ms: 0, mutant: '' };
let peakRss = 0;
const started = performance.now();

function readerShows(output: Uint8Array, id: string): boolean {
  const path = join(out, id);
  writeFileSync(path, output);
  const read = execFileSync('exiftool', ['-j', '-a', '-u', '-ee', '-b', path], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return read.includes(FUZZ_CANARY);
}

for (const [name, original] of inputs) {
  const planted = holdsCanary(original);
  for (const family of MUTATION_FAMILIES) {
    const t = tally.get(family) ?? {
      mutants: 0,
      clean: 0,
      typedError: 0,
      crash: 0,
      falseClean: 0,
      residue: 0,
    };
    tally.set(family, t);
    const mutants = fc.sample(mutationOf(family, original), {
      numRuns: PER,
      seed: SEED,
    });
    for (const [i, mutant] of mutants.entries()) {
      const id = `${name}.${family}.${i}`;
      t.mutants++;
      const begun = performance.now();
      try {
        const outcome = await cleanOutcome(mutant);
        const ms = performance.now() - begun;
        if (ms > slowest.ms)
          slowest = {
            ms: Math.round(ms),
            mutant: `${id} (${mutant.length} B)`,
          };
        if (outcome.kind === 'error') {
          t.typedError++;
          codes.set(outcome.code, (codes.get(outcome.code) ?? 0) + 1);
        } else {
          t.clean++;
          if (planted && holdsCanary(outcome.output)) {
            writeFileSync(join(out, `${id}.input`), mutant);
            if (readerShows(outcome.output, id)) t.falseClean++;
            else t.residue++;
            kept.push(id);
          }
        }
      } catch (error) {
        t.crash++;
        writeFileSync(join(out, `${id}.crash`), mutant);
        kept.push(`${id}: ${String(error).slice(0, 200)}`);
      }
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }
  }
}

console.log(
  JSON.stringify(
    {
      inputs: inputs.length,
      seconds: Math.round((performance.now() - started) / 1000),
      perFamily: Object.fromEntries(tally),
      codes: Object.fromEntries(codes),
      slowest,
      peakRssMB: Math.round(peakRss / 1e6),
      canaryLeftOrCrashed: kept,
      mutantsWrittenTo: out,
    },
    null,
    1,
  ),
);
