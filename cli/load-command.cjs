// Loads the command from its CommonJS build (dist-cli/command/, written by cli/build.mjs) with the
// V8 code cache the build wrote beside each file, so a run deserialises the bytecode of the
// functions a clean calls instead of parsing and compiling them again (an ES module cannot be
// given a cache in Node 20: only `vm.Script` takes `cachedData`).
//
// The cache is only ever read here. It is made once, at build time, by a warm-up run of the
// command (cli/warm-command.cjs), and packed with the command; nothing writes one at run time,
// where a cache written into the package or a shared temporary folder would be the program
// rewriting itself, or a way to make it run someone else's code. A cache is used only when it
// was made for this file's bytes (the CRC-32 the build recorded) by this Node and V8; V8 also
// refuses one made under other flags (its own check of the version and flag hash that
// `v8.cachedDataVersionTag()` reports). Any mismatch compiles from the source, as without a cache.
'use strict';
const { readFileSync } = require('node:fs');
const { dirname, join, posix } = require('node:path');
const { pathToFileURL } = require('node:url');
const { Script } = require('node:vm');

/** What the build writes last: the entry, each file's CRC-32 and the Node that made the caches. */
const MANIFEST = 'manifest.json';
/** The extension of a file's cache, beside it. */
const CACHE = '.v8';

/**
 * The module wrapper: what Node's CommonJS loader gives a file, plus the file's URL for the
 * `import.meta.url` of the ES modules it was made from. Strict, as those modules were.
 */
const HEAD =
  "(function (exports, require, module, __filename, __dirname, __metacleanUrl) {'use strict';";
const TAIL = '\n})';

/**
 * The command's exports, loaded from `dir`. With `record`, no cache is read and every compiled
 * script is kept in `scripts` (by file name), for the warm-up to ask for its cache afterwards.
 */
function loadCommand(dir, { record = false } = {}) {
  const manifest = JSON.parse(readFileSync(join(dir, MANIFEST), 'utf8'));
  const cacheFits =
    !record &&
    manifest.node === process.version &&
    manifest.v8 === process.versions.v8 &&
    manifest.arch === process.arch;
  const modules = new Map();
  const scripts = new Map();
  let crc32;

  function cacheFor(name, bytes) {
    if (!cacheFits || manifest.files[name] === undefined) return undefined;
    crc32 ??= require('node:zlib').crc32;
    if (crc32(bytes) !== manifest.files[name]) return undefined;
    return readFileSync(join(dir, name + CACHE), { throwIfNoEntry: false });
  }

  function load(name) {
    const loaded = modules.get(name);
    if (loaded) return loaded.exports;
    const filename = join(dir, name);
    const bytes = readFileSync(filename);
    const script = new Script(HEAD + bytes.toString('utf8') + TAIL, {
      filename,
      cachedData: cacheFor(name, bytes),
    });
    if (record) scripts.set(name, script);
    const module = { exports: {} };
    modules.set(name, module);
    const requireHere = (specifier) =>
      specifier.startsWith('./') || specifier.startsWith('../')
        ? load(
            posix.join(
              posix.dirname(name),
              specifier.replace(/\.mjs$/, '.cjs'),
            ),
          )
        : require(specifier);
    script
      .runInThisContext()
      .call(
        module.exports,
        module.exports,
        requireHere,
        module,
        filename,
        dirname(filename),
        pathToFileURL(filename).href,
      );
    return module.exports;
  }

  return { command: load(manifest.entry), scripts, manifest };
}

module.exports = { loadCommand, MANIFEST, CACHE };
