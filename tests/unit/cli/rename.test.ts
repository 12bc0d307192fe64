/**
 * What a file's name gives away, said by the CLI, and `--rename`: copies named by their kind,
 * numbered, never replacing a file; the metadata judged by exiftool on the input first.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { jsonLines, runCli } from '../../helpers/cli-run';
import { convert, exiftoolWrite, tempDir } from '../../helpers/image-tools';

const CANARY = 'RenameCanary8w';
let photo = new Uint8Array();

beforeAll(() => {
  const file = join(tempDir('metaclean-rename-src'), 'p.jpg');
  convert(['-size', '8x8', 'xc:navy', file]);
  exiftoolWrite(file, [`-Artist=${CANARY}`]);
  photo = new Uint8Array(readFileSync(file));
});

function folderWith(...names: string[]): string {
  const dir = tempDir('metaclean-rename');
  for (const name of names) writeFileSync(join(dir, name), photo);
  return dir;
}

const exifArtist = (file: string) =>
  execFileSync('exiftool', ['-s3', '-Artist', file], { encoding: 'utf8' });

describe('metaclean and file names', () => {
  it('says what a name gives away, and that the copy named after it keeps it', async () => {
    const dir = folderWith('IMG_20170209_195104.jpg');
    const run = await runCli([join(dir, 'IMG_20170209_195104.jpg')]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      'the name IMG_20170209_195104.jpg holds a date and a time of day; --rename names copies by their kind',
    );
  });

  it('--rename names copies by kind, numbered, past files already there, and cleans them', async () => {
    const dir = folderWith(
      'IMG_20170209_195104.jpg',
      'Mariana Souza - CV.jpg',
      'photo.jpg',
    );
    const inputs = ['IMG_20170209_195104.jpg', 'Mariana Souza - CV.jpg'].map(
      (n) => join(dir, n),
    );
    expect(exifArtist(inputs[0]!)).toContain(CANARY);
    const run = await runCli(['--json', '--rename', ...inputs]);
    expect(run.code).toBe(0);
    const records = jsonLines(run.stdout);
    expect(records.map((r) => r.output)).toEqual([
      join(dir, 'photo-2.jpg'),
      join(dir, 'photo-3.jpg'),
    ]);
    expect(records.map((r) => r.nameRisks)).toEqual([
      ['date', 'time'],
      ['person'],
    ]);
    expect(readFileSync(join(dir, 'photo.jpg'))).toEqual(Buffer.from(photo));
    for (const out of ['photo-2.jpg', 'photo-3.jpg'])
      expect(exifArtist(join(dir, out))).not.toContain(CANARY);
    expect(readdirSync(dir).sort()).toEqual(
      [
        'IMG_20170209_195104.jpg',
        'Mariana Souza - CV.jpg',
        'photo-2.jpg',
        'photo-3.jpg',
        'photo.jpg',
      ].sort(),
    );
  });

  it('gives a name that says nothing no note and no nameRisks', async () => {
    const dir = folderWith('DSC_0042.jpg');
    const run = await runCli(['--json', join(dir, 'DSC_0042.jpg')]);
    expect(jsonLines(run.stdout)[0].nameRisks).toBeUndefined();
    const text = await runCli(['--force', join(dir, 'DSC_0042.jpg')]);
    expect(text.stdout).not.toContain('the name');
  });

  it('refuses --rename with -o or --in-place (usage)', async () => {
    const run = await runCli(['--rename', '--in-place', 'x.jpg']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--rename');
  });
});
