#!/usr/bin/env node
// Launcher for metaclean: runs the prebuilt bundles (dist-cli/start.cjs answers --help, --version
// and usage errors without loading the engine; dist-cli/metaclean.mjs runs everything else). An
// installed package carries the bundle and no sources, so it never builds or writes anything. In
// a checkout of the repository (the TypeScript sources beside it), the bundle is rebuilt first
// when a source is newer, so an edit is never run stale.
//
// This file and the first step are CommonJS: Node starts its ES module loader only for the
// engine's bundle, so `--help` costs about what Node's own start costs (the loader alone was some
// 15 ms of CPU, more than the rest of the answer).
'use strict';
const { existsSync, readFileSync, statSync } = require('node:fs');
const { join } = require('node:path');
const { pathToFileURL } = require('node:url');

const root = join(__dirname, '..');
const dist = join(root, 'dist-cli');
/** What cli/build.mjs records: the sources each bundle was built from. */
const inputsFile = join(dist, 'inputs.json');
const inCheckout = existsSync(join(root, 'cli', 'metaclean.ts'));

/** The record of cli/build.mjs, read once for both checks of a run, again after a build. */
let record;

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
    record ??= JSON.parse(readFileSync(inputsFile, 'utf8'));
    const inputs = record[name];
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

/** The bundle's path, built first in a checkout where it is stale. */
async function built(name) {
  const path = join(dist, name);
  if (inCheckout && isStale(name)) {
    const { buildCli } = await import(
      pathToFileURL(join(__dirname, 'build.mjs')).href
    );
    await buildCli(root);
    record = undefined;
  } else if (!existsSync(path)) {
    process.stderr.write(
      'metaclean: this copy has no built command (dist-cli/metaclean.mjs); install it from a package made by `npm pack`\n',
    );
    process.exit(1);
  }
  return path;
}

async function run(argv) {
  const { answerBeforeEngine } = require(await built('start.cjs'));
  const answered = answerBeforeEngine(argv);
  if (answered !== null) return answered;
  const entry = await built('metaclean.mjs');
  // The same command as CommonJS with the build's code cache (cli/load-command.cjs), when the
  // build made it; a copy built before it existed runs the ES module.
  const command = join(dist, 'command');
  if (existsSync(join(command, 'manifest.json')))
    return require('./load-command.cjs')
      .loadCommand(command)
      .command.main(argv);
  const { main } = await import(pathToFileURL(entry).href);
  return main(argv);
}

// `npm run metaclean -- FILE` runs in the package root; relative paths are the caller's.
if (process.env.npm_lifecycle_event === 'metaclean' && process.env.INIT_CWD) {
  process.chdir(process.env.INIT_CWD);
}

run(process.argv.slice(2)).then((status) => {
  process.exitCode = status;
});
