/**
 * Behaviour unchanged, checked: runs two builds of the CLI (`BEFORE`, a copy of an older
 * `dist-cli/` beside its `cli/bin.cjs`, or `cli/bin.mjs` before the bin was CommonJS, and this
 * checkout's) with `--json --out-dir` on every document of the corpus (`METACLEAN_CORPUS`), the
 * planted zip seeds and `MUTANTS` of their mutants (`SEED`), the large photos whose image data a
 * checked copy claims or not (`lib/claim-shapes.ts`), and compares the cleaned files byte
 * for byte and the JSON reports (paths aside). Prints each difference; exits 1 when there is one.
 *
 *   BEFORE=/tmp/before/cli/bin.mjs MUTANTS=300 SEED=21 npx tsx scripts/compare-cli.ts
 */
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { gpsJpeg } from '../tests/helpers/office-fixtures';
import { claimShapes } from './lib/claim-shapes';
import { mutate, random, zipSeeds } from '../tests/helpers/zip-mutants';

const BEFORE = process.env.BEFORE ?? '/tmp/onewalk-before/cli/bin.mjs';
const AFTER = join(process.cwd(), 'cli', 'bin.cjs');
const MUTANTS = Number(process.env.MUTANTS ?? 300);
const SEED = Number(process.env.SEED ?? 21);
const CORPUS = process.env.METACLEAN_CORPUS;
const DOCUMENTS = new Set(
  '.docx .docm .dotx .xlsx .xlsm .pptx .ppsx .odt .ods .odp .odg .odf .ott .epub .pdf .doc .xls .ppt .svg .jpg .jpeg'.split(
    ' ',
  ),
);

const dir = mkdtempSync(join(tmpdir(), 'compare-cli-'));
const inputs = join(dir, 'in');
mkdirSync(inputs);

function walk(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(folder, e.name)) : [join(folder, e.name)],
  );
}

let n = 0;
const add = (name: string, bytes: Uint8Array) =>
  writeFileSync(join(inputs, `${String(n++).padStart(4, '0')}-${name}`), bytes);
if (CORPUS && existsSync(CORPUS))
  for (const path of walk(CORPUS))
    if (DOCUMENTS.has(extname(path).toLowerCase()))
      add(path.slice(path.lastIndexOf('/') + 1), readFileSync(path));
for (const [name, bytes] of claimShapes(dir)) add(name, bytes);
const seeds = zipSeeds(gpsJpeg(dir));
for (const [kind, bytes] of seeds) add(`seed.${kind}`, bytes);
const rng = random(SEED);
for (let i = 0; i < MUTANTS; i++) {
  const [kind, seed] = seeds[i % seeds.length]!;
  add(`mutant-${i}.${kind}`, (await mutate(seed, rng)).bytes);
}
const files = readdirSync(inputs).sort();

interface Run {
  readonly out: string;
  readonly reports: Map<string, string>;
}

function run(bin: string, label: string): Run {
  const out = join(dir, label);
  mkdirSync(out);
  let stdout: string;
  try {
    stdout = execFileSync(
      'nice',
      [
        'node',
        bin,
        '--json',
        '--out-dir',
        out,
        ...files.map((f) => join(inputs, f)),
      ],
      { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
    );
  } catch (error) {
    stdout = (error as { stdout: string }).stdout;
  }
  // One JSON object a line, each naming its input file.
  const reports = new Map<string, string>();
  for (const line of stdout.split('\n').filter(Boolean)) {
    const report = JSON.parse(line) as { file?: string };
    const input = report.file?.slice(report.file.lastIndexOf('/') + 1);
    reports.set(
      input ?? `#${reports.size}`,
      line.replaceAll(out, '<out>').replaceAll(dir, '<dir>'),
    );
  }
  return { out, reports };
}

/** A book's identifier is minted fresh at random each clean: equal when only that differs. */
const MINTED = /urn:uuid:[0-9a-f-]{36}/g;

/** So is a PDF's file identifier (ISO 32000-1, 14.4): the trailer's `/ID` pair. */
const FILE_ID = /\/ID\s*\[\s*<[0-9a-fA-F]*>\s*<[0-9a-fA-F]*>\s*\]/g;

function sameOutput(a: Buffer, b: Buffer): boolean {
  if (a.equals(b)) return true;
  if (a.subarray(0, 5).toString('latin1') === '%PDF-')
    return (
      a.toString('latin1').replace(FILE_ID, '/ID') ===
      b.toString('latin1').replace(FILE_ID, '/ID')
    );
  let ma: Record<string, Uint8Array>;
  let mb: Record<string, Uint8Array>;
  try {
    ma = unzipSync(a);
    mb = unzipSync(b);
  } catch {
    return false;
  }
  const names = Object.keys(ma);
  if (names.join('\n') !== Object.keys(mb).join('\n')) return false;
  return names.every(
    (n) =>
      strFromU8(ma[n]!).replace(MINTED, 'urn:uuid:minted') ===
      strFromU8(mb[n]!).replace(MINTED, 'urn:uuid:minted'),
  );
}

const before = run(BEFORE, 'before');
const after = run(AFTER, 'after');
let differences = 0;
for (const f of files) {
  const a = before.reports.get(f);
  const b = after.reports.get(f);
  if (a !== b) {
    differences++;
    console.log(`report differs: ${f}\n  before: ${a}\n  after:  ${b}`);
  }
  const out = `cleaned_${f}`;
  const pa = join(before.out, out);
  const pb = join(after.out, out);
  const ea = existsSync(pa);
  const eb = existsSync(pb);
  if (ea !== eb || (ea && !sameOutput(readFileSync(pa), readFileSync(pb)))) {
    differences++;
    console.log(
      `output differs: ${f} (before ${ea ? 'written' : 'none'}, after ${eb ? 'written' : 'none'})`,
    );
  }
}
const written = readdirSync(after.out).length;
console.log(
  `${files.length} inputs (${written} cleaned), ${differences} differences; files in ${dir}`,
);
process.exit(differences ? 1 : 0);
