/**
 * The PDF leak campaign on demand: `npx tsx scripts/pdf-mutants.ts [count] [seed] [--qpdf]`.
 * Cleans `count` mutants of the canary seed (tests/helpers/pdf-mutants.ts) and prints the
 * figures: outcomes by kind and code, false cleans (a canary in any layer of a clean output)
 * and crashes with the mutations that made them, and the slowest mutant.
 * `npx tsx scripts/pdf-mutants.ts --save DIR SEED INDEX...` writes those mutants to DIR
 * (`SEED-INDEX.pdf`, and its output as `SEED-INDEX.clean.pdf`) and prints how each was made and how it came out, to replay a failure.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanOutcome } from '../tests/helpers/fuzz-engine';
import { judge, mutant } from '../tests/helpers/pdf-mutants';

const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
if (process.argv.includes('--save')) {
  const [dir, seedArg, ...indices] = args;
  mkdirSync(dir!, { recursive: true });
  for (const i of indices.map(Number)) {
    const m = mutant(Number(seedArg), i);
    writeFileSync(join(dir!, `${seedArg}-${i}.pdf`), m.bytes);
    const outcome = await cleanOutcome(m.bytes).catch(() => null);
    if (outcome?.kind === 'clean')
      writeFileSync(join(dir!, `${seedArg}-${i}.clean.pdf`), outcome.output);
    console.log(`#${i} ${m.how}: ${JSON.stringify(await judge(m.bytes))}`);
  }
  process.exit(0);
}
const count = Number(args[0] ?? 2000);
const seed = Number(args[1] ?? 1);
const withQpdf = process.argv.includes('--qpdf');

const tally = new Map<string, number>();
const bad: string[] = [];
let slowest = { ms: 0, index: -1 };
const started = Date.now();
for (let i = 0; i < count; i++) {
  const m = mutant(seed, i);
  const t = Date.now();
  const outcome = await judge(m.bytes, withQpdf);
  const ms = Date.now() - t;
  if (ms > slowest.ms) slowest = { ms, index: i };
  const key =
    outcome.kind === 'error'
      ? `error ${outcome.code}`
      : outcome.kind === 'crash'
        ? 'crash'
        : outcome.leaked.length
          ? 'FALSE CLEAN'
          : 'clean';
  tally.set(key, (tally.get(key) ?? 0) + 1);
  if (outcome.kind === 'crash')
    bad.push(`#${i} crash: ${outcome.error} (${m.how})`);
  if (outcome.kind === 'clean' && outcome.leaked.length)
    bad.push(`#${i} leaked ${outcome.leaked.join(', ')} (${m.how})`);
}
console.log(
  `${count} PDF mutants, seed ${seed}${withQpdf ? ', qpdf layer' : ''}, ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
for (const [k, n] of [...tally].sort()) console.log(`  ${k}: ${n}`);
console.log(`  slowest: #${slowest.index} ${slowest.ms} ms`);
for (const line of bad.slice(0, 50)) console.log(line);
process.exitCode = bad.length ? 1 : 0;
