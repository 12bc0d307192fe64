#!/usr/bin/env node
// Launcher for metaclean: runs the prebuilt bundles (dist-cli/start.mjs answers --help, --version
// and usage errors without loading the engine; dist-cli/metaclean.mjs runs everything else). An installed package
// carries the bundle and no sources, so it never builds or writes anything. In a checkout of the
// repository (the TypeScript sources beside it), the bundle is rebuilt first when a source is newer,
// so an edit is never run stale.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bundle = join(root, 'dist-cli', 'metaclean.mjs');
const startBundle = join(root, 'dist-cli', 'start.mjs');
const sources = [join(root, 'cli'), join(root, 'workers', 'engine')];
const inCheckout = existsSync(join(root, 'cli', 'metaclean.ts'));

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(
      newest,
      entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs,
    );
  }
  return newest;
}

function isStale() {
  if (!existsSync(bundle) || !existsSync(startBundle)) return true;
  const built = Math.min(
    statSync(bundle).mtimeMs,
    statSync(startBundle).mtimeMs,
  );
  return sources.some((dir) => newestMtime(dir) > built);
}

// `npm run metaclean -- FILE` runs in the package root; relative paths are the caller's.
if (process.env.npm_lifecycle_event === 'metaclean' && process.env.INIT_CWD) {
  process.chdir(process.env.INIT_CWD);
}

if (inCheckout && isStale()) {
  const { buildCli } = await import('./build.mjs');
  await buildCli(root);
} else if (!existsSync(bundle) || !existsSync(startBundle)) {
  process.stderr.write(
    'metaclean: this copy has no built command (dist-cli/metaclean.mjs); install it from a package made by `npm pack`\n',
  );
  process.exit(1);
}
const argv = process.argv.slice(2);
const { answerBeforeEngine } = await import(pathToFileURL(startBundle).href);
const answered = answerBeforeEngine(argv);
if (answered !== null) process.exitCode = answered;
else {
  const { main } = await import(pathToFileURL(bundle).href);
  process.exitCode = await main(argv);
}
