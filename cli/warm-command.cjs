// The build's warm-up (cli/build.mjs runs it in a Node of its own, with no flags, as the bin
// runs): loads the command's CommonJS build from the folder given first, cleans each sample
// given after the output folder, then writes each loaded file's V8 code cache beside it. A cache
// taken after the runs holds the bytecode of every function they called, not only of the top
// level; the manifest then records which Node made them and the CRC-32 of each file they fit.
// Not packed: an installed command only reads these caches (cli/load-command.cjs).
'use strict';
const { readFileSync, writeFileSync } = require('node:fs');
const { basename, join } = require('node:path');
const { crc32 } = require('node:zlib');
const { CACHE, MANIFEST, loadCommand } = require('./load-command.cjs');

async function warm([dir, outDir, ...samples]) {
  const { command, scripts, manifest } = loadCommand(dir, { record: true });
  for (const sample of samples) {
    const status = await command.main([
      '-o',
      join(outDir, basename(sample)),
      sample,
    ]);
    if (status !== command.EXIT_OK)
      throw new Error(`the warm-up clean of ${sample} ended with ${status}`);
  }
  const files = {};
  for (const [name, script] of scripts) {
    files[name] = crc32(readFileSync(join(dir, name)));
    writeFileSync(join(dir, name + CACHE), script.createCachedData());
  }
  const made = {
    ...manifest,
    node: process.version,
    v8: process.versions.v8,
    arch: process.arch,
    files,
  };
  writeFileSync(join(dir, MANIFEST), JSON.stringify(made));
}

warm(process.argv.slice(2)).catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exitCode = 1;
});
