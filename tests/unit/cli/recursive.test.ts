/**
 * `metaclean -r`: folders walked in name order, hidden files, links, metaclean's own files and
 * sidecars passed over and said so (JSON records checked against the schema), copies mirroring
 * the folders under the output folder, and a link loop walked once.
 */
import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { jsonLines, runCli } from '../../helpers/cli-run';
import { CANARY_GPS } from '../../helpers/image-exif-builder';
import { tempDir } from '../../helpers/image-tools';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import { CANARY, gpsJpeg } from '../../helpers/office-fixtures';

const DJI_LOG =
  '1\n00:00:00,000 --> 00:00:00,033\nFrameCnt: 1, DiffTime: 33ms\n[iso: 100] [latitude: -33.8567] [longitude: 151.2152]\n';

/** A folder of photos with everything a walk must pass over, in a fresh temporary folder. */
function photoTree(): { root: string; photos: string; jpeg: Uint8Array } {
  const root = tempDir('metaclean-r');
  const photos = join(root, 'photos');
  mkdirSync(join(photos, '2024'), { recursive: true });
  mkdirSync(join(photos, '.git'));
  const jpeg = gpsJpeg(root, 'source.jpg');
  writeFileSync(join(photos, 'a.jpg'), jpeg);
  writeFileSync(join(photos, '2024', 'b.jpg'), jpeg);
  writeFileSync(join(photos, '.hidden.jpg'), jpeg);
  writeFileSync(join(photos, '.git', 'c.jpg'), jpeg);
  writeFileSync(join(photos, 'a.AAE'), `<plist>${CANARY}</plist>`);
  writeFileSync(join(photos, 'Thumbs.db'), 'thumbnails');
  writeFileSync(join(photos, 'flight.srt'), DJI_LOG);
  writeFileSync(join(photos, 'cleaned_old.jpg'), jpeg);
  writeFileSync(join(photos, 'a.jpg.metaclean-123.tmp'), jpeg);
  symlinkSync('a.jpg', join(photos, 'link.jpg'));
  symlinkSync('.', join(photos, 'loop'));
  return { root, photos, jpeg };
}

const byFile = (records: Record<string, unknown>[], root: string) =>
  Object.fromEntries(
    records.map((r) => [(r.file as string).slice(root.length + 1), r]),
  );

describe('metaclean -r', () => {
  let tree: ReturnType<typeof photoTree>;
  let out: string;
  let records: Record<string, Record<string, unknown>>;
  let stderr: string;

  beforeAll(async () => {
    tree = photoTree();
    out = join(tree.root, 'out');
    const run = await runCli(['-r', '--json', tree.photos, '-o', out]);
    expect(run.code, run.stderr).toBe(0);
    records = byFile(jsonLines(run.stdout), tree.root);
    stderr = run.stderr;
  }, 120_000);

  it('cleans every photo into the output folder, mirroring the folders', () => {
    expect(records['photos/a.jpg']).toMatchObject({
      status: 'cleaned',
      output: join(out, 'photos', 'cleaned_a.jpg'),
    });
    expect(records['photos/2024/b.jpg']).toMatchObject({
      status: 'cleaned',
      output: join(out, 'photos', '2024', 'cleaned_b.jpg'),
    });
    for (const copy of ['cleaned_a.jpg', '2024/cleaned_b.jpg'])
      expectNoLeaks(
        tree.jpeg,
        new Uint8Array(readFileSync(join(out, 'photos', copy))),
        [CANARY, CANARY_GPS],
      );
  });

  it('passes over hidden files and folders, links and its own files, one record each', () => {
    const reasons = Object.fromEntries(
      Object.entries(records)
        .filter(([, r]) => r.status === 'skipped')
        .map(([file, r]) => [file, r.reason]),
    );
    expect(reasons).toEqual({
      'photos/.git': 'hidden',
      'photos/.hidden.jpg': 'hidden',
      'photos/a.AAE': 'sidecar',
      'photos/a.jpg.metaclean-123.tmp': 'own-file',
      'photos/cleaned_old.jpg': 'cleaned-copy',
      'photos/flight.srt': 'sidecar',
      'photos/link.jpg': 'symlink',
      'photos/loop': 'symlink',
      'photos/Thumbs.db': 'sidecar',
    });
    expect(existsSync(join(out, 'photos', '.git'))).toBe(false);
    expect(existsSync(join(out, 'photos', 'cleaned_.hidden.jpg'))).toBe(false);
  });

  it('names each sidecar left out and what it holds, and copies none', () => {
    expect(records['photos/a.AAE']).toMatchObject({
      sidecar: { kind: 'apple-edits', belongsTo: join(tree.photos, 'a.jpg') },
      skipped: 'left out: it holds the edits of a.jpg and when they were made',
    });
    expect(records['photos/flight.srt']).toMatchObject({
      sidecar: { kind: 'dji-srt' },
    });
    expect(records['photos/Thumbs.db']).toMatchObject({
      sidecar: { kind: 'thumbs-db' },
    });
    expect(existsSync(join(out, 'photos', 'cleaned_a.AAE'))).toBe(false);
  });

  it('prints only the records, one per file met', () => {
    expect(stderr).toBe('');
    expect(Object.keys(records)).toHaveLength(11);
  });
});

