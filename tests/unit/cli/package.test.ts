/**
 * metaclean as people install it: `npm pack`, then the tarball installed into an empty folder
 * without dev dependencies (no esbuild, no TypeScript, no network: the package has no
 * dependencies), then the installed bin and the library run from there, writing nothing beside
 * the install. Canaries are read by exiftool in the input first, then looked for in the outputs.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { convert, exiftoolWrite, tempDir } from '../../helpers/image-tools';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const CANARY = 'PackCanaryAuthor7q';
/** npm pack builds the bundles and the types (prepare); on a loaded 2-core machine that is slow. */
const SETUP_TIMEOUT_MS = 600_000;

let prefix = '';
let bin = '';
let photo = '';

function listTree(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((entry) => {
      const path = join(dir, entry);
      return `${relative(dir, path)} ${statSync(path).mtimeMs}`;
    })
    .sort();
}

const exiftoolSays = (file: string) =>
  execFileSync('exiftool', ['-a', '-G1', file], { encoding: 'utf8' });

beforeAll(() => {
  const packs = tempDir('metaclean-pack');
  const packed = execFileSync(
    'npm',
    ['pack', '--silent', '--pack-destination', packs],
    { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  )
    .trim()
    .split('\n')
    .at(-1)!;
  prefix = tempDir('metaclean-installed');
  writeFileSync(
    join(prefix, 'package.json'),
    '{"name":"uses-metaclean","private":true}',
  );
  execFileSync(
    'npm',
    [
      'install',
      '--omit=dev',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
      join(packs, packed),
    ],
    { cwd: prefix, stdio: 'pipe' },
  );
  bin = join(prefix, 'node_modules', '.bin', 'metaclean');
  const work = tempDir('metaclean-pack-work');
  photo = join(work, 'photo.jpg');
  convert(['-size', '16x16', 'xc:teal', photo]);
  exiftoolWrite(photo, [
    `-Artist=${CANARY}`,
    '-GPSLatitude=47.6',
    '-GPSLatitudeRef=N',
  ]);
}, SETUP_TIMEOUT_MS);

describe('the packed metaclean, installed without dev dependencies', () => {
  it('installs nothing but itself, and carries the built command, library and types', () => {
    const packages = readdirSync(join(prefix, 'node_modules')).filter(
      (name) => !name.startsWith('.'),
    );
    expect(packages).toEqual(['metaclean']);
    const installed = listTree(join(prefix, 'node_modules', 'metaclean')).map(
      (l) => l.split(' ')[0],
    );
    expect(installed).toEqual(
      expect.arrayContaining([
        'cli/bin.cjs',
        'cli/load-command.cjs',
        'dist-cli/command/manifest.json',
        'dist-cli/start.cjs',
        'dist-cli/metaclean.mjs',
        'dist-cli/library.mjs',
        'dist-cli/types/cli/library.d.ts',
      ]),
    );
    // Every chunk the bundles load lazily (a format's parsers, the report's words) is packed.
    const chunks = readdirSync(join(ROOT, 'dist-cli', 'chunks'));
    expect(chunks.length).toBeGreaterThan(0);
    expect(installed).toEqual(
      expect.arrayContaining(chunks.map((c) => `dist-cli/chunks/${c}`)),
    );
    // The command's code cache, made at build time (cli/build-cached-command.mjs), is packed.
    expect(
      installed.some(
        (p) => p.startsWith('dist-cli/command/') && p.endsWith('.cjs.v8'),
      ),
    ).toBe(true);
    expect(
      installed.some((p) => p.endsWith('.ts') && !p.endsWith('.d.ts')),
    ).toBe(false);
  });

  it('prints its version and cleans a photo, writing nothing beside the install', () => {
    const before = listTree(join(prefix, 'node_modules'));
    const version = spawnSync(bin, ['--version'], { encoding: 'utf8' });
    expect(version.status).toBe(0);
    const { version: expected } = JSON.parse(
      readFileSync(join(ROOT, 'package.json'), 'utf8'),
    );
    expect(version.stdout.trim()).toBe(`metaclean ${expected}`);

    expect(exiftoolSays(photo)).toContain(CANARY);
    const out = join(tempDir('metaclean-pack-out'), 'clean.jpg');
    const cleaned = spawnSync(bin, ['-o', out, photo], { encoding: 'utf8' });
    expect(cleaned.status).toBe(0);
    const after = exiftoolSays(out);
    expect(after).not.toContain(CANARY);
    expect(after).not.toMatch(/GPS/);
    expect(listTree(join(prefix, 'node_modules'))).toEqual(before);
  });

  it('answers --check with 3 when metadata is found and 0 when none is', () => {
    const found = spawnSync(bin, ['--check', photo], { encoding: 'utf8' });
    expect(found.status).toBe(3);
    const out = join(tempDir('metaclean-pack-check'), 'clean.jpg');
    expect(spawnSync(bin, ['-o', out, photo]).status).toBe(0);
    expect(spawnSync(bin, ['--check', out]).status).toBe(0);
  });

  it('is importable as a library that cleans bytes in memory', () => {
    const script = `
      import { readFileSync } from 'node:fs';
      import { clean, inspect } from 'metaclean';
      const input = readFileSync(process.argv[1]);
      const seen = await inspect(input);
      const result = await clean(new Uint8Array(input));
      process.stdout.write(JSON.stringify({
        format: result.format.id,
        found: seen.findings.length,
        removed: result.removed.length,
        bytes: Buffer.from(result.bytes).toString('latin1'),
      }));`;
    const run = spawnSync(
      process.execPath,
      ['--input-type=module', '-e', script, photo],
      {
        cwd: prefix,
        encoding: 'utf8',
      },
    );
    expect(run.stderr).toBe('');
    const answer = JSON.parse(run.stdout);
    expect(answer.format).toBe('jpeg');
    expect(answer.found).toBeGreaterThan(0);
    expect(answer.removed).toBeGreaterThan(0);
    expect(readFileSync(photo, 'latin1')).toContain(CANARY);
    expect(answer.bytes).not.toContain(CANARY);
  });
});
