import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanOutcome, mutation } from '../../helpers/fuzz-engine';
import { inspect, isEngineError } from '../../../workers/engine';
import { identifyingTags, identifyingTagsOf } from '../../helpers/exiftool';
import {
  CANARY,
  CANARY_GPS,
  IMAGE_CANARIES,
  canaryExif,
} from '../../helpers/image-exif-builder';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import {
  canaryJpeg,
  drawImage,
  insertJpegSegments,
  jpegSegment,
} from '../../helpers/image-fixtures';
import { corpusFile, describeCorpus } from '../../helpers/corpus';
import {
  blobOf,
  cleanImage,
  pixelDigest,
  tempDir,
} from '../../helpers/image-tools';

/** Mutations of a fixture rich in structure; each run is one clean. */
const MUTATION_RUNS = 60;

const CORPUS_JPEGS = [
  'exif-samples/Canon_40D.jpg',
  'exif-samples/DSCN0010.jpg',
  'exif-samples/DSCN0012.jpg',
  'exif-samples/Nikon_D70.jpg',
  'exif-samples/Reconyx_HC500_Hyperfire.jpg',
  'exif-samples/image00971.jpg',
  'exif-samples/jolla.jpg',
  'exif-samples/landscape_6.jpg',
  'exif-samples/long_description.jpg',
  'exif-samples/portrait_8.jpg',
  'mat2/dirty.jpg',
  'mat2/control_chars.jpg',
];

/** Orientation of each file by exiftool, one process for all (1 when absent). */
function orientations(...paths: string[]): number[] {
  const json = execFileSync('exiftool', [
    '-j',
    '-n',
    '-Orientation',
    ...paths,
  ]).toString();
  return (JSON.parse(json) as { Orientation?: number }[]).map(
    (t) => t.Orientation ?? 1,
  );
}

function exiftoolValue(path: string, tag: string): string {
  return execFileSync('exiftool', ['-n', '-s3', `-${tag}`, path])
    .toString()
    .trim();
}

async function cleanError(bytes: Uint8Array): Promise<string> {
  const path = join(tempDir('jpeg-hostile'), 'x.jpg');
  writeFileSync(path, bytes);
  try {
    await cleanImage(path);
    return 'cleaned';
  } catch (error) {
    return isEngineError(error) ? error.code : `untyped ${String(error)}`;
  }
}

describe('JPEG with planted metadata', () => {
  let dir: string;
  let path: string;
  beforeAll(() => {
    dir = tempDir('jpeg');
    path = canaryJpeg(dir, 'canary.jpg');
  });

  it('reports the GPS position, the author and the thumbnail before cleaning', async () => {
    const { findings } = await inspect(
      blobOf(new Uint8Array(readFileSync(path))),
    );
    const labels = findings.map((f) => f.label);
    expect(findings.find((f) => f.label === 'GPSPosition')?.value).toBe(
      `${CANARY_GPS.lat}, ${CANARY_GPS.lon}`,
    );
    expect(labels).toEqual(
      expect.arrayContaining([
        'Artist',
        'dc:creator',
        'By-line',
        'ThumbnailImage',
        'Comment',
        'MPF',
        'FPXR',
        'APP12 Ducky',
        'APP3 META',
        'dc:source',
      ]),
    );
  });

  it('leaves no canary byte and no identifying tag', async () => {
    expect(identifyingTags(path).length).toBeGreaterThan(20);
    const cleaned = await cleanImage(path);
    expectNoLeaks(readFileSync(path), cleaned.bytes, IMAGE_CANARIES);
    expect(identifyingTags(cleaned.path)).toEqual([]);
  });

  it('keeps every pixel and the ICC profile', async () => {
    const cleaned = await cleanImage(path);
    expect(pixelDigest(cleaned.path)).toBe(pixelDigest(path));
    expect(exiftoolValue(cleaned.path, 'ICC_Profile:ProfileDescription')).toBe(
      'sRGB IEC61966-2.1',
    );
    expect(cleaned.result.kept).toContainEqual({
      category: 'other',
      field: 'image.color-profile',
      label: 'ICC_Profile',
      location: 'APP2 ICC_PROFILE',
      value: 'sRGB IEC61966-2.1',
      kept: 'color-profile',
    });
  });

  it('keeps Orientation 6 in a minimal EXIF', async () => {
    const rotated = canaryJpeg(dir, 'rotated.jpg', { orientation: 6 });
    const cleaned = await cleanImage(rotated);
    expect(exiftoolValue(cleaned.path, 'Orientation')).toBe('6');
    expectNoLeaks(readFileSync(rotated), cleaned.bytes, IMAGE_CANARIES);
    expect(
      cleaned.result.kept.find((f) => f.label === 'Orientation')?.value,
    ).toBe('6');
  });

  it('cleans a progressive JPEG losslessly', async () => {
    const progressive = canaryJpeg(dir, 'progressive.jpg', {
      progressive: true,
    });
    const cleaned = await cleanImage(progressive);
    expectNoLeaks(readFileSync(progressive), cleaned.bytes, IMAGE_CANARIES);
    expect(pixelDigest(cleaned.path)).toBe(pixelDigest(progressive));
  });

  it('cleans a JPEG with restart markers losslessly', async () => {
    const rst = join(dir, 'restart.jpg');
    execFileSync('ffmpeg', [
      ...[
        '-v',
        'error',
        '-y',
        '-f',
        'lavfi',
        '-i',
        'testsrc=size=128x128',
        '-frames:v',
        '1',
      ],
      ...['-threads', '4', '-slices', '4', '-pix_fmt', 'yuvj420p', rst],
    ]);
    const bytes = new Uint8Array(readFileSync(rst));
    expect(Buffer.from(bytes).includes(Buffer.from([0xff, 0xd0]))).toBe(true);
    writeFileSync(
      rst,
      insertJpegSegments(bytes, [
        jpegSegment(0xe1, withExifHeader(canaryExif())),
      ]),
    );
    const cleaned = await cleanImage(rst);
    expectNoLeaks(readFileSync(rst), cleaned.bytes, IMAGE_CANARIES);
    expect(pixelDigest(cleaned.path)).toBe(pixelDigest(rst));
  });
});

