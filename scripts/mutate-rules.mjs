#!/usr/bin/env node
/**
 * Shows that a broken product makes the suite fail: for each family, one removal rule is disabled
 * in a copy of the source and that family's test file is run against the copy. A mutation the
 * tests do not notice ("SURVIVED") is a hole in the tests. Not part of `npm test` (it runs one test
 * file per mutation, minutes on a loaded machine).
 *
 *   node scripts/mutate-rules.mjs            every mutation
 *   node scripts/mutate-rules.mjs pdf epub   only these families
 */
import { execFileSync, spawnSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), '..');

/** One disabled rule per family: the file, the exact text replaced, and the test file that must fail. */
const MUTATIONS = [
  {
    family: 'pdf',
    file: 'workers/engine/formats/pdf/rules.ts',
    from: "const INFO_PEOPLE = ['Author', 'Creator', 'Producer'] as const;",
    to: "const INFO_PEOPLE = ['Creator', 'Producer'] as const;",
    test: 'tests/unit/engine/pdf-threads.test.ts',
    rule: "an article thread's information keeps its /Author",
  },
  {
    family: 'png',
    file: 'workers/engine/formats/png/rules.ts',
    from: "if (TEXT_CHUNKS.has(type)) return 'text';",
    to: "if (TEXT_CHUNKS.has(type)) return 'keep';",
    test: 'tests/unit/engine/png.test.ts',
    rule: 'text chunks (tEXt, zTXt, iTXt) are kept',
  },
  {
    family: 'odf',
    file: 'workers/engine/formats/odf/policy.ts',
    from: "? { kind: 'bytes', bytes: minimalMeta(meta.version) }",
    to: "? { kind: 'xml', namespaces: ODF_NAMESPACES, rules: () => ({ edits: new XmlEdits(), findings: [] }) }",
    test: 'tests/unit/engine/odf.test.ts',
    rule: 'meta.xml is copied as it is',
  },
  {
    family: 'jpeg',
    file: 'workers/engine/formats/jpeg/segment-rules.ts',
    from: '  if (marker === COM) {',
    to: '  if (marker === -COM) {',
    test: 'tests/unit/engine/jpeg.test.ts',
    rule: 'a COM segment is kept',
  },
  {
    // Not the comments part: a part goes by its name or by its relationship's type, so disabling
    // one of the two leaves the other (an equivalent mutant, not a hole in the tests).
    family: 'ooxml',
    file: 'workers/engine/formats/ooxml/policy.ts',
    from: "['core-properties', MINIMAL_CORE],",
    to: "['never-core-properties', MINIMAL_CORE],",
    test: 'tests/unit/engine/ooxml.test.ts',
    rule: 'the core properties part is kept as it is',
  },
  {
    family: 'epub',
    file: 'workers/engine/formats/epub/opf.ts',
    from: "const KEPT_DC = new Set(['title', 'language']);",
    to: "const KEPT_DC = new Set(['title', 'language', 'creator']);",
    test: 'tests/unit/engine/epub.test.ts',
    rule: 'the package document keeps dc:creator',
  },
];

function copyOfSource() {
  const dir = mkdtempSync(join(tmpdir(), 'mutate-rules-'));
  const files = execFileSync('git', ['ls-files', '-z'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\0')
    .filter(Boolean);
  for (const f of files) {
    mkdirSync(dirname(join(dir, f)), { recursive: true });
    cpSync(join(ROOT, f), join(dir, f));
  }
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  return dir;
}

function run(dir, m) {
  const path = join(dir, m.file);
  const original = readFileSync(path, 'utf8');
  if (!original.includes(m.from))
    return { ...m, outcome: 'rule not found (update this script)' };
  writeFileSync(path, original.replace(m.from, m.to));
  try {
    const r = spawnSync(
      'nice',
      ['npx', 'vitest', 'run', '--maxWorkers=1', m.test],
      {
        cwd: dir,
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
      },
    );
    const text = `${r.stdout}${r.stderr}`;
    const counts = /Tests\s+(.*)/.exec(text)?.[1]?.trim() ?? 'no count';
    return {
      ...m,
      outcome:
        r.status === 0 ? `SURVIVED (${counts})` : `suite fails (${counts})`,
    };
  } finally {
    writeFileSync(path, original);
  }
}

const wanted = process.argv.slice(2);
const chosen = MUTATIONS.filter(
  (m) => wanted.length === 0 || wanted.includes(m.family),
);
const dir = copyOfSource();
let survived = 0;
try {
  for (const m of chosen) {
    const r = run(dir, m);
    if (!r.outcome.startsWith('suite fails')) survived++;
    console.log(`${r.family.padEnd(5)} ${r.rule}: ${r.outcome}`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exitCode = survived > 0 ? 1 : 0;
