#!/usr/bin/env node
// Fails on an import cycle among workers/, src/, cli/ and i18n/, on a site file importing from a
// higher floor (FLOORS), and on a format module importing another format's folder (workers/engine/formats/<a>... -> formats/<b>/...). Runtime cycles and
// type-only or lazy cycles (`import type`, `export type`: erased by the compiler; `import('x')`:
// loaded later; but still files that cannot be read one without the other) are reported apart. An import whose every name is
// marked `type` is a runtime import, because verbatimModuleSyntax keeps it as a bare import.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const ROOTS = ['workers', 'src', 'cli', 'i18n'];
const SOURCE = /\.(ts|tsx|mjs|js)$/;
const EXTENSIONS = [
  '',
  '.ts',
  '.tsx',
  '.mjs',
  '.js',
  '/index.ts',
  '/index.tsx',
];
const FORMATS_DIR = ['workers', 'engine', 'formats'].join('/');

/**
 * The site's floors, highest first: a file imports from its own floor or lower ones only (the
 * app shell -> pages -> features -> the folders every floor shares). src/ssg and the entries sit
 * above them all.
 */
const FLOORS = new Map([
  ['app', 4],
  ['layout', 4],
  ['pages', 3],
  ['features', 2],
  ['components', 1],
  ['site', 1],
  ['catalog', 1],
  ['machines', 1],
  ['worker-bridge', 1],
]);

/** `import ... from 'x'`, `export ... from 'x'` and bare `import 'x'`, with their clause. */
const STATEMENT =
  /(?:^|[;\n])\s*(import|export)\s+(type\s+)?([^'";]*?)\s*(?:from\s*)?['"]([^'"]+)['"]/g;

/** `import('x')`: loaded later, but the two files still depend on each other. */
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') out.push(...sourceFiles(path));
    } else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      out.push(path);
    }
  }
  return out;
}

function resolveImport(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier.split('?')[0]);
  for (const ext of EXTENSIONS) {
    const candidate = base + ext;
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this extension
    }
  }
  return null;
}

/** The files `file` imports: at run time, and including type-only imports. */
function imports(file) {
  const text = readFileSync(file, 'utf8');
  const runtime = [];
  const all = [];
  for (const [, keyword, typeOnly, clause, specifier] of text.matchAll(
    STATEMENT,
  )) {
    if (keyword === 'export' && !/^(type\s+)?(\*|\{)/.test(clause)) continue;
    const target = resolveImport(file, specifier);
    if (!target) continue;
    all.push(target);
    if (!typeOnly) runtime.push(target);
  }
  for (const [, specifier] of text.matchAll(DYNAMIC)) {
    const target = resolveImport(file, specifier);
    if (target) all.push(target);
  }
  return { runtime, all };
}

/** The format folder a file belongs to: `jpeg` for formats/jpeg.ts and formats/jpeg/x.ts. */
function formatOf(file) {
  const path = relative(root, file).split(sep).join('/');
  if (!path.startsWith(`${FORMATS_DIR}/`)) return null;
  const first = path.slice(FORMATS_DIR.length + 1).split('/')[0];
  return first.replace(SOURCE, '');
}

/** The floor of a file under src/ (see FLOORS), or null for one outside them. */
function floorOf(file) {
  const path = relative(root, file).split(sep).join('/');
  if (!path.startsWith('src/')) return null;
  return FLOORS.get(path.split('/')[1]) ?? null;
}

/** Tarjan's strongly connected components; any with two or more files is a cycle. */
function cycles(graph) {
  let index = 0;
  const indices = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (node) => {
    indices.set(node, index);
    low.set(node, index);
    index++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node), indices.get(next)));
      }
    }
    if (low.get(node) === indices.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      const selfLoop = (graph.get(node) ?? []).includes(node);
      if (component.length > 1 || selfLoop) found.push(component);
    }
  };
  for (const node of graph.keys()) if (!indices.has(node)) visit(node);
  return found;
}

const files = ROOTS.flatMap((dir) => sourceFiles(join(root, dir)));
const edges = new Map(files.map((file) => [file, imports(file)]));
const graph = new Map([...edges].map(([file, e]) => [file, e.runtime]));
const typeGraph = new Map([...edges].map(([file, e]) => [file, e.all]));
const problems = [];

for (const [file, targets] of graph) {
  const own = formatOf(file);
  for (const target of targets) {
    const other = formatOf(target);
    if (own && other && own !== other) {
      problems.push(
        `${relative(root, file)} imports another format: ${relative(root, target)}`,
      );
    }
  }
}
for (const [file, targets] of typeGraph) {
  const own = floorOf(file);
  if (own === null) continue;
  for (const target of targets) {
    const other = floorOf(target);
    if (other !== null && other > own) {
      problems.push(
        `${relative(root, file)} imports from a higher floor: ${relative(root, target)}`,
      );
    }
  }
}
// The page never reaches the format modules: the registry loads them with import(), and the
// page's bundler emits a chunk for every import() its graph holds, used or not, which the
// service worker would then precache. The page takes the engine's leaves (fields, findings,
// the catalog), never its index or pipeline; the worker loads the engine.
const REGISTRY = join(root, 'workers', 'engine', 'registry.ts');
const siteFiles = files.filter((f) =>
  relative(root, f).split(sep).join('/').startsWith('src/'),
);
for (const file of siteFiles) {
  const seen = new Set([file]);
  const queue = [file];
  while (queue.length)
    for (const next of graph.get(queue.pop()) ?? [])
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
  if (seen.has(REGISTRY))
    problems.push(
      `${relative(root, file)} reaches the format modules at run time (${relative(root, REGISTRY)}): import the engine's leaves, not its index`,
    );
}
const runtimeCycles = cycles(graph);
const named = (component) =>
  component.map((f) => relative(root, f)).join(' <-> ');
for (const component of runtimeCycles) {
  problems.push(`import cycle: ${named(component)}`);
}
const known = new Set(runtimeCycles.flat());
for (const component of cycles(typeGraph)) {
  if (component.every((file) => known.has(file))) continue;
  problems.push(`type or lazy import cycle: ${named(component)}`);
}

if (problems.length > 0) {
  process.stderr.write(`${problems.join('\n')}\n`);
  process.exit(1);
}
process.stdout.write(
  `imports: ${files.length} files, no cycle (runtime, type or lazy), no import from a higher floor, no format imports another\n`,
);