describe('metaclean -r in text mode', () => {
  it('writes copies beside the inputs and ends with a summary of everything', async () => {
    const tree = photoTree();
    const run = await runCli(['-r', tree.photos]);
    expect(run.code, run.stderr).toBe(0);
    expect(existsSync(join(tree.photos, 'cleaned_a.jpg'))).toBe(true);
    expect(existsSync(join(tree.photos, '2024', 'cleaned_b.jpg'))).toBe(true);
    expect(run.stdout).toContain(
      'a.AAE: left out: it holds the edits of a.jpg and when they were made',
    );
    expect(run.stdout).toContain(
      'link.jpg: skipped (a symbolic link, not followed',
    );
    expect(run.stderr.trim()).toBe(
      "2 cleaned, 0 already clean, 6 skipped (2 hidden, 2 symbolic links, 1 cleaned copy, 1 metaclean's own), 3 sidecars left out, 0 not supported, 0 failed",
    );
  }, 120_000);

  it('cleans a folder tree in place, every photo replaced by its clean copy and nothing added', async () => {
    const tree = photoTree();
    const before = readdirSync(tree.photos, { recursive: true }).sort();
    const run = await runCli(['-r', '--in-place', tree.photos]);
    expect(run.code, run.stderr).toBe(0);
    for (const photo of ['a.jpg', join('2024', 'b.jpg')])
      expectNoLeaks(
        tree.jpeg,
        new Uint8Array(readFileSync(join(tree.photos, photo))),
        [CANARY, CANARY_GPS],
      );
    // Skipped files stay as they were: the hidden photo still holds its metadata.
    expect(readFileSync(join(tree.photos, '.hidden.jpg'))).toEqual(
      Buffer.from(tree.jpeg),
    );
    expect(readdirSync(tree.photos, { recursive: true }).sort()).toEqual(
      before,
    );
  }, 120_000);

  it('follows links when asked, and walks a link loop once', async () => {
    const tree = photoTree();
    const out = join(tree.root, 'out');
    const run = await runCli([
      '-r',
      '--follow-symlinks',
      '--json',
      tree.photos,
      '--out-dir',
      out,
    ]);
    expect(run.code, run.stderr).toBe(0);
    const records = byFile(jsonLines(run.stdout), tree.root);
    expect(records['photos/link.jpg']).toMatchObject({ status: 'cleaned' });
    expect(records['photos/loop']).toMatchObject({
      status: 'skipped',
      reason: 'symlink-loop',
    });
    expect(existsSync(join(out, 'photos', 'cleaned_link.jpg'))).toBe(true);
  }, 120_000);

  it('--check counts a sidecar as metadata found', async () => {
    const root = tempDir('metaclean-r-check');
    writeFileSync(join(root, 'IMG_1.jpg.json'), '{"geoData": {}}');
    const run = await runCli(['-r', '--check', root]);
    expect(run.code).toBe(3);
  });

  it('removes the journal temporaries a killed run left beside every photo it copies, in each folder', async () => {
    const tree = photoTree();
    const dead = spawn('true');
    await new Promise((done) => dead.on('exit', done));
    const leftoverOf = (photo: string) =>
      join(tree.photos, `${photo}.metaclean-undo.metaclean-${dead.pid}.tmp`);
    const photos = ['a.jpg', join('2024', 'b.jpg')];
    const passedOver = '.hidden.jpg';
    for (const photo of [...photos, passedOver]) {
      writeFileSync(leftoverOf(photo), CANARY, { mode: 0o600 });
      expect(readFileSync(leftoverOf(photo), 'latin1')).toContain(CANARY);
    }
    const run = await runCli([
      '-r',
      tree.photos,
      '--out-dir',
      join(tree.root, 'out'),
    ]);
    expect(run.code, run.stderr).toBe(0);
    for (const photo of photos)
      expect(existsSync(leftoverOf(photo))).toBe(false);
    // A file the run passes over is not touched, nor what lies beside it.
    expect(existsSync(leftoverOf(passedOver))).toBe(true);
  }, 120_000);

  it('refuses --follow-symlinks without -r', async () => {
    const run = await runCli(['--follow-symlinks', 'a.jpg']);
    expect(run.code).toBe(2);
  });
});
