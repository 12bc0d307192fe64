/**
 * A long campaign of structural mutants of zip documents (issue 18), run by hand: COUNT mutants
 * of the planted Office, OpenDocument and EPUB seeds (tests/helpers/zip-mutants.ts), each cleaned
 * through the whole engine. Prints mutants, cleans, typed refusals by code, crashes (anything not
 * an EngineError) and false cleans (a clean output with a canary in any layer: raw UTF-8 or
 * UTF-16, any inflated member, or exiftool's dump of every EXIFTOOL_EVERY-th clean output), each
 * false clean with the mutations that made it.
 *
 *   COUNT=3000 SEED=1 npx tsx scripts/zip-mutation-campaign.ts
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EngineError } from '../workers/engine/errors';
import { gpsJpeg } from '../tests/helpers/office-fixtures';
import {
  MUTANT_CANARY,
  canaryLayers,
  mutate,
  random,
  zipSeeds,
} from '../tests/helpers/zip-mutants';
import { cleaned } from '../tests/helpers/zip-tools';

const COUNT = Number(process.env.COUNT ?? 3000);
const SEED = Number(process.env.SEED ?? 1);
const EXIFTOOL_EVERY = Number(process.env.EXIFTOOL_EVERY ?? 25);
const dir = mkdtempSync(join(tmpdir(), 'zip-mutation-'));
const seeds = zipSeeds(gpsJpeg(dir));
const rng = random(SEED);

function exiftoolSees(bytes: Uint8Array): boolean {
  const path = join(dir, 'out.bin');
  writeFileSync(path, bytes);
  const dump = execFileSync('exiftool', ['-a', '-u', '-G1', '-ee', path], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return dump.includes(MUTANT_CANARY);
}

const refused = new Map<string, number>();
const falseCleans: string[] = [];
const crashes: string[] = [];
let cleans = 0;
let exiftoolRuns = 0;
let slowest = 0;
const started = Date.now();
for (let i = 0; i < COUNT; i++) {
  const [kind, seed] = seeds[i % seeds.length]!;
  const mutant = await mutate(seed, rng);
  const t0 = Date.now();
  try {
    const { output } = await cleaned(mutant.bytes);
    cleans++;
    const left = canaryLayers(output);
    if (!left.length && cleans % EXIFTOOL_EVERY === 0) {
      exiftoolRuns++;
      if (exiftoolSees(output)) left.push('exiftool');
    }
    if (left.length) {
      falseCleans.push(
        `${kind} #${i}: ${mutant.ops.join('; ')} -> ${left.join(', ')}`,
      );
      console.error(`false clean: ${falseCleans.at(-1)}`);
    }
  } catch (error) {
    if (error instanceof EngineError)
      refused.set(error.code, (refused.get(error.code) ?? 0) + 1);
    else
      crashes.push(
        `${kind} #${i}: ${mutant.ops.join('; ')}: ${String(error).slice(0, 200)}`,
      );
  }
  slowest = Math.max(slowest, Date.now() - t0);
  if ((i + 1) % 250 === 0)
    console.error(
      `${i + 1}/${COUNT} mutants, ${falseCleans.length} false cleans`,
    );
}
console.log(
  JSON.stringify(
    {
      seed: SEED,
      mutants: COUNT,
      cleans,
      refused: Object.fromEntries(refused),
      crashes: crashes.length,
      falseCleans: falseCleans.length,
      exiftoolRuns,
      slowestMs: slowest,
      seconds: Math.round((Date.now() - started) / 1000),
    },
    null,
    2,
  ),
);
for (const line of [...falseCleans, ...crashes].slice(0, 50)) console.log(line);
