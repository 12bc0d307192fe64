import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanPlan, inspect, planToBlob } from '../../../workers/engine';
import {
  insertAfterIhdr,
  insertBeforeIend,
  iTXt,
  listChunks,
  pixelHash,
  pngChunk,
  tEXt,
  zTXt,
} from '../../helpers/png-chunks';
import {
  blobOf,
  cleanFile,
  contains,
  exiftool,
  fileBytes,
  framemd5,
  ffmpeg,
  tempDir,
} from '../../helpers/video-tools';
import { corpusFile, describeCorpus, itCorpus } from '../../helpers/corpus';
import { iccProfileBytes } from '../../helpers/icc-profile';
import { expectNoLeaks } from '../../helpers/leak-oracle';

const CORPUS = corpusFile();
const CANARIES = [
  'CANARY_AUTHOR',
  'CANARY_SOFTWARE',
  'CANARY_COMMENT',
  'CANARY_XMP_CREATOR',
  'CANARY_EXIF_ARTIST',
  'CANARY_MAKE',
  'CANARY_PRIVATE',
  'CANARY_ZTXT',
  'CANARY_TRAILER',
];
const IDENTIFYING_GROUPS = /^(XMP-|IFD0|IFD1|ExifIFD|GPS|PNG):/;
const IDENTIFYING_PNG_TAGS =
  /Author|Comment|Description|Title|Software|Date|Datecreate|Datemodify/;

let dir = '';
const at = (name: string) => join(dir, name);
const run = (cmd: string, args: string[]) =>
  execFileSync(cmd, args, { stdio: 'pipe' });

function identifyingTags(path: string): string[] {
  const [tags] = JSON.parse(exiftool(path)) as Record<string, unknown>[];
  return Object.keys(tags ?? {}).filter(
    (key) =>
      IDENTIFYING_GROUPS.test(key) &&
      (!key.startsWith('PNG:') || IDENTIFYING_PNG_TAGS.test(key)),
  );
}

function exiftoolTag(path: string, tag: string): string {
  return execFileSync('exiftool', ['-s3', '-n', `-${tag}`, path], {
    encoding: 'utf8',
  }).trim();
}

beforeAll(() => {
  dir = tempDir('png');
  writeFileSync(at('profile.icc'), iccProfileBytes());
  run('convert', [
    ...['-size', '32x24', 'gradient:red-blue', '-depth', '8'],
    ...['-profile', at('profile.icc'), at('dirty.png')],
  ]);
  run('exiftool', [
    '-q',
    '-overwrite_original',
    '-PNG:Author=CANARY_AUTHOR',
    '-PNG:Software=CANARY_SOFTWARE',
    '-PNG:Comment=CANARY_COMMENT',
    '-XMP-dc:Creator=CANARY_XMP_CREATOR',
    '-EXIF:Artist=CANARY_EXIF_ARTIST',
    '-EXIF:Make=CANARY_MAKE',
    ...['-GPSLatitude=48.858370', '-GPSLatitudeRef=N'],
    ...['-GPSLongitude=2.294481', '-GPSLongitudeRef=E'],
    ...['-EXIF:Orientation=6', '-n'],
    at('dirty.png'),
  ]);
  const dirty = fileBytes(at('dirty.png'));
  const extra = insertAfterIhdr(dirty, [
    pngChunk('prVt', 'CANARY_PRIVATE'),
    zTXt('Description', 'CANARY_ZTXT'),
    iTXt('Title', 'CANARY_COMMENT'),
  ]);
  writeFileSync(
    at('extra.png'),
    Buffer.concat([extra, Buffer.from('CANARY_TRAILER')]),
  );
});

