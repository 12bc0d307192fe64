// Bundles the CLI and the library (each with the engine) into ES modules for Node 20, so an
// installed metaclean runs without a build step or a dev dependency. One esbuild run splits
// them: what a lazy `import()` reaches (each format module, the report's words, the content
// hashes) is a chunk of its own in dist-cli/chunks/, loaded only by a run that needs it, so a
// photo's clean never parses the PDF or Office code. Every lazily loaded module also imports
// the command's core (cli/metaclean.ts), which a run has loaded already: esbuild puts the
// modules that the same entries reach in one chunk, and without that import the core was cut
// into some forty small chunks by which formats share each module, each costing Node's module
// loader a resolution, a read and a compilation at every start. The command's first step
// (`--help`, `--version`, usage errors) is a CommonJS file of its own, which the bin loads
// without starting Node's ES module loader. The bundles are written to a temporary folder and
// renamed into place, chunks first (their names hold their content's hash), the entries last,
// so two builds at once never leave an entry that names a missing chunk.
// `npm run build:cli` (and `prepare`, so `npm ci` and `npm pack` make them) runs this file.
import { build } from 'esbuild';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { COMMAND_DIR, writeCachedCommand } from './build-cached-command.mjs';

const OUT_DIR = 'dist-cli';
/** Where the shared and lazily loaded pieces go; packed with the entries (package.json `files`). */
export const CHUNKS_DIR = join(OUT_DIR, 'chunks');

/**
 * What is built as ES modules: the command line and the library a Node program imports. Each is
 * written as `<name>.mjs`.
 */
export const BUNDLES = [
  { entry: join('cli', 'metaclean.ts'), out: join(OUT_DIR, 'metaclean.mjs') },
  { entry: join('cli', 'library.ts'), out: join(OUT_DIR, 'library.mjs') },
];

/**
 * The command's first step (help, version and usage errors, without the engine), one CommonJS
 * file: `require` reads and compiles it, where an ES module would first start Node's module
 * loader. What it holds (the options and their words) is also in the command's chunks.
 */
export const FIRST_STEP = {
  entry: join('cli', 'start.ts'),
  out: join(OUT_DIR, 'start.cjs'),
};

/**
 * The sources each bundle was built from, its chunks' included (relative to the root, without
 * node_modules, which `npm ci` rebuilds after anyway): the bin in a checkout stats only these
 * to tell a stale bundle, and only the first step's few for `--help`. Not packed: an installed
 * package has no sources.
 */
export const INPUTS = join(OUT_DIR, 'inputs.json');

/** Every output an output loads, itself included: its static imports and its lazy ones. */
function reachable(outputs, from) {
  const seen = new Set([from]);
  const queue = [from];
  while (queue.length) {
    for (const { path } of outputs[queue.pop()].imports) {
      if (!outputs[path] || seen.has(path)) continue;
      seen.add(path);
      queue.push(path);
    }
  }
  return seen;
}

/** The sources an entry's output and every chunk it may load were built from. */
function sourcesOf(outputs, entryOutput) {
  const sources = new Set();
  for (const output of reachable(outputs, entryOutput))
    for (const source of Object.keys(outputs[output].inputs))
      if (!source.startsWith('node_modules/') && !BUILTIN_INPUT.test(source))
        sources.add(source);
  return [...sources];
}

/** The modules a lazy `import()` loads (relative to the root, with `/`, as in the metafile). */
function lazyModules(metafile) {
  const lazy = new Set();
  for (const { imports } of Object.values(metafile.inputs))
    for (const { path, kind, external } of imports)
      if (kind === 'dynamic-import' && !external) lazy.add(path);
  return lazy;
}

/** The module whose static imports are the core every run of the command loads. */
const CORE = join('cli', 'metaclean.ts');

/**
 * Prepends `import CORE` to each lazily loaded module. Its only effect is on the chunk layout:
 * by the time a lazy module loads, the command has evaluated the core (the library loads the
 * rest of it with its first format, a few milliseconds once).
 */
function lazyModulesImportTheCore(root, lazy) {
  const core = JSON.stringify(join(root, CORE));
  return {
    name: 'lazy-modules-import-the-core',
    setup(build) {
      build.onLoad({ filter: /\.ts$/ }, async ({ path }) => {
        const name = relative(root, path).split('\\').join('/');
        if (!lazy.has(name)) return undefined;
        return {
          contents: `import ${core};\n${await readFile(path, 'utf8')}`,
          loader: 'ts',
        };
      });
    },
  };
}

/**
 * Node's own modules (`node:fs`, ...) are taken with `require`, not imported: an ES module import
 * of one makes Node build its ES module face, which reads every export, lazy ones included, and
 * so loaded `node:fs`'s streams, watchers and readline and `node:util`'s argument parser at every
 * start (21 of the 41 built-in modules an MP4 clean loaded). Each built-in gets one face of our own
 * (`builtinFace`), shared by the modules that import it: esbuild's usual interop copied every
 * export once per importing module, which cost back most of what the require saved. Each output
 * gets a `require` of its own (`module.createRequire`), which esbuild's `require` calls find.
 */
