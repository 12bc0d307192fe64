/**
 * Behaviour unchanged, checked: runs two builds of the CLI (`BEFORE`, a copy of an older
 * `dist-cli/` beside its `cli/bin.cjs`, or `cli/bin.mjs` before the bin was CommonJS, and this
 * checkout's) with `--json --out-dir` on every document of the corpus (`METACLEAN_CORPUS`), the
 * planted zip seeds and `MUTANTS` of their mutants (`SEED`), the large photos whose image data a
 * checked copy claims or not (`lib/claim-shapes.ts`), and compares the cleaned files byte
 * for byte and the JSON reports (paths aside). Prints each difference; exits 1 when there is one.
 *
 *   BEFORE=/tmp/before/cli/bin.mjs MUTANTS=300 SEED=21 npx tsx scripts/compare-cli.ts
 *
 * `ALL_CORPUS=1` takes every file of the corpus (photos, video, audio too), `EXTRA=a.mp4,b.heic`
 * adds files (the bench's generated media), and `IN_PLACE=1` also cleans a copy of each input with
 * `--in-place` by each build and compares those files and reports.
 */
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
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
const ALL_CORPUS = process.env.ALL_CORPUS === '1';
const EXTRA = (process.env.EXTRA ?? '').split(',').filter(Boolean);
const IN_PLACE = process.env.IN_PLACE === '1';
if (CORPUS && existsSync(CORPUS))
  for (const path of walk(CORPUS))
    if (
      (ALL_CORPUS && !path.endsWith('README.md')) ||
      DOCUMENTS.has(extname(path).toLowerCase())
    )
      add(path.slice(path.lastIndexOf('/') + 1), readFileSync(path));
for (const path of EXTRA)
  copyFileSync(
    path,
    join(
      inputs,
      `${String(n++).padStart(4, '0')}-${path.slice(path.lastIndexOf('/') + 1)}`,
    ),
  );
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

function run(bin: string, label: string, inPlace = false): Run {
  const out = join(dir, label);
  mkdirSync(out);
  // In place: each input is copied under its cleaned name into `out`, then cleaned there.
  if (inPlace)
    for (const f of files)
      copyFileSync(join(inputs, f), join(out, `cleaned_${f}`));
  const targets = inPlace
    ? ['--in-place', ...files.map((f) => join(out, `cleaned_${f}`))]
    : ['--out-dir', out, ...files.map((f) => join(inputs, f))];
  let stdout: string;
  try {
    stdout = execFileSync('nice', ['node', bin, '--json', ...targets], {
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    });
  } catch (error) {
    stdout = (error as { stdout: string }).stdout;
  }
  // One JSON object a line, each naming its input file.
  const reports = new Map<string, string>();
  for (const line of stdout.split('\n').filter(Boolean)) {
    const report = JSON.parse(line) as { file?: string };
    const name = report.file?.slice(report.file.lastIndexOf('/') + 1);
    const input = inPlace ? name?.replace(/^cleaned_/, '') : name;
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

const pairs = [[run(BEFORE, 'before'), run(AFTER, 'after')]];
if (IN_PLACE)
  pairs.push([
    run(BEFORE, 'before-in-place', true),
    run(AFTER, 'after-in-place', true),
  ]);
let differences = 0;
for (const [before, after] of pairs)
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
const written = readdirSync(pairs[0]![1]!.out).length;
console.log(
  `${files.length} inputs (${written} cleaned), ${differences} differences; files in ${dir}`,
);
process.exit(differences ? 1 : 0);
