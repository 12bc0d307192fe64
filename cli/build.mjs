// Bundles the CLI and the library (each with the engine) into ES modules for Node 20, so an
// installed metaclean runs without a build step or a dev dependency. Each bundle is written to a
// temporary name and renamed, so two builds at once never leave a half-written bundle.
// `npm run build:cli` (and `prepare`, so `npm ci` and `npm pack` make them) runs this file.
import { build } from 'esbuild';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * What is built: the command's first step (help, version and usage errors, without the engine),
 * the command line, and the library a Node program imports.
 */
export const BUNDLES = [
  { entry: join('cli', 'start.ts'), out: join('dist-cli', 'start.mjs') },
  {
    entry: join('cli', 'metaclean.ts'),
    out: join('dist-cli', 'metaclean.mjs'),
  },
  { entry: join('cli', 'library.ts'), out: join('dist-cli', 'library.mjs') },
];

/**
 * The sources each bundle was built from (relative to the root, without node_modules, which
 * `npm ci` rebuilds after anyway): the bin in a checkout stats only these to tell a stale bundle,
 * and only the first step's few for `--help`. Not packed: an installed package has no sources.
 */
export const INPUTS = join('dist-cli', 'inputs.json');

export async function buildCli(root) {
  const { version } = JSON.parse(
    await readFile(join(root, 'package.json'), 'utf8'),
  );
  const inputs = {};
  for (const { entry, out } of BUNDLES) {
    const outfile = join(root, out);
    const temp = `${outfile}.${process.pid}.tmp.mjs`;
    const { metafile } = await build({
      entryPoints: [join(root, entry)],
      outfile: temp,
      absWorkingDir: root,
      bundle: true,
      metafile: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'error',
      define: { METACLEAN_VERSION: JSON.stringify(version) },
    });
    await rename(temp, outfile);
    inputs[basename(out)] = Object.keys(metafile.inputs).filter(
      (path) => !path.startsWith('node_modules/'),
    );
  }
  const inputsFile = join(root, INPUTS);
  const temp = `${inputsFile}.${process.pid}.tmp`;
  await writeFile(temp, JSON.stringify(inputs));
  await rename(temp, inputsFile);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildCli(join(dirname(fileURLToPath(import.meta.url)), '..'));
}
