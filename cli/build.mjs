// Bundles the CLI and the engine into one ES module for Node 20. Written to a temporary name and
// renamed, so two launchers rebuilding at once never load a half-written bundle.
import { build } from 'esbuild';
import { rename } from 'node:fs/promises';
import { join } from 'node:path';

export async function buildCli(root, outfile) {
  const temp = `${outfile}.${process.pid}.tmp.mjs`;
  await build({
    entryPoints: [join(root, 'cli', 'metaclean.ts')],
    outfile: temp,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'error',
  });
  await rename(temp, outfile);
}
