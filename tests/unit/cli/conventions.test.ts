/**
 * The command line's conventions, as people meet them: running twice never piles up copies or
 * replaces a file without --force, failures speak in words, bad usage is one line with a hint,
 * and a run of several files ends with a summary line. Canaries are read by exiftool first.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, runCli, jsonLines } from '../../helpers/cli-run';
import { convert, exiftoolWrite, tempDir } from '../../helpers/image-tools';

const CANARY = 'ConventionsCanary3k';
let photo = '';

beforeAll(() => {
  photo = join(tempDir('metaclean-conventions-src'), 'a.jpg');
  convert(['-size', '8x8', 'xc:olive', photo]);
  exiftoolWrite(photo, [`-Artist=${CANARY}`]);
});

function folderWithPhoto(): { dir: string; file: string } {
  const dir = tempDir('metaclean-conventions');
  const file = join(dir, 'a.jpg');
  writeFileSync(file, readFileSync(photo));
  return { dir, file };
}

describe('metaclean run twice on the same files', () => {
  it('skips its own cleaned copies, and never replaces one without --force', async () => {
    const { dir, file } = folderWithPhoto();
    expect(execFileSync('exiftool', [file], { encoding: 'utf8' })).toContain(
      CANARY,
    );
    expect((await runCli([file])).code).toBe(0);
    const copy = join(dir, 'cleaned_a.jpg');
    expect(
      execFileSync('exiftool', [copy], { encoding: 'utf8' }),
    ).not.toContain(CANARY);
    writeFileSync(copy, 'edited by hand since');

    const again = await runCli(['--json', file, copy]);

    expect(again.code).toBe(1);
    const [first, second] = jsonLines(again.stdout);
    expect(first.error.code).toBe('output-exists');
    expect(second.skipped).toMatch(/cleaned copy/);
    expect(readFileSync(copy, 'utf8')).toBe('edited by hand since');
    expect(readdirSync(dir).sort()).toEqual(['a.jpg', 'cleaned_a.jpg']);

    expect((await runCli(['--force', file])).code).toBe(0);
    expect(readFileSync(copy, 'utf8')).not.toBe('edited by hand since');
  });

  it('ends a run of several files with a summary line on stderr', async () => {
    const { dir, file } = folderWithPhoto();
    const notes = join(dir, 'notes.xyz');
    writeFileSync(notes, 'no known signature here');
    const run = await runCli([file, notes]);
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n').at(-1)).toBe(
      '1 cleaned, 0 already clean, 1 not supported, 0 failed',
    );
  });
});

describe('metaclean words', () => {
  it('says a missing output folder in words, never naming its temporary file', async () => {
    const { dir, file } = folderWithPhoto();
    const run = await runCli([file, '-o', join(dir, 'missing', 'x.jpg')]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('no such file or folder');
    expect(run.stderr).not.toMatch(/metaclean-\d+|ENOENT/);
    expect(existsSync(join(dir, 'missing'))).toBe(false);
  });

  it('says a folder given without -r is a folder, and how to clean what it holds', async () => {
    const { dir } = folderWithPhoto();
    const run = await runCli([dir]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `${dir}: cannot be read (unreadable: a folder: with -r metaclean takes the files in it)`,
    );
  });

  it('answers an unknown option with one line and a hint, not the whole usage', async () => {
    const run = await runCli(['--bogus', 'a.jpg']);
    expect(run.code).toBe(2);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('--bogus');
    expect(lines[1]).toContain('--help');
  });

  it('lists the formats it cleans, from the engine catalog', async () => {
    const run = await runCli(['--list-formats', '--json']);
    expect(run.code).toBe(0);
    const ids = JSON.parse(run.stdout).map((f: { id: string }) => f.id);
    expect(ids).toEqual(expect.arrayContaining(['jpeg', 'mp4', 'pdf', 'docx']));
  });
});

describe('metaclean --json numbers', () => {
  it('gives the planted position, height and date as numbers and ISO text, as exiftool reads them', async () => {
    const { file } = folderWithPhoto();
    exiftoolWrite(file, [
      '-GPSLatitude=47.627167',
      '-GPSLatitudeRef=N',
      '-GPSLongitude=122.337333',
      '-GPSLongitudeRef=W',
      '-GPSAltitude=12.5',
      '-GPSAltitudeRef=0',
      '-DateTimeOriginal=2024:03:01 09:14:22',
    ]);
    const read = execFileSync(
      'exiftool',
      ['-n', '-s3', '-GPSLatitude', '-GPSLongitude', '-GPSAltitude', file],
      { encoding: 'utf8' },
    )
      .trim()
      .split('\n')
      .map(Number);
    const run = await runCli(['--inspect', '--json', file]);
    const [record] = jsonLines(run.stdout);
    const byField = (id: string) =>
      record.findings.find((f: { field?: string }) => f.field === id);
    expect(byField('gps.position').position.lat).toBeCloseTo(read[0]!, 5);
    expect(byField('gps.position').position.lon).toBeCloseTo(read[1]!, 5);
    expect(byField('gps.altitude')).toMatchObject({
      number: read[2],
      unit: 'm',
    });
    expect(byField('time.taken').date).toBe('2024-03-01T09:14:22');
  });
});

describe('metaclean progress', () => {
  // `script` runs the command with a terminal, as an interactive shell does.
  const hasScript = (() => {
    try {
      execFileSync('script', ['--version'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();

  it.skipIf(!hasScript)(
    'shows a self-erasing status line on a terminal, and none when piped',
    async () => {
      const { dir, file } = folderWithPhoto();
      const second = join(dir, 'b.jpg');
      writeFileSync(second, readFileSync(file));
      const onTerminal = execFileSync(
        'script',
        [
          '-qec',
          `"${process.execPath}" "${BIN}" "${file}" "${second}"`,
          '/dev/null',
        ],
        { encoding: 'utf8' },
      );
      expect(onTerminal).toContain('[1/2] ');
      expect(onTerminal).toContain('[2/2] ');
      expect(onTerminal).toContain('\r\x1b[K');
      const piped = await runCli(['--force', file, second]);
      expect(piped.stderr).not.toContain('[1/2]');
      expect(piped.stderr).not.toContain('\x1b');
    },
  );
});
