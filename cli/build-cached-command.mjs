// The command's second build: the ES modules it loads, each turned into a CommonJS file of its
// own (dist-cli/command/), with the V8 code cache of a warm-up run beside each. The bin loads
// these through cli/load-command.cjs when they are there: Node 20 gives no ES module a code
// cache, and compiling the command's code again at every start was a third of a short run's
// CPU once Node itself had started. The caches are made here, at build time, by cleaning the
// small samples in cli/warm-up/ in a Node of their own started without flags (V8 refuses a
// cache made under other flags), and never at run time.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { crc32 } from 'node:zlib';
import { transform } from 'esbuild';

/** Where the command's CommonJS build goes; packed (package.json `files`). */
export const COMMAND_DIR = join('dist-cli', 'command');

const HERE = dirname(fileURLToPath(import.meta.url));
/** Files of each kind the command cleans most often: a photo, a movie and two documents. */
const SAMPLES = ['photo.jpg', 'movie.mp4', 'document.docx', 'document.pdf'];

/** The CommonJS name of a module of the ES build (`chunks/x.mjs` -> `chunks/x.cjs`). */
const commonJsName = (name) => name.replace(/\.mjs$/, '.cjs');

/**
 * One ES module of the build as CommonJS: its imports become `require`s of the sibling files,
 * its lazy `import()`s a `require` on first call (esbuild's own lowering), `import.meta.url` the
 * wrapper's `__metacleanUrl`. The `require` its banner made is the wrapper's own.
 */
async function asCommonJs(source, banner, name) {
  if (!source.startsWith(banner))
    throw new Error(`${name} does not start with the build's require banner`);
  const { code, warnings } = await transform(source.slice(banner.length), {
    format: 'cjs',
    loader: 'js',
    platform: 'node',
    target: 'node20',
    supported: { 'dynamic-import': false },
    define: { 'import.meta.url': '__metacleanUrl' },
    logLevel: 'silent',
  });
  if (warnings.length > 0)
    throw new Error(`${name} as CommonJS: ${warnings[0].text}`);
  return code;
}

/**
 * Writes the command's CommonJS build and caches into `temp`/COMMAND_DIR from the ES build in
 * `temp` (`names`: the entry and every chunk it may load, relative to `temp`). Returns the files
 * written (relative to COMMAND_DIR) and the manifest's name, which names them and goes last.
 */
export async function writeCachedCommand(temp, names, banner) {
  const out = join(temp, COMMAND_DIR);
  await mkdir(join(out, 'chunks'), { recursive: true });
  const sources = [];
  let entry = '';
  for (const name of names) {
    const code = await asCommonJs(
      await readFile(join(temp, name), 'utf8'),
      banner,
      name,
    );
    // Chunks are named by their content's hash; the entry is named here the same way, so two
    // builds at once never leave a manifest that names the other's entry.
    const target = name.startsWith('chunks/')
      ? commonJsName(name)
      : `metaclean-${crc32(code).toString(16)}.cjs`;
    if (!name.startsWith('chunks/')) entry = target;
    await writeFile(join(out, target), code);
    sources.push(target);
  }
  if (!entry) throw new Error('the command build has no entry');
  await writeFile(
    join(out, 'manifest.json'),
    JSON.stringify({ entry, files: {} }),
  );
  const work = await mkdtemp(join(tmpdir(), 'metaclean-warm-up-'));
  try {
    const env = { ...process.env };
    delete env.NODE_OPTIONS;
    await promisify(execFile)(
      process.execPath,
      [
        join(HERE, 'warm-command.cjs'),
        out,
        work,
        ...SAMPLES.map((s) => join(HERE, 'warm-up', s)),
      ],
      { env },
    );
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  const { files } = JSON.parse(
    await readFile(join(out, 'manifest.json'), 'utf8'),
  );
  const caches = Object.keys(files).map((name) => `${name}.v8`);
  return { files: [...sources, ...caches], manifest: 'manifest.json' };
}
