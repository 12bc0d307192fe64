import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanOutcome, mutation } from '../../helpers/fuzz-engine';
import { inspect, isEngineError } from '../../../workers/engine';
import { identifyingTags } from '../../helpers/exiftool';
import {
  CANARY,
  CANARY_GPS,
  IMAGE_CANARIES,
} from '../../helpers/image-exif-builder';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import {
  canaryTagArgs,
  drawImage,
  iccProfile,
} from '../../helpers/image-fixtures';
import { corpusFile, describeCorpus, itCorpus } from '../../helpers/corpus';
import {
  blobOf,
  cleanImage,
  exiftoolWrite,
  pixelDigest,
  tempDir,
} from '../../helpers/image-tools';

/** Mutations of a fixture rich in structure; each run is one clean. */
const MUTATION_RUNS = 60;

/** exiftool names the JPEG strips of a JPEG-compressed TIFF `PreviewImage`: they are the picture. */
const IMAGE_DATA_TAGS = [
  'IFD0:PreviewImage',
  'IFD0:PreviewImageStart',
  'IFD0:PreviewImageLength',
];

function tiffFixture(
  dir: string,
  name: string,
  convertArgs: readonly string[],
  extra: readonly string[] = [],
): string {
  const path = drawImage(join(dir, name), { extra: convertArgs });
  exiftoolWrite(path, [
    ...canaryTagArgs(),
    '-EXIF:HostComputer=MCCANARY-Host',
    '-EXIF:DocumentName=MCCANARY-Doc',
    `-ICC_Profile<=${iccProfile(dir)}`,
    ...extra,
  ]);
  return path;
}

async function errorCode(bytes: Uint8Array): Promise<string> {
  const path = join(tempDir('tiff-hostile'), 'x.tif');
  writeFileSync(path, bytes);
  try {
    await cleanImage(path);
    return 'cleaned';
  } catch (error) {
    return isEngineError(error) ? error.code : `untyped ${String(error)}`;
  }
}

describe('TIFF with planted metadata', () => {
  let dir: string;
  let path: string;
  beforeAll(() => {
    dir = tempDir('tiff');
    path = tiffFixture(dir, 'canary.tif', ['-compress', 'LZW']);
  });

  it('reports GPS, author, XMP and IPTC items', async () => {
    const { findings } = await inspect(
      blobOf(new Uint8Array(readFileSync(path))),
    );
    expect(findings.find((f) => f.label === 'GPSPosition')?.value).toBe(
      `${CANARY_GPS.lat}, ${CANARY_GPS.lon}`,
    );
    expect(findings.map((f) => f.label)).toEqual(
      expect.arrayContaining([
        'Artist',
        'HostComputer',
        'DocumentName',
        'dc:creator',
        'By-line',
      ]),
    );
  });

  it('cleans in place: same size, no canary, nothing identifying, same pixels, ICC kept', async () => {
    const cleaned = await cleanImage(path);
    expect(cleaned.inPlace).toBe(true);
    expect(cleaned.bytes.length).toBe(readFileSync(path).length);
    expectNoLeaks(readFileSync(path), cleaned.bytes, IMAGE_CANARIES);
    expect(identifyingTags(cleaned.path)).toEqual([]);
    expect(pixelDigest(cleaned.path)).toBe(pixelDigest(path));
    const icc = execFileSync('exiftool', [
      '-s3',
      '-ICC_Profile:ProfileDescription',
      cleaned.path,
    ]);
    expect(icc.toString().trim()).toBe('sRGB IEC61966-2.1');
    const kept = cleaned.result.kept.find((f) => f.label === 'ICC_Profile');
    expect(kept).toMatchObject({
      value: 'sRGB IEC61966-2.1',
      kept: 'color-profile',
    });
  });

  it.each([
    [
      'big-endian, tiled',
      ['-endian', 'MSB', '-define', 'tiff:tile-geometry=16x16'],
    ],
    ['uncompressed, little-endian', ['-compress', 'None', '-endian', 'LSB']],
    ['JPEG-compressed', ['-compress', 'JPEG']],
    [
      '16-bit with alpha, Zip',
      ['-depth', '16', '-alpha', 'set', '-compress', 'Zip'],
    ],
  ])('cleans a %s TIFF', async (_name, args) => {
    const variant = tiffFixture(
      dir,
      `variant-${args.length}-${args[1]}.tif`,
      args,
    );
    const cleaned = await cleanImage(variant);
    expectNoLeaks(readFileSync(variant), cleaned.bytes, IMAGE_CANARIES);
    expect(identifyingTags(cleaned.path, IMAGE_DATA_TAGS)).toEqual([]);
    expect(pixelDigest(cleaned.path)).toBe(pixelDigest(variant));
  });

  it('keeps Orientation 6', async () => {
    const rotated = tiffFixture(
      dir,
      'rotated.tif',
      [],
      ['-n', '-Orientation=6'],
    );
    const cleaned = await cleanImage(rotated);
    const orientation = execFileSync('exiftool', [
      '-n',
      '-s3',
      '-Orientation',
      cleaned.path,
    ]);
    expect(orientation.toString().trim()).toBe('6');
    expect(
      cleaned.result.kept.find((f) => f.label === 'Orientation')?.kept,
    ).toBe('orientation');
  });

  it('cleans every page of a multi-page TIFF', async () => {
    const pages = join(dir, 'pages.tif');
    execFileSync('/usr/bin/convert', [
      '-size',
      '32x32',
      'plasma:',
      'plasma:',
      'plasma:',
      pages,
    ]);
    exiftoolWrite(pages, [
      '-IFD1:Artist=MCCANARY-Page2',
      '-IFD2:Software=MCCANARY-Page3',
      '-IFD0:Make=MCCANARY-Page1',
    ]);
    const cleaned = await cleanImage(pages);
    expectNoLeaks(readFileSync(pages), cleaned.bytes, [CANARY]);
    expect(pixelDigest(cleaned.path)).toBe(pixelDigest(pages));
  });

  it('inspects a DNG but refuses to clean it', async () => {
    const dng = tiffFixture(dir, 'camera-dng.tif', [], ['-DNGVersion=1.4.0.0']);
    const { findings } = await inspect(
      blobOf(new Uint8Array(readFileSync(dng))),
    );
    expect(findings.map((f) => f.label)).toContain('Make');
    expect(await errorCode(new Uint8Array(readFileSync(dng)))).toBe(
      'unsupported',
    );
  });
});

