/**
 * The legacy Office (.doc, .xls, .ppt) leak campaign on demand:
 * `npx tsx scripts/legacy-mutants.ts [count] [seed]`. Takes the canary seeds
 * (tests/helpers/legacy-seeds.ts: metadata, GPS photos, a linked OLE object), cleans `count`
 * mutants of them (tests/helpers/legacy-mutants.ts, half the edits aimed at the picture walks'
 * numbers by tests/helpers/legacy-targets.ts) and prints the figures seed by seed: outcomes by
 * kind and code, false cleans (a canary in any stream or byte of a clean output, or the photos'
 * photos' GPS position where the leak oracle reads it) and crashes with the edits that made
 * them, and the slowest mutant.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  gpsLeftovers,
  leftovers,
  legacyMutant,
  legacyOutcome,
} from '../tests/helpers/legacy-mutants';
import { legacySeeds } from '../tests/helpers/legacy-seeds';
import { legacyTargets, type Target } from '../tests/helpers/legacy-targets';

/** Outputs judged by one olefile process. */
const BATCH = 200;
/** Mutants between two progress counts on stderr. */
const PROGRESS_EVERY = 50;

const [countArg, seedArg] = process.argv.slice(2);
const count = Number(countArg ?? 1000);
const seed = Number(seedArg ?? 1);
const dir = mkdtempSync(join(tmpdir(), 'metaclean-legacy-mutants-'));
try {
  const seeds = legacySeeds(dir);
  const planted = leftovers(dir, seeds);
  for (const [kind] of seeds)
    if (!planted.has(kind)) throw new Error(`the ${kind} seed holds no canary`);
  const targets = new Map<string, readonly Target[]>(
    await Promise.all(
      seeds.map(async ([kind, b]) => [kind, await legacyTargets(b)] as const),
    ),
  );
  // The photo seeds show their GPS position to the leak oracle before any mutant is judged.
  const shown = gpsLeftovers(seeds);
  for (const [kind] of seeds)
    if (kind !== 'doc' && kind !== 'xls' && kind !== 'ppt' && !shown.has(kind))
      throw new Error(`the ${kind} seed shows no GPS position`);

  /** Outcomes by seed, then by kind and code. */
  const tally = new Map<string, Map<string, number>>();
  const count1 = (kind: string, key: string, by = 1) => {
    const t = tally.get(kind) ?? new Map<string, number>();
    t.set(key, (t.get(key) ?? 0) + by);
    tally.set(kind, t);
  };
  const bad: string[] = [];
  let slowest = { ms: 0, index: -1 };
  const started = Date.now();
  let pending: [string, Uint8Array][] = [];
  const hows = new Map<string, [string, string]>();
  const falseClean = (name: string, where: string) => {
    const [kind, how] = hows.get(name)!;
    bad.push(`${name} leaked in ${where} (${kind}: ${how})`);
    count1(kind, 'clean', -1);
    count1(kind, 'FALSE CLEAN');
  };
  const judgePending = () => {
    const leaked = leftovers(dir, pending);
    for (const [name, where] of leaked) falseClean(name, where.join(', '));
    const rest = pending.filter(([name]) => !leaked.has(name));
    for (const [name, where] of gpsLeftovers(rest))
      falseClean(name, `GPS: ${where.join(', ')}`);
    pending = [];
  };
  for (let i = 0; i < count; i++) {
    if (i % PROGRESS_EVERY === 0) process.stderr.write(`${i}\r`);
    const m = legacyMutant(seeds, seed, i, targets);
    const t = Date.now();
    const outcome = await legacyOutcome(m.bytes);
    const ms = Date.now() - t;
    if (ms > slowest.ms) slowest = { ms, index: i };
    count1(m.seed, 'mutants');
    count1(
      m.seed,
      outcome.kind === 'error' ? `error ${outcome.code}` : outcome.kind,
    );
    if (outcome.kind === 'crash')
      bad.push(`#${i} crash: ${outcome.error} (${m.seed}: ${m.how})`);
    if (outcome.kind === 'clean') {
      const name = `${seed}-${i}.${m.seed}`;
      hows.set(name, [m.seed, m.how]);
      pending.push([name, outcome.output]);
      if (pending.length >= BATCH) judgePending();
    }
  }
  judgePending();
  console.log(
    `${count} legacy Office mutants, seed ${seed}, ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  for (const [kind, t] of tally) {
    console.log(`  ${kind} (${targets.get(kind)?.length ?? 0} aimed targets)`);
    for (const [k, n] of [...t].sort()) console.log(`    ${k}: ${n}`);
  }
  console.log(`  slowest: #${slowest.index} ${slowest.ms} ms`);
  for (const line of bad) console.log(line);
  process.exitCode = bad.length ? 1 : 0;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