function withExifHeader(tiff: Uint8Array): Uint8Array {
  return Uint8Array.from([...new TextEncoder().encode('Exif\0\0'), ...tiff]);
}

describe('JPEG segment rules', () => {
  let base: Uint8Array;
  let dir: string;
  beforeAll(() => {
    dir = tempDir('jpeg-rules');
    base = new Uint8Array(readFileSync(drawImage(join(dir, 'base.jpg'))));
  });

  async function cleanBytes(bytes: Uint8Array, name: string) {
    const path = join(dir, name);
    writeFileSync(path, bytes);
    return cleanImage(path);
  }

  it('keeps one Orientation-only EXIF when two EXIF segments are present', async () => {
    const exif = jpegSegment(
      0xe1,
      withExifHeader(canaryExif({ orientation: 6 })),
    );
    const cleaned = await cleanBytes(
      insertJpegSegments(base, [exif, exif]),
      'two-exif.jpg',
    );
    const exifCount =
      Buffer.from(cleaned.bytes).toString('latin1').split('Exif\0\0').length -
      1;
    expect(exifCount).toBe(1);
    expect(orientations(cleaned.path)).toEqual([6]);
  });

  it('is idempotent: cleaning a cleaned rotated file changes nothing', async () => {
    const exif = jpegSegment(
      0xe1,
      withExifHeader(canaryExif({ orientation: 8 })),
    );
    const once = await cleanBytes(insertJpegSegments(base, [exif]), 'once.jpg');
    const twice = await cleanImage(once.path);
    expect(Buffer.from(twice.bytes).equals(Buffer.from(once.bytes))).toBe(true);
    expect(twice.result.removed).toEqual([]);
  });

  it('removes a JFXX thumbnail and the thumbnail inside JFIF', async () => {
    const jfxx = jpegSegment(0xe0, `JFXX\0\x13${CANARY}-jfxx`);
    const jfifWithThumb = jpegSegment(
      0xe0,
      Uint8Array.from([
        ...new TextEncoder().encode('JFIF\0'),
        1,
        2,
        0,
        0,
        1,
        0,
        1,
        1,
        1,
        ...new TextEncoder().encode('MCC'),
      ]),
    );
    const bytes = Uint8Array.from([
      0xff,
      0xd8,
      ...jfifWithThumb,
      ...jfxx,
      ...base.subarray(2),
    ]);
    const cleaned = await cleanBytes(bytes, 'jfxx.jpg');
    const labels = cleaned.result.removed.map((f) => f.label);
    expect(labels).toEqual(
      expect.arrayContaining(['JFXXThumbnail', 'JFIFThumbnail']),
    );
    expectNoLeaks(bytes, cleaned.bytes, [CANARY]);
    expect(Buffer.from(cleaned.bytes).includes('MCC')).toBe(false);
    expect(pixelDigest(cleaned.path)).toBe(pixelDigest(join(dir, 'base.jpg')));
  });

  it('keeps Adobe’s colour transform and drops bytes past its layout', async () => {
    const adobe = (extra: string) =>
      jpegSegment(
        0xee,
        Uint8Array.from([
          ...new TextEncoder().encode('Adobe'),
          0,
          100,
          0,
          0,
          0,
          0,
          1,
          ...new TextEncoder().encode(extra),
        ]),
      );
    const bytes = insertJpegSegments(base, [adobe(`${CANARY}-adobe`)]);
    const cleaned = await cleanBytes(bytes, 'adobe.jpg');
    expectNoLeaks(bytes, cleaned.bytes, [`${CANARY}-adobe`]);
    expect(exiftoolValue(cleaned.path, 'ColorTransform')).toBe('1');
    expect(Buffer.from(cleaned.bytes).includes(Buffer.from(adobe('')))).toBe(
      true,
    );
    expect(pixelDigest(cleaned.path)).toBe(pixelDigest(join(dir, 'base.jpg')));
  });
});

