/**
 * The legacy Office (.doc, .xls, .ppt) leak campaign on demand:
 * `npx tsx scripts/legacy-mutants.ts [count] [seed]`. Makes the three canary seeds with
 * LibreOffice, cleans `count` mutants of them (tests/helpers/legacy-mutants.ts) and prints the
 * figures: outcomes by kind and code, false cleans (a canary in any stream or byte of a clean
 * output) and crashes with the edits that made them, and the slowest mutant.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { legacyOfficeFile } from '../tests/helpers/legacy-office-fixtures';
import {
  leftovers,
  legacyMutant,
  legacyOutcome,
} from '../tests/helpers/legacy-mutants';

/** Outputs judged by one olefile process. */
const BATCH = 200;

const [countArg, seedArg] = process.argv.slice(2);
const count = Number(countArg ?? 1000);
const seed = Number(seedArg ?? 1);
const dir = mkdtempSync(join(tmpdir(), 'metaclean-legacy-mutants-'));
try {
  const seeds = (['doc', 'xls', 'ppt'] as const).map(
    (kind) => [kind, readFileSync(legacyOfficeFile(dir, kind))] as const,
  );
  const planted = leftovers(dir, seeds);
  for (const [kind] of seeds)
    if (!planted.has(kind)) throw new Error(`the ${kind} seed holds no canary`);

  const tally = new Map<string, number>();
  const bad: string[] = [];
  let slowest = { ms: 0, index: -1 };
  const started = Date.now();
  let pending: [string, Uint8Array][] = [];
  const hows = new Map<string, string>();
  const judgePending = () => {
    for (const [name, where] of leftovers(dir, pending)) {
      bad.push(`${name} leaked in ${where.join(', ')} (${hows.get(name)})`);
      tally.set('clean', (tally.get('clean') ?? 0) - 1);
      tally.set('FALSE CLEAN', (tally.get('FALSE CLEAN') ?? 0) + 1);
    }
    pending = [];
  };
  for (let i = 0; i < count; i++) {
    const m = legacyMutant(seeds, seed, i);
    const t = Date.now();
    const outcome = await legacyOutcome(m.bytes);
    const ms = Date.now() - t;
    if (ms > slowest.ms) slowest = { ms, index: i };
    const key =
      outcome.kind === 'error' ? `error ${outcome.code}` : outcome.kind;
    tally.set(key, (tally.get(key) ?? 0) + 1);
    if (outcome.kind === 'crash')
      bad.push(`#${i} crash: ${outcome.error} (${m.seed}: ${m.how})`);
    if (outcome.kind === 'clean') {
      const name = `${seed}-${i}.${m.seed}`;
      hows.set(name, `${m.seed}: ${m.how}`);
      pending.push([name, outcome.output]);
      if (pending.length >= BATCH) judgePending();
    }
  }
  judgePending();
  console.log(
    `${count} legacy Office mutants, seed ${seed}, ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  for (const [k, n] of [...tally].sort()) console.log(`  ${k}: ${n}`);
  console.log(`  slowest: #${slowest.index} ${slowest.ms} ms`);
  for (const line of bad) console.log(line);
  process.exitCode = bad.length ? 1 : 0;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