describeCorpus('corpus TIFF', () => {
  it('cleans mat2/dirty.tiff in place with identical pixels', async () => {
    const path = join(tempDir('tiff-corpus'), 'dirty.tiff');
    writeFileSync(path, readFileSync(corpusFile('mat2', 'dirty.tiff')));
    const cleaned = await cleanImage(path);
    expect(cleaned.inPlace).toBe(true);
    expect(identifyingTags(cleaned.path)).toEqual([]);
    expect(Buffer.from(cleaned.bytes).includes('000741709798')).toBe(false);
    expect(pixelDigest(cleaned.path)).toBe(pixelDigest(path));
  });
});

describe('hostile TIFF', () => {
  const header = (ifd: number) => {
    const b = Buffer.alloc(64);
    b.write('II*\0', 0, 'latin1');
    b.writeUInt32LE(ifd, 4);
    return b;
  };

  it('rejects an IFD pointer past the end', async () => {
    expect(await errorCode(header(1 << 20))).toBe('corrupt');
  });

  it('rejects an IFD chain that loops', async () => {
    const b = header(8);
    b.writeUInt16LE(1, 8);
    b.writeUInt16LE(0x100, 10);
    b.writeUInt16LE(3, 12);
    b.writeUInt32LE(1, 14);
    b.writeUInt32LE(8, 22);
    expect(await errorCode(b)).toBe('corrupt');
  });

  it('rejects a value offset past the end', async () => {
    const b = header(8);
    b.writeUInt16LE(1, 8);
    b.writeUInt16LE(0x10f, 10);
    b.writeUInt16LE(2, 12);
    b.writeUInt32LE(100, 14);
    b.writeUInt32LE(0x7fff0000, 18);
    expect(await errorCode(b)).toBe('corrupt');
  });

  itCorpus(
    'rejects a truncated file and random bytes after a header',
    async () => {
      const bytes = new Uint8Array(
        readFileSync(corpusFile('mat2', 'dirty.tiff')),
      );
      expect(await errorCode(bytes.subarray(0, 1000))).toBe('corrupt');
      const random = new Uint8Array(4096).map(
        (_, i) => (i * 2654435761) >>> 24,
      );
      random.set([0x49, 0x49, 42, 0, 8, 0, 0, 0]);
      expect(await errorCode(random)).toBe('corrupt');
    },
  );

  it('calls BigTIFF unsupported', async () => {
    const b = Buffer.alloc(32);
    b.write('II+\0', 0, 'latin1');
    expect(await errorCode(b)).toBe('unsupported');
  });
});

describe('mutated TIFF (property)', () => {
  it('ends in a typed error or a clean re-inspectable output', async () => {
    const original = new Uint8Array(
      readFileSync(tiffFixture(tempDir('tiff-fuzz'), 'fuzz.tif', [])),
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