describe('data after the end of the image', () => {
  let base: Uint8Array;
  beforeAll(() => {
    base = new Uint8Array(
      readFileSync(drawImage(join(tempDir('jpeg-trailer'), 'base.jpg'))),
    );
  });

  it.each([
    [
      'an MPF secondary image with its own EXIF',
      'TrailingImage',
      () =>
        insertJpegSegments(base, [
          jpegSegment(0xe1, withExifHeader(canaryExif())),
        ]),
      IMAGE_CANARIES,
    ],
    [
      'a Motion Photo video',
      'MotionPhotoVideo',
      () =>
        Uint8Array.from([
          0,
          0,
          0,
          24,
          ...new TextEncoder().encode('ftypmp42MCCANARY'),
        ]),
      [CANARY],
    ],
    [
      'a Samsung trailer',
      'SamsungTrailer',
      () => new TextEncoder().encode('MCCANARY-SEFHxxxxSEFT\0\0\0\0'),
      [CANARY],
    ],
  ])('removes and reports %s', async (_name, label, trailer, canaries) => {
    const path = join(tempDir('jpeg-trailer'), 'with-trailer.jpg');
    const input = Uint8Array.from([...base, ...trailer()]);
    writeFileSync(path, input);
    const cleaned = await cleanImage(path);
    expect(cleaned.result.removed.map((f) => f.label)).toContain(label);
    expect(cleaned.bytes.length).toBe(base.length);
    expectNoLeaks(input, cleaned.bytes, canaries);
  });
});

describeCorpus('corpus JPEGs', () => {
  // Cleaned once; exiftool (slow to start) then reads every file in one process.
  const inputs = new Map<string, string>();
  const outputs = new Map<string, string>();
  let leftovers: Map<string, string[]>;
  let orientationOf: Map<string, number>;
  beforeAll(async () => {
    const dir = tempDir('jpeg-corpus');
    for (const name of CORPUS_JPEGS) {
      const path = join(dir, name.replace('/', '-'));
      writeFileSync(path, readFileSync(corpusFile(name)));
      inputs.set(name, path);
      outputs.set(name, (await cleanImage(path)).path);
    }
    leftovers = identifyingTagsOf([...outputs.values()]);
    const all = [...inputs.values(), ...outputs.values()];
    const found = orientations(...all);
    orientationOf = new Map(all.map((path, i) => [path, found[i]!]));
  });

  it.each(CORPUS_JPEGS)('%s keeps nothing identifying', (name) => {
    expect(leftovers.get(outputs.get(name)!)).toEqual([]);
  });

  it.each(CORPUS_JPEGS)('%s keeps its pixels and orientation', (name) => {
    const [input, output] = [inputs.get(name)!, outputs.get(name)!];
    expect(pixelDigest(output)).toBe(pixelDigest(input));
    expect(orientationOf.get(output)).toBe(orientationOf.get(input));
  });
});

describe('hostile JPEGs', () => {
  let valid: Uint8Array;
  beforeAll(() => {
    valid = new Uint8Array(
      execFileSync('convert', ['-size', '32x24', 'plasma:', 'jpeg:-']),
    );
  });

  it('rejects a truncated file as corrupt', async () => {
    expect(await cleanError(valid.subarray(0, valid.length >> 1))).toBe(
      'corrupt',
    );
    expect(await cleanError(valid.subarray(0, 5))).toBe('corrupt');
  });

  it('rejects a segment whose length runs past the file', async () => {
    const lying = valid.slice();
    lying.set([0xff, 0xe1, 0xff, 0xff], 2);
    expect(await cleanError(lying.subarray(0, 4000))).toBe('corrupt');
  });

  it('rejects a segment length shorter than its own field', async () => {
    expect(
      await cleanError(Uint8Array.from([0xff, 0xd8, 0xff, 0xe1, 0, 1, 0, 0])),
    ).toBe('corrupt');
  });

  it('rejects random bytes after a valid header quickly', async () => {
    const random = new Uint8Array(1 << 20).map(
      (_, i) => (i * 2654435761) >>> 24,
    );
    random.set([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]);
    const started = performance.now();
    expect(await cleanError(random)).toBe('corrupt');
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('rejects image data that never reaches an end-of-image marker', async () => {
    const eoi = valid.lastIndexOf(0xd9);
    expect(await cleanError(valid.subarray(0, eoi - 1))).toBe('corrupt');
  });
});

describe('mutated JPEG (property)', () => {
  it('ends in a typed error or a clean re-inspectable output', async () => {
    const original = new Uint8Array(
      readFileSync(
        canaryJpeg(tempDir('jpeg-fuzz'), 'fuzz.jpg', { orientation: 6 }),
      ),
    );
    await fc.assert(
      fc.asyncProperty(mutation(original), async (bytes) => {
        const outcome = await cleanOutcome(bytes);
        expect(['clean', 'error']).toContain(outcome.kind);
      }),
      { numRuns: MUTATION_RUNS },
    );
  });
});