describe('PNG cleaning', () => {
  it('removes every planted canary from text, XMP, EXIF, private chunks and the trailer', async () => {
    const { bytes } = await cleanFile(at('extra.png'));
    // The zTXt canary is deflated: only a reader that inflates it (the oracle, exiftool) sees it.
    expectNoLeaks(fileBytes(at('extra.png')), bytes, [
      ...CANARIES,
      { lat: 48.85837, lon: 2.294481 },
    ]);
  });

  it('leaves no identifying tag for exiftool', async () => {
    const { path } = await cleanFile(at('extra.png'));
    expect(identifyingTags(at('extra.png')).length).toBeGreaterThan(5);
    expect(
      identifyingTags(path).filter((t) => t !== 'IFD0:Orientation'),
    ).toEqual([]);
  });

  it('keeps the pixels identical', async () => {
    const { path } = await cleanFile(at('extra.png'));
    expect(pixelHash(path)).toBe(pixelHash(at('extra.png')));
  });

  it('keeps Orientation 6 as a minimal eXIf and the ICC profile', async () => {
    const { path, result } = await cleanFile(at('dirty.png'));
    expect(exiftoolTag(path, 'IFD0:Orientation')).toBe('6');
    const profile = execFileSync('exiftool', ['-b', '-ICC_Profile', path]);
    expect(profile).toEqual(readFileSync(at('profile.icc')));
    expect(result.kept.map((f) => f.kept).sort()).toEqual([
      'color-profile',
      'orientation',
    ]);
  });

  it('drops an upright eXIf entirely', async () => {
    const upright = at('upright.png');
    writeFileSync(upright, fileBytes(at('dirty.png')));
    run('exiftool', [
      '-q',
      '-overwrite_original',
      '-Orientation=1',
      '-n',
      upright,
    ]);
    const { bytes } = await cleanFile(upright);
    expect(listChunks(bytes).map((c) => c.type)).not.toContain('eXIf');
  });

  it('ignores the Orientation of an eXIf whose CRC is wrong, as decoders do', async () => {
    const dirty = fileBytes(at('dirty.png'));
    const exif = listChunks(dirty).find((c) => c.type === 'eXIf')!;
    const crcAt = exif.data.byteOffset + exif.data.length;
    const broken = Uint8Array.from(dirty);
    broken[crcAt] = broken[crcAt]! ^ 0xff;
    const result = await cleanPlan(blobOf(broken));
    expect(result.kept.some((f) => f.kept === 'orientation')).toBe(false);
  });

  it('reports text keywords, EXIF and GPS with their categories and values', async () => {
    const { findings } = await inspect(blobOf(fileBytes(at('extra.png'))));
    const byLabel = (label: string) => findings.find((f) => f.label === label);
    expect(byLabel('Author')).toMatchObject({
      category: 'author',
      value: 'CANARY_AUTHOR',
    });
    expect(byLabel('Software')).toMatchObject({ category: 'software' });
    expect(byLabel('Description')).toMatchObject({ value: 'CANARY_ZTXT' });
    expect(byLabel('prVt')).toMatchObject({ category: 'other' });
    expect(byLabel('Make')).toMatchObject({ value: 'CANARY_MAKE' });
    expect(findings.some((f) => f.category === 'location')).toBe(true);
    expect(findings).toContainEqual(
      expect.objectContaining({
        label: 'dc:creator',
        value: 'CANARY_XMP_CREATOR',
      }),
    );
    expect(byLabel('data after IEND')).toMatchObject({ value: '14 bytes' });
  });

  it.each([
    ['Author', 'author'],
    ['Copyright', 'author'],
    ['Software', 'software'],
    ['Creation Time', 'time'],
    ['Source', 'device'],
    ['Title', 'comment'],
    ['Description', 'comment'],
    ['Comment', 'comment'],
    ['Disclaimer', 'other'],
  ])('reports the %s keyword as %s', async (keyword, category) => {
    const png = insertAfterIhdr(fileBytes(at('dirty.png')), [
      tEXt(keyword, 'CANARY_VALUE'),
    ]);
    const { findings } = await inspect(blobOf(png));
    expect(findings).toContainEqual(
      expect.objectContaining({
        label: keyword,
        category,
        value: 'CANARY_VALUE',
      }),
    );
  });

  itCorpus(
    'cleans mat2/dirty.png: comment and tIME gone, pixels identical',
    async () => {
      const input = `${CORPUS}/mat2/dirty.png`;
      const out = at('mat2.png');
      writeFileSync(out, readFileSync(input));
      const { path, result } = await cleanFile(out);
      expect(result.removed.map((f) => f.label).sort()).toEqual([
        'Comment',
        'tIME',
      ]);
      expect(contains(fileBytes(path), 'be careful')).toBe(false);
      expect(pixelHash(path)).toBe(pixelHash(input));
    },
  );
});

