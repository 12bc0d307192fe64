/**
 * The command's code cache (cli/build-cached-command.mjs, cli/load-command.cjs): the build writes
 * a CommonJS copy of the command with the V8 code cache of a warm-up run beside each file, and a
 * run loads it through `vm.Script` with that cache. Checked here: V8 accepts every cache a clean
 * uses; a cache made for other bytes or another Node is not given to V8 (the file is compiled
 * from its source) and the clean is the same; a run writes nothing beside the command. Canaries
 * are read by exiftool in the input first, then looked for in the output.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import {
  cpSync,
  readFileSync,
  readdirSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN } from '../../helpers/cli-run';
import { convert, exiftoolWrite, tempDir } from '../../helpers/image-tools';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const COMMAND = join(ROOT, 'dist-cli', 'command');
const LOADER = join(ROOT, 'cli', 'load-command.cjs');
const CANARY = 'CodeCacheCanary4k';

/**
 * Cleans `input` into `output` with the command in `dir`, in a Node of its own, and answers for
 * each file it compiled whether a cache was given to V8 and whether V8 refused it.
 */
const PROBE = `
const vm = require('node:vm');
const compiled = [];
const Script = vm.Script;
vm.Script = class extends Script {
  constructor(source, options) {
    super(source, options);
    compiled.push({ file: options.filename, cached: options.cachedData !== undefined, rejected: this.cachedDataRejected === true });
  }
};
const [loader, dir, output, input] = process.argv.slice(1);
require(loader).loadCommand(dir).command.main(['-q', '-o', output, input]).then((status) => {
  process.stdout.write(JSON.stringify({ status, compiled }));
});`;

interface Probe {
  status: number;
  compiled: { file: string; cached: boolean; rejected: boolean }[];
}

function probe(dir: string, input: string, output: string): Probe {
  return JSON.parse(
    execFileSync(process.execPath, ['-e', PROBE, LOADER, dir, output, input], {
      encoding: 'utf8',
    }),
  ) as Probe;
}

const exiftoolSays = (file: string) =>
  execFileSync('exiftool', ['-a', '-G1', file], { encoding: 'utf8' });

/** Every file under `dir` with its size and time of change. */
const listTree = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => {
      const stat = statSync(join(dir, name));
      return `${name} ${stat.size} ${stat.mtimeMs}`;
    })
    .sort();

let photo = '';

beforeAll(() => {
  // A non-help command line makes the bin rebuild every stale bundle first.
  execFileSync(process.execPath, [BIN, '--list-formats'], { stdio: 'ignore' });
  photo = join(tempDir('code-cache'), 'photo.jpg');
  convert(['-size', '16x16', 'xc:teal', photo]);
  exiftoolWrite(photo, [
    `-Artist=${CANARY}`,
    '-GPSLatitude=47.6',
    '-GPSLatitudeRef=N',
  ]);
  expect(exiftoolSays(photo)).toContain(CANARY);
}, 120_000);

describe('the command built with a code cache', () => {
  it('cleans with a cache for every file it loads, each accepted by V8, writing nothing beside it', () => {
    const before = listTree(COMMAND);
    const out = join(tempDir('code-cache-out'), 'clean.jpg');
    const { status, compiled } = probe(COMMAND, photo, out);
    expect(status).toBe(0);
    expect(compiled.length).toBeGreaterThan(1);
    expect(compiled.filter((c) => !c.cached || c.rejected)).toEqual([]);
    expect(exiftoolSays(out)).not.toContain(CANARY);
    expect(listTree(COMMAND)).toEqual(before);
  });

  it('compiles from the source a file whose bytes the cache was not made for, or every file under another Node, and cleans the same', () => {
    const cached = join(tempDir('code-cache-out'), 'clean.jpg');
    expect(probe(COMMAND, photo, cached).status).toBe(0);
    const manifest = JSON.parse(
      readFileSync(join(COMMAND, 'manifest.json'), 'utf8'),
    );
    /** A copy of the command whose manifest says `changed`, its cleaned photo and its probe. */
    const withManifest = (changed: object) => {
      const dir = join(tempDir('code-cache-copy'), 'command');
      cpSync(COMMAND, dir, { recursive: true });
      writeFileSync(
        join(dir, 'manifest.json'),
        JSON.stringify({ ...manifest, ...changed }),
      );
      const out = join(tempDir('code-cache-out'), 'clean.jpg');
      return { out, run: probe(dir, photo, out) };
    };

    const otherBytes = withManifest({
      files: {
        ...manifest.files,
        [manifest.entry]: manifest.files[manifest.entry] ^ 1,
      },
    });
    expect(otherBytes.run.status).toBe(0);
    const uncached = otherBytes.run.compiled.filter((c) => !c.cached);
    expect(uncached.map((c) => c.file)).toEqual([
      join(otherBytes.run.compiled[0]!.file, '..', manifest.entry),
    ]);
    expect(readFileSync(otherBytes.out)).toEqual(readFileSync(cached));

    const otherNode = withManifest({ v8: '1.0.0' });
    expect(otherNode.run.status).toBe(0);
    expect(otherNode.run.compiled.filter((c) => c.cached)).toEqual([]);
    expect(readFileSync(otherNode.out)).toEqual(readFileSync(cached));
  });

  it('runs from the bin with the same answer as the ES module build', () => {
    const viaBin = join(tempDir('code-cache-bin'), 'clean.jpg');
    const ran = spawnSync(process.execPath, [BIN, '-q', '-o', viaBin, photo]);
    expect(ran.status).toBe(0);
    const viaModule = join(tempDir('code-cache-esm'), 'clean.jpg');
    const script = `import(process.argv[1]).then(({ main }) => main(['-q', '-o', process.argv[2], process.argv[3]])).then((s) => { process.exitCode = s; });`;
    const esm = spawnSync(process.execPath, [
      '-e',
      script,
      join(ROOT, 'dist-cli', 'metaclean.mjs'),
      viaModule,
      photo,
    ]);
    expect(esm.status).toBe(0);
    expect(readFileSync(viaBin)).toEqual(readFileSync(viaModule));
  });
});
