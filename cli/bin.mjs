#!/usr/bin/env node
// Launcher for metaclean: runs the prebuilt bundles (dist-cli/start.mjs answers --help, --version
// and usage errors without loading the engine; dist-cli/metaclean.mjs runs everything else). An installed package
// carries the bundle and no sources, so it never builds or writes anything. In a checkout of the
// repository (the TypeScript sources beside it), the bundle is rebuilt first when a source is newer,
// so an edit is never run stale.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist-cli');
/** What cli/build.mjs records: the sources each bundle was built from. */
const inputsFile = join(dist, 'inputs.json');
const inCheckout = existsSync(join(root, 'cli', 'metaclean.ts'));

/**
 * A bundle is stale when it or the record of its sources is missing, or when one of those
 * sources is newer than it or gone. Only the sources it was built from are looked at, so
 * `--help` stats a few files, not the whole engine. The recorded paths are relative, with `/`
 * (esbuild's metafile), and are appended as they are: `path.join` over some 400 sources cost
 * more than their stats.
 */
function isStale(name) {
  try {
    const built = statSync(join(dist, name)).mtimeMs;
    const inputs = JSON.parse(readFileSync(inputsFile, 'utf8'))[name];
    if (!Array.isArray(inputs) || inputs.length === 0) return true;
    const base = `${root}/`;
    return inputs.some(
      (source) =>
        (statSync(base + source, { throwIfNoEntry: false })?.mtimeMs ??
          Infinity) > built,
    );
  } catch {
    return true;
  }
}

/** The bundle's URL, built first in a checkout where it is stale. */
async function built(name) {
  const path = join(dist, name);
  if (inCheckout && isStale(name)) {
    const { buildCli } = await import('./build.mjs');
    await buildCli(root);
  } else if (!existsSync(path)) {
    process.stderr.write(
      'metaclean: this copy has no built command (dist-cli/metaclean.mjs); install it from a package made by `npm pack`\n',
    );
    process.exit(1);
  }
  return pathToFileURL(path).href;
}

// `npm run metaclean -- FILE` runs in the package root; relative paths are the caller's.
if (process.env.npm_lifecycle_event === 'metaclean' && process.env.INIT_CWD) {
  process.chdir(process.env.INIT_CWD);
}

const argv = process.argv.slice(2);
const { answerBeforeEngine } = await import(await built('start.mjs'));
const answered = answerBeforeEngine(argv);
if (answered !== null) process.exitCode = answered;
else {
  const { main } = await import(await built('metaclean.mjs'));
  process.exitCode = await main(argv);
}