describeCorpus('PNG converted from a GPS photo by ImageMagick', () => {
  it('decodes its eXIf and raw XMP profile, and cleans them with the exif: text chunks', async () => {
    const converted = at('converted.png');
    run('convert', [
      `${CORPUS}/exif-samples/DSCN0010.jpg`,
      '-resize',
      '16x12',
      converted,
    ]);
    const { findings } = await inspect(blobOf(fileBytes(converted)));
    const gps = findings.find(
      (f) => f.label === 'GPSPosition' && f.location === 'eXIf / GPS',
    );
    expect(gps?.value).toBe('43.467448, 11.885127');
    const xmp = findings.filter(
      (f) => f.location === 'zTXt Raw profile type xmp',
    );
    expect(xmp.length).toBeGreaterThan(0);
    expect(xmp.map((f) => f.label)).not.toContain('Raw profile type xmp');
    const { path, bytes } = await cleanFile(converted);
    expect(contains(bytes, 'NIKON')).toBe(false);
    expect(identifyingTags(path)).toEqual([]);
    expect(pixelHash(path)).toBe(pixelHash(converted));
  });
});

describe('APNG', () => {
  it('stays animated with the same frames, without its text', async () => {
    const anim = at('anim.png');
    ffmpeg([
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=32x24:rate=5',
      '-t',
      '1',
      '-plays',
      '0',
      '-f',
      'apng',
      anim,
    ]);
    writeFileSync(
      anim,
      insertBeforeIend(fileBytes(anim), [tEXt('Comment', 'CANARY_COMMENT')]),
    );
    const { path, bytes, result } = await cleanFile(anim);
    const types = listChunks(bytes).map((c) => c.type);
    expect(types).toContain('acTL');
    expect(types.filter((t) => t === 'fcTL')).toHaveLength(5);
    expect(contains(bytes, 'CANARY_COMMENT')).toBe(false);
    expect(framemd5(path)).toBe(framemd5(anim));
    expect(result.kept).toContainEqual(
      expect.objectContaining({ label: 'acTL', kept: 'playback' }),
    );
  });
});

describe('PNG hostile input', () => {
  const base = () => fileBytes(at('dirty.png'));

  it('fails as corrupt when truncated', async () => {
    const bytes = base();
    await expect(
      cleanPlan(blobOf(bytes.subarray(0, bytes.length - 20))),
    ).rejects.toMatchObject({ code: 'corrupt' });
  });

  it('fails as corrupt on a chunk length past the end of the file', async () => {
    const bytes = Buffer.from(base());
    bytes.writeUInt32BE(0x7ffffff0, 33);
    await expect(cleanPlan(blobOf(bytes))).rejects.toMatchObject({
      code: 'corrupt',
    });
  });

  it('fails as unsupported on an unknown critical chunk', async () => {
    const bytes = insertAfterIhdr(base(), [pngChunk('CgBI', 'x')]);
    await expect(cleanPlan(blobOf(bytes))).rejects.toMatchObject({
      code: 'unsupported',
    });
  });

  it('fails as corrupt on random bytes behind the signature', async () => {
    const bytes = Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919) % 251);
    bytes.set(base().subarray(0, 8));
    await expect(cleanPlan(blobOf(bytes))).rejects.toMatchObject({
      code: 'corrupt',
    });
  });

  it('bounds a zTXt bomb and still cleans', async () => {
    const bomb = zTXt('Comment', 'A'.repeat(32 * 1024 * 1024));
    const result = await cleanPlan(blobOf(insertAfterIhdr(base(), [bomb])));
    expect(
      result.removed.find((f) => f.label === 'Comment')?.value,
    ).toHaveLength(501);
  });

  it('spends one inflate budget per file: thousands of small zTXt bombs clean in bounded time', async () => {
    // Each chunk is a few KB that inflates to the per-chunk cap (4 MB): 4,000 of them used to
    // inflate 16 GB. A plain canary after them must still go.
    const bomb = zTXt('Comment', 'A'.repeat(4 * 1024 * 1024));
    const bombs = Array.from({ length: 4000 }, () => bomb);
    const input = insertAfterIhdr(base(), [
      ...bombs,
      zTXt('Author', 'CANARY_AFTER_BOMBS'),
    ]);
    expect(input.length).toBeGreaterThan(4000 * 4000);
    const blob = blobOf(input);
    const result = await cleanPlan(blob);
    const comments = result.removed.filter((f) => f.label === 'Comment');
    expect(comments.length).toBeGreaterThanOrEqual(4000);
    const output = new Uint8Array(
      await (await planToBlob(blob, result.plan)).arrayBuffer(),
    );
    expect(listChunks(output).some((c) => c.type === 'zTXt')).toBe(false);
    expect(contains(output, 'CANARY_AFTER_BOMBS')).toBe(false);
  });
});
