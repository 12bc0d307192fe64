#!/usr/bin/env node
// Fails on a runtime import cycle among workers/, src/, cli/ and i18n/, and on a format module
// importing another format's folder (workers/engine/formats/<a>... -> formats/<b>/...). Type-only
// imports (`import type`, `export type`) are erased by the compiler and do not count; an import
// whose every name is marked `type` still does, because verbatimModuleSyntax keeps it as a bare
// import that loads the module.
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

/** `import ... from 'x'`, `export ... from 'x'` and bare `import 'x'`, with their clause. */
const STATEMENT =
  /(?:^|[;\n])\s*(import|export)\s+(type\s+)?([^'";]*?)\s*(?:from\s*)?['"]([^'"]+)['"]/g;

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

function runtimeImports(file) {
  const text = readFileSync(file, 'utf8');
  const targets = [];
  for (const [, keyword, typeOnly, clause, specifier] of text.matchAll(
    STATEMENT,
  )) {
    if (typeOnly) continue;
    if (keyword === 'export' && !/^(\*|\{)/.test(clause)) continue;
    const target = resolveImport(file, specifier);
    if (target) targets.push(target);
  }
  return targets;
}

/** The format folder a file belongs to: `jpeg` for formats/jpeg.ts and formats/jpeg/x.ts. */
function formatOf(file) {
  const path = relative(root, file).split(sep).join('/');
  if (!path.startsWith(`${FORMATS_DIR}/`)) return null;
  const first = path.slice(FORMATS_DIR.length + 1).split('/')[0];
  return first.replace(SOURCE, '');
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
const graph = new Map(files.map((file) => [file, runtimeImports(file)]));
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
for (const component of cycles(graph)) {
  problems.push(
    `import cycle: ${component.map((f) => relative(root, f)).join(' <-> ')}`,
  );
}

if (problems.length > 0) {
  process.stderr.write(`${problems.join('\n')}\n`);
  process.exit(1);
}
process.stdout.write(
  `imports: ${files.length} files, no cycle, no format imports another\n`,
);
