/**
 * `metaclean --in-place` on generated MP4 and Matroska movies with planted canaries, judged by
 * exiftool, ffprobe and ffmpeg's per-frame digests; an interrupted run (SIGKILL between patches)
 * undone byte for byte by `--undo`, and refused by every other run until then.
 */
import {
  appendFileSync,
  closeSync,
  copyFileSync,
  existsSync,
  openSync,
  readdirSync,
  readFileSync,
  statSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { includes, LOCATION, taggedMovie } from '../../helpers/cli-fixtures';
import { runCli, jsonLines } from '../../helpers/cli-run';
import {
  exiftool,
  ffprobe,
  framemd5,
  tempDir,
} from '../../helpers/video-tools';

const CANARY = 'CANARYINPLACE5m';
const JOURNAL_SUFFIX = '.metaclean-undo';

let fixtures = '';
const movies: Record<string, string> = {};

beforeAll(() => {
  fixtures = tempDir('metaclean-in-place');
  movies['MP4, moov at the end'] = taggedMovie(fixtures, 'end.mp4', CANARY);
  movies['MP4, moov at the front'] = taggedMovie(
    fixtures,
    'front.mp4',
    CANARY,
    ['-movflags', '+faststart'],
  );
  movies['Matroska'] = taggedMovie(fixtures, 'movie.mkv', CANARY);
});

/** A copy of a fixture in a folder of its own, so what is left beside it can be listed. */
function copyOf(source: string) {
  const dir = tempDir('metaclean-in-place-run');
  const file = join(dir, source.slice(source.lastIndexOf('/') + 1));
  copyFileSync(source, file);
  return { dir, file, name: file.slice(dir.length + 1) };
}

/** What exiftool and ffprobe read, in one string, to search for canaries. */
const independentView = (file: string) => exiftool(file) + ffprobe(file);

describe.each(['MP4, moov at the end', 'MP4, moov at the front', 'Matroska'])(
  'metaclean --in-place on %s',
  (kind) => {
    it('writes only the changed bytes: canaries gone, frames identical, nothing left beside it', async () => {
      const { dir, file, name } = copyOf(movies[kind]!);
      const before = readFileSync(file);
      expect(includes(before, CANARY)).toBe(true);
      expect(independentView(file)).toContain(CANARY);
      const frames = framemd5(file);

      const result = await runCli(['--json', '--in-place', file]);

      expect(result.code).toBe(0);
      const [outcome] = jsonLines(result.stdout);
      expect(outcome.output).toBe(file);
      expect(outcome.patchedBytes).toBeGreaterThan(0);
      const after = readFileSync(file);
      expect(after.length).toBe(before.length);
      expect(includes(after, CANARY)).toBe(false);
      expect(includes(after, LOCATION.slice(0, 8))).toBe(false);
      const view = independentView(file);
      expect(view).not.toContain(CANARY);
      expect(view).not.toContain('48.8584');
      expect(framemd5(file)).toBe(frames);
      const changed = after.reduce(
        (n, b, i) => n + (b === before[i] ? 0 : 1),
        0,
      );
      expect(changed).toBeLessThanOrEqual(outcome.patchedBytes);
      expect(readdirSync(dir)).toEqual([name]);
    });

    it('gives the same bytes as the cleaned copy', async () => {
      const { dir, file } = copyOf(movies[kind]!);
      const copy = join(dir, 'copy.out');
      expect((await runCli(['-o', copy, file])).code).toBe(0);
      expect((await runCli(['--in-place', file])).code).toBe(0);
      expect(readFileSync(file).equals(readFileSync(copy))).toBe(true);
    });
  },
);

describe('an interrupted --in-place run', () => {
  async function interrupted(kind: string) {
    const run = copyOf(movies[kind]!);
    const original = readFileSync(run.file);
    const cleaned = join(tempDir('metaclean-in-place-ref'), 'cleaned');
    expect((await runCli(['-o', cleaned, run.file])).code).toBe(0);
    const mtimeMs = statSync(run.file).mtimeMs;
    const result = await runCli(['--in-place', run.file], {
      fault: 'patched:kill',
    });
    expect(result.signal).toBe('SIGKILL');
    const journal = run.file + JOURNAL_SUFFIX;
    expect(existsSync(journal)).toBe(true);
    expect(statSync(journal).mode & 0o077).toBe(0);
    // Killed between patches: neither the original nor the cleaned file.
    const half = readFileSync(run.file);
    expect(half.equals(original)).toBe(false);
    expect(half.equals(readFileSync(cleaned))).toBe(false);
    return { ...run, original, mtimeMs, journal };
  }

  it.each(['MP4, moov at the end', 'Matroska'])(
    'on %s is put back byte for byte by --undo, times included',
    async (kind) => {
      const { dir, file, name, original, mtimeMs, journal } =
        await interrupted(kind);
      const result = await runCli(['--undo', file]);
      expect(result.code).toBe(0);
      expect(readFileSync(file).equals(original)).toBe(true);
      expect(Math.abs(statSync(file).mtimeMs - mtimeMs)).toBeLessThan(1);
      expect(existsSync(journal)).toBe(false);
      expect(readdirSync(dir)).toEqual([name]);
    },
  );

  it.each([
    ['an --in-place run', (file: string) => ['--json', '--in-place', file]],
    [
      'a copy-mode run',
      (file: string) => ['--json', '-o', `${file}.out`, file],
    ],
    ['--inspect', (file: string) => ['--json', '--inspect', file]],
  ])(
    'makes %s refuse (journal-waiting) and write nothing; --undo then a clean work',
    async (_mode, args) => {
      const { dir, file, original } = await interrupted('Matroska');
      const half = readFileSync(file);
      const listed = readdirSync(dir).sort();

      const refused = await runCli(args(file));

      expect(refused.code).toBe(1);
      expect(jsonLines(refused.stdout)[0].error.code).toBe('journal-waiting');
      expect(readFileSync(file).equals(half)).toBe(true);
      expect(readdirSync(dir).sort()).toEqual(listed);
      expect((await runCli(['--undo', file])).code).toBe(0);
      expect(readFileSync(file).equals(original)).toBe(true);
      expect((await runCli(['--in-place', file])).code).toBe(0);
      expect(includes(readFileSync(file), CANARY)).toBe(false);
    },
  );

  it('is refused by --undo (journal-mismatch) when the file was resized since', async () => {
    const { file, journal } = await interrupted('MP4, moov at the end');
    appendFileSync(file, 'x');
    const before = readFileSync(file);
    const result = await runCli(['--json', '--undo', file]);
    expect(result.code).toBe(1);
    expect(jsonLines(result.stdout)[0].error.code).toBe('journal-mismatch');
    expect(readFileSync(file).equals(before)).toBe(true);
    expect(existsSync(journal)).toBe(true);
  });

  it('is refused by --undo when a patched byte holds neither the original nor the patch', async () => {
    const { file, journal, original } = await interrupted('Matroska');
    const now = readFileSync(file);
    const at = now.findIndex((b, i) => b !== original[i]);
    const neither = [0, 1, 2].find((b) => b !== now[at] && b !== original[at])!;
    const fd = openSync(file, 'r+');
    writeSync(fd, Uint8Array.of(neither), 0, 1, at);
    closeSync(fd);
    const result = await runCli(['--json', '--undo', file]);
    expect(jsonLines(result.stdout)[0].error.code).toBe('journal-mismatch');
    expect(existsSync(journal)).toBe(true);
  });
});

describe('metaclean --in-place refuses', () => {
  it('a file modified after its analysis, before the first write (unreadable)', async () => {
    const { dir, file, name } = copyOf(movies['MP4, moov at the end']!);
    const result = await runCli(['--json', '--in-place', file], {
      fault: 'planned:pause',
      onPause: async () => {
        await sleep(20);
        const fd = openSync(file, 'r+');
        writeSync(fd, 'Z', statSync(file).size - 1);
        closeSync(fd);
        return 'resume';
      },
    });
    expect(jsonLines(result.stdout)[0].error.code).toBe('unreadable');
    expect(includes(readFileSync(file), CANARY)).toBe(true);
    expect(readdirSync(dir)).toEqual([name]);
  });

  it('--undo on a file without a journal (no-journal)', async () => {
    const { file } = copyOf(movies['Matroska']!);
    const result = await runCli(['--json', '--undo', file]);
    expect(result.code).toBe(1);
    expect(jsonLines(result.stdout)[0].error.code).toBe('no-journal');
  });
});