const BUILTIN = /^node:/;
/** How the metafile names those `require`s among the inputs: no file to stat for staleness. */
const BUILTIN_INPUT = /^node-builtin:/;
const builtinsByRequire = {
  name: 'builtins-by-require',
  setup(build) {
    build.onResolve({ filter: BUILTIN }, ({ path, kind }) =>
      kind === 'import-statement'
        ? { path, namespace: 'node-builtin' }
        : { path, external: true },
    );
    build.onLoad({ filter: /.*/, namespace: 'node-builtin' }, ({ path }) => ({
      contents: builtinFace(path),
      loader: 'js',
    }));
  },
};
/** A plain JavaScript name, which a destructuring can bind. */
const BINDABLE = /^[A-Za-z_$][\w$]*$/;

/**
 * An ES module face for a built-in, made once per build: its value exports (functions, constants)
 * read once from `require`, not its lazy getters (`fs.ReadStream`, `util.parseArgs`), whose reading
 * loads what they name. A name the bundle imports that is not among them fails the build.
 */
function builtinFace(name) {
  const exports = createRequire(import.meta.url)(name);
  const names = Object.entries(Object.getOwnPropertyDescriptors(exports))
    .filter(
      ([key, d]) => 'value' in d && key !== 'default' && BINDABLE.test(key),
    )
    .map(([key]) => key);
  return `const face = require(${JSON.stringify(name)});\nexport const { ${names.join(', ')} } = face;\nexport default face;\n`;
}

const REQUIRE_BANNER =
  'import { createRequire as __metacleanRequire } from "node:module";\nconst require = __metacleanRequire(import.meta.url);';

export async function buildCli(root) {
  const { version } = JSON.parse(
    await readFile(join(root, 'package.json'), 'utf8'),
  );
  const temp = join(root, OUT_DIR, `.build-${process.pid}`);
  await rm(temp, { recursive: true, force: true });
  try {
    const common = {
      absWorkingDir: root,
      bundle: true,
      metafile: true,
      platform: 'node',
      target: 'node20',
      logLevel: 'error',
      define: { METACLEAN_VERSION: JSON.stringify(version) },
    };
    const firstStep = await build({
      ...common,
      entryPoints: [join(root, FIRST_STEP.entry)],
      outfile: join(temp, basename(FIRST_STEP.out)),
      format: 'cjs',
    });
    const options = {
      ...common,
      entryPoints: BUNDLES.map(({ entry }) => join(root, entry)),
      outdir: temp,
      splitting: true,
      format: 'esm',
      entryNames: '[name]',
      chunkNames: 'chunks/[name]-[hash]',
      outExtension: { '.js': '.mjs' },
      banner: { js: REQUIRE_BANNER },
    };
    // A first run, written nowhere, finds which modules are loaded lazily.
    const graph = await build({
      ...options,
      plugins: [builtinsByRequire],
      write: false,
    });
    const lazy = lazyModules(graph.metafile);
    const { metafile } = await build({
      ...options,
      plugins: [lazyModulesImportTheCore(root, lazy), builtinsByRequire],
    });
    const relativeOut = relative(root, temp).split('\\').join('/');
    const finalName = (output) => output.slice(relativeOut.length + 1);
    const command = await writeCachedCommand(
      temp,
      [...reachable(metafile.outputs, `${relativeOut}/metaclean.mjs`)].map(
        finalName,
      ),
      REQUIRE_BANNER,
    );
    const chunks = Object.keys(metafile.outputs)
      .map(finalName)
      .filter((name) => name.startsWith('chunks/'));
    await mkdir(join(root, CHUNKS_DIR), { recursive: true });
    for (const chunk of chunks)
      await rename(join(temp, chunk), join(root, OUT_DIR, chunk));
    const inputs = {
      [basename(FIRST_STEP.out)]: Object.keys(firstStep.metafile.inputs),
    };
    await rename(
      join(temp, basename(FIRST_STEP.out)),
      join(root, FIRST_STEP.out),
    );
    for (const { entry, out } of BUNDLES) {
      const name = basename(out);
      const output = `${relativeOut}/${name}`;
      if (!metafile.outputs[output])
        throw new Error(`esbuild wrote no ${name} for ${entry}`);
      inputs[name] = sourcesOf(metafile.outputs, output);
      await rename(join(temp, name), join(root, out));
    }
    await mkdir(join(root, COMMAND_DIR, 'chunks'), { recursive: true });
    for (const name of command.files)
      await rename(
        join(temp, COMMAND_DIR, name),
        join(root, COMMAND_DIR, name),
      );
    await rename(
      join(temp, COMMAND_DIR, command.manifest),
      join(root, COMMAND_DIR, command.manifest),
    );
    await writeFile(join(temp, 'inputs.json'), JSON.stringify(inputs));
    await rename(join(temp, 'inputs.json'), join(root, INPUTS));
    // Chunks of earlier builds would be packed with this one: only this build's stay.
    const kept = new Set(chunks.map((chunk) => basename(chunk)));
    for (const name of await readdir(join(root, CHUNKS_DIR)))
      if (!kept.has(name))
        await rm(join(root, CHUNKS_DIR, name), { force: true });
    const commandKept = new Set([...command.files, command.manifest]);
    for (const folder of ['', 'chunks'])
      for (const entry of await readdir(join(root, COMMAND_DIR, folder), {
        withFileTypes: true,
      }))
        if (
          entry.isFile() &&
          !commandKept.has(folder ? `${folder}/${entry.name}` : entry.name)
        )
          await rm(join(root, COMMAND_DIR, folder, entry.name), {
            force: true,
          });
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildCli(join(dirname(fileURLToPath(import.meta.url)), '..'));
}
