// Bundles the CLI and the engine into one ES module for Node 20.
import { build } from 'esbuild';
import { join } from 'node:path';

export async function buildCli(root, outfile) {
  await build({
    entryPoints: [join(root, 'cli', 'metaclean.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'error',
  });
}
