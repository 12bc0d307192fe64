#!/usr/bin/env node
// Launcher for metaclean: runs the bundled CLI, rebuilding the bundle first when a source file is
// newer than it (a fresh clone, or an edit). The bundle starts in a fraction of the time a
// TypeScript loader would, which matters for whole-process timings against exiftool.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bundle = join(root, 'dist-cli', 'metaclean.mjs');
const sources = [join(root, 'cli'), join(root, 'workers', 'engine')];

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
  if (!existsSync(bundle)) return true;
  const built = statSync(bundle).mtimeMs;
  return sources.some((dir) => newestMtime(dir) > built);
}

// `npm run metaclean -- FILE` runs in the package root; relative paths are the caller's.
if (process.env.npm_lifecycle_event === 'metaclean' && process.env.INIT_CWD) {
  process.chdir(process.env.INIT_CWD);
}

if (isStale()) {
  const { buildCli } = await import('./build.mjs');
  await buildCli(root, bundle);
}
const { main } = await import(pathToFileURL(bundle).href);
process.exitCode = await main(process.argv.slice(2));
