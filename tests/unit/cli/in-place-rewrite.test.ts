/**
 * `metaclean --in-place` on formats whose cleaned file is laid out differently (JPEG, PNG, FLAC,
 * PDF, DOCX): the file is replaced by its cleaned copy through a temporary file and a rename.
 * Judged by the leak oracle (each canary found in the input first); permissions, links and kills
 * at each fault point checked on the file system.
 */
import {
  chmodSync,
  linkSync,
  lstatSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { jsonLines, runCli } from '../../helpers/cli-run';
import { convert } from '../../helpers/image-tools';
import { expectNoLeaks, locateCanaries } from '../../helpers/leak-oracle';
import { syntheticDocx } from '../../helpers/office-fixtures';
import { buildPdf, type PdfBody } from '../../helpers/pdf-fixtures';
import { tempDir } from '../../helpers/video-tools';

const CANARY = 'CANARYREWRITE7q';
const GPS = { lat: 47.627167, lon: -122.337333 };

let fixtures = '';
const inputs: Record<
  string,
  { path: string; canaries: (string | typeof GPS)[] }
> = {};

function jpegWithGps(dir: string): string {
  const file = join(dir, 'photo.jpg');
  convert(['-size', '32x32', 'gradient:red-blue', file]);
  execFileSync('exiftool', [
    '-q',
    '-overwrite_original',
    `-Artist=${CANARY}`,
    `-GPSLatitude=${GPS.lat}`,
    '-GPSLatitudeRef=N',
    `-GPSLongitude=${-GPS.lon}`,
    '-GPSLongitudeRef=W',
    file,
  ]);
  return file;
}

function pngWithText(dir: string): string {
  const file = join(dir, 'picture.png');
  convert(['-size', '16x16', 'xc:green', '-set', 'comment', CANARY, file]);
  return file;
}

function flacWithTags(dir: string): string {
  const file = join(dir, 'song.flac');
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'sine=duration=0.2',
    '-metadata',
    `artist=${CANARY}`,
    file,
  ]);
  return file;
}

function pdfWithInfo(dir: string): string {
  const file = join(dir, 'paper.pdf');
  const content = 'BT /F1 12 Tf 72 720 Td (Hello) Tj ET';
  const bodies = new Map<number, PdfBody>([
    [1, '<< /Type /Catalog /Pages 2 0 R >>'],
    [2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>'],
    [
      3,
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    ],
    [4, { dict: '', data: new TextEncoder().encode(content) }],
    [5, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'],
    [9, `<< /Author (${CANARY}) /Producer (${CANARY}) >>`],
  ]);
  writeFileSync(file, buildPdf(bodies, '/Root 1 0 R /Info 9 0 R'));
  return file;
}

beforeAll(() => {
  fixtures = tempDir('metaclean-rewrite');
  inputs['JPEG'] = { path: jpegWithGps(fixtures), canaries: [CANARY, GPS] };
  inputs['PNG'] = { path: pngWithText(fixtures), canaries: [CANARY] };
  inputs['FLAC'] = { path: flacWithTags(fixtures), canaries: [CANARY] };
  inputs['PDF'] = { path: pdfWithInfo(fixtures), canaries: [CANARY] };
  const docx = join(fixtures, 'letter.docx');
  writeFileSync(docx, syntheticDocx());
  inputs['DOCX'] = { path: docx, canaries: ['CANARY_TRACK_AUTHOR'] };
});

/** A copy of a fixture alone in a new folder, with the given permission bits. */
function copyOf(kind: string, mode = 0o640) {
  const source = inputs[kind]!.path;
  const dir = tempDir('metaclean-rewrite-run');
  const name = source.slice(source.lastIndexOf('/') + 1);
  const file = join(dir, name);
  writeFileSync(file, readFileSync(source));
  chmodSync(file, mode);
  return { dir, file, name };
}

describe.each(['JPEG', 'PNG', 'FLAC', 'PDF', 'DOCX'])(
  'metaclean --in-place on %s (rewritten)',
  (kind) => {
    it('replaces the file by its cleaned copy, keeping its permissions, leaving nothing beside it', async () => {
      const { dir, file, name } = copyOf(kind);
      const before = readFileSync(file);
      const inode = statSync(file).ino;

      const result = await runCli(['--json', '--in-place', file]);

      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      const [record] = jsonLines(result.stdout);
      expect(record.status).toBe('cleaned');
      expect(record.rewritten).toBe(true);
      expect(record.output).toBe(file);
      const after = readFileSync(file);
      expectNoLeaks(before, after, inputs[kind]!.canaries);
      expect(statSync(file).mode & 0o777).toBe(0o640);
      expect(statSync(file).ino).not.toBe(inode);
      expect(readdirSync(dir)).toEqual([name]);
    });

    it('is interrupted (SIGKILL) after its plan and leaves the original whole', async () => {
      const { dir, file, name } = copyOf(kind);
      const before = readFileSync(file);
      const result = await runCli(['--in-place', file], {
        fault: 'planned:kill',
      });
      expect(result.signal).toBe('SIGKILL');
      expect(readFileSync(file).equals(before)).toBe(true);
      expect(readdirSync(dir)).toEqual([name]);
    });
  },
);

describe('metaclean --in-place by rewriting', () => {
  it('killed while writing the copy: the original stays, the next run removes nothing it should not and cleans', async () => {
    const { dir, file, name } = copyOf('JPEG');
    const before = readFileSync(file);
    const killed = await runCli(['--in-place', file], {
      fault: 'copying:kill',
    });
    expect(killed.signal).toBe('SIGKILL');
    expect(readFileSync(file).equals(before)).toBe(true);
    // The killed run's temporary file may stay (SIGKILL runs no clean-up); it is never the name.
    expect(readdirSync(dir)).toContain(name);
    const again = await runCli(['--in-place', file]);
    expect(again.code).toBe(0);
    expectNoLeaks(before, readFileSync(file), inputs['JPEG']!.canaries);
  });

  it('keeps a symbolic link a link and cleans the file it names', async () => {
    const { dir, file } = copyOf('PNG');
    const before = readFileSync(file);
    const link = join(dir, 'link.png');
    symlinkSync(file, link);
    const result = await runCli(['--in-place', link]);
    expect(result.code).toBe(0);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expectNoLeaks(before, readFileSync(file), [CANARY]);
  });

  it('refuses a file with hard links (needs-rewrite), leaving both names as they were', async () => {
    const { dir, file } = copyOf('PNG');
    const before = readFileSync(file);
    const other = join(dir, 'other-name.png');
    linkSync(file, other);
    const result = await runCli(['--json', '--in-place', file]);
    expect(result.code).toBe(1);
    const [record] = jsonLines(result.stdout);
    expect(record.error.code).toBe('needs-rewrite');
    expect(record.error.detail).toContain('hard links');
    expect(readFileSync(file).equals(before)).toBe(true);
    expect(statSync(other).ino).toBe(statSync(file).ino);
  });

  it('leaves an already clean file untouched (same inode, nothing written)', async () => {
    const { file } = copyOf('PNG');
    await runCli(['--in-place', file]);
    const clean = readFileSync(file);
    expect(locateCanaries(clean, [CANARY])[CANARY]).toEqual([]);
    const inode = statSync(file).ino;
    const result = await runCli(['--json', '--in-place', file]);
    expect(result.code).toBe(0);
    expect(jsonLines(result.stdout)[0].status).toBe('already-clean');
    expect(statSync(file).ino).toBe(inode);
    expect(readFileSync(file).equals(clean)).toBe(true);
  });
});
