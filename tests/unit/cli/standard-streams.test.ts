/**
 * `metaclean -` (standard input) and `-o -` (standard output): binary round trips judged by the
 * leak oracle, the report line kept off the data stream, and the runs that cannot use them refused.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, jsonLines } from '../../helpers/cli-run';
import { convert } from '../../helpers/image-tools';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import { tempDir } from '../../helpers/video-tools';

const CANARY = 'CANARYSTDIO4k';
const GPS = { lat: 38.8977, lon: -77.0365 };
let dir = '';
let photo = '';
let original = new Uint8Array();

/** Runs the CLI with `input` on standard input; standard output comes back as bytes. */
function run(args: readonly string[], input: Uint8Array = new Uint8Array()) {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    input,
    maxBuffer: 64 * 1024 * 1024,
  });
  return {
    code: result.status,
    stdout: new Uint8Array(result.stdout),
    stderr: result.stderr.toString('utf8'),
  };
}

beforeAll(() => {
  dir = tempDir('metaclean-stdio');
  photo = join(dir, 'photo.jpg');
  convert(['-size', '24x24', 'gradient:white-black', photo]);
  spawnSync('exiftool', [
    '-q',
    '-overwrite_original',
    `-Make=${CANARY}`,
    `-GPSLatitude=${GPS.lat}`,
    '-GPSLatitudeRef=N',
    `-GPSLongitude=${-GPS.lon}`,
    '-GPSLongitudeRef=W',
    photo,
  ]);
  original = new Uint8Array(readFileSync(photo));
});

describe('metaclean with standard streams', () => {
  it('cleans standard input to standard output, saying so on standard error', () => {
    const result = run(['-'], original);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/^standard input -> standard output \(JPG\)/);
    expect([...result.stdout.subarray(0, 2)]).toEqual([0xff, 0xd8]);
    expectNoLeaks(original, result.stdout, [CANARY, GPS]);
  });

  it('cleans a file to standard output with -o -', () => {
    const result = run(['-o', '-', photo]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('-> standard output');
    expectNoLeaks(original, result.stdout, [CANARY, GPS]);
    expect(readdirNames()).toEqual(['photo.jpg']);
  });

  it('cleans standard input into the file -o names', () => {
    const out = join(tempDir('metaclean-stdio-out'), 'clean.jpg');
    const result = run(['-o', out, '-'], original);
    expect(result.code).toBe(0);
    expect(result.stdout.length).toBeGreaterThan(0); // the report line
    expectNoLeaks(original, new Uint8Array(readFileSync(out)), [CANARY, GPS]);
  });

  it('inspects standard input as JSON, writing nothing', () => {
    const result = run(['--inspect', '--json', '-'], original);
    expect(result.code).toBe(0);
    const [record] = jsonLines(Buffer.from(result.stdout).toString('utf8'));
    expect(record.file).toBe('-');
    expect(record.status).toBe('inspected');
    expect(JSON.stringify(record.findings)).toContain(CANARY);
  });

  it('fails closed on damaged standard input: an error line, nothing on standard output', () => {
    const result = run(['-'], original.subarray(0, 200));
    expect(result.code).toBe(1);
    expect(result.stdout.length).toBe(0);
    expect(result.stderr).toMatch(
      /^metaclean: standard input: the file seems damaged or incomplete, so it cannot be cleaned safely \(corrupt: /,
    );
  });

  it.each([
    [['--in-place', '-'], '--in-place needs a file'],
    [['--undo', '-'], '--undo needs a file'],
    [['-', '-'], 'standard input (-) can be read once'],
    [
      ['--json', '-'],
      '--json and the cleaned file cannot share standard output',
    ],
    [['--json', '-o', '-', 'x.jpg'], '--json and the cleaned file'],
    [['--out-dir', 'd', '-'], '--out-dir needs file names'],
  ])('refuses %j as usage (exit 2)', (args, message) => {
    const result = run(args, original);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stdout.length).toBe(0);
  });

  // `script` gives the run a terminal as standard output, as an interactive shell does.
  it.skipIf(spawnSync('script', ['--version']).status !== 0)(
    'refuses to write the cleaned file to a terminal (exit 2, nothing written)',
    () => {
      const result = spawnSync(
        'script',
        ['-qec', `"${process.execPath}" "${BIN}" -o - "${photo}"`, '/dev/null'],
        { encoding: 'utf8' },
      );
      expect(result.status).toBe(2);
      expect(result.stdout).toContain('would be written to the terminal');
      expect(result.stdout.length).toBeLessThan(original.length);
    },
  );

  it('does not leave an output file when the written output would replace an existing one', () => {
    const out = join(dir, 'taken.jpg');
    writeFileSync(out, 'keep me');
    const result = run(['-o', out, '-'], original);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('output-exists');
    expect(readFileSync(out, 'utf8')).toBe('keep me');
    expect(existsSync(`${out}.tmp`)).toBe(false);
  });
});

function readdirNames(): string[] {
  return spawnSync('ls', ['-A', dir]).stdout.toString().trim().split('\n');
}
