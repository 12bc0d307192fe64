import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanOutcome, mutation } from '../../helpers/fuzz-engine';
import { inspect, isEngineError } from '../../../workers/engine';
import { identifyingTags } from '../../helpers/exiftool';
import { CANARY_GPS, IMAGE_CANARIES } from '../../helpers/image-exif-builder';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import { canaryTagArgs, iccProfile } from '../../helpers/image-fixtures';
import { corpusFile, describeCorpus, itCorpus } from '../../helpers/corpus';
import {
  blobOf,
  cleanImage,
  convert,
  exiftoolWrite,
  pixelDigest,
  tempDir,
} from '../../helpers/image-tools';

/** Mutations of a fixture rich in structure; each run is one clean. */
const MUTATION_RUNS = 60;

/** exiftool writes EXIF, XMP and ICC into WebP, but not IPTC. */
const WEBP_TAG_ARGS = canaryTagArgs().filter((a) => !a.startsWith('-IPTC'));

function webpFixture(
  dir: string,
  name: string,
  frames: number,
  extra: readonly string[] = [],
): string {
  const path = join(dir, name);
  const seeds = Array.from({ length: frames }, (_, i) => [
    '-seed',
    String(i + 1),
    'plasma:',
  ]).flat();
  convert([
    '-size',
    '48x32',
    ...seeds,
    ...(frames > 1 ? ['-loop', '0', '-delay', '10'] : []),
    path,
  ]);
  exiftoolWrite(path, [
    ...WEBP_TAG_ARGS,
    `-ICC_Profile<=${iccProfile(dir)}`,
    ...extra,
  ]);
  return path;
}

function riffSize(bytes: Uint8Array): number {
  return Buffer.from(bytes).readUInt32LE(4);
}

function webpFlags(path: string): string {
  return execFileSync('exiftool', ['-s3', '-WebP_Flags', path])
    .toString()
    .trim();
}

describe('WebP with planted metadata', () => {
  let dir: string;
  let still: string;
  beforeAll(() => {
    dir = tempDir('webp');
    still = webpFixture(dir, 'still.webp', 1);
  });

  it('reports the EXIF GPS position and the XMP creator', async () => {
    const { findings } = await inspect(
      blobOf(new Uint8Array(readFileSync(still))),
    );
    expect(findings.find((f) => f.label === 'GPSPosition')?.value).toBe(
      `${CANARY_GPS.lat}, ${CANARY_GPS.lon}`,
    );
    expect(findings.map((f) => f.label)).toContain('dc:creator');
  });

  it('removes EXIF and XMP, fixes the flags and the RIFF size, keeps the ICC profile', async () => {
    const cleaned = await cleanImage(still);
    expectNoLeaks(readFileSync(still), cleaned.bytes, IMAGE_CANARIES);
    expect(identifyingTags(cleaned.path)).toEqual([]);
    expect(riffSize(cleaned.bytes)).toBe(cleaned.bytes.length - 8);
    expect(webpFlags(cleaned.path)).toBe('ICC Profile');
    const icc = cleaned.result.kept.find((f) => f.label === 'ICC_Profile');
    expect(icc?.value).toBe('sRGB IEC61966-2.1');
    expect(pixelDigest(cleaned.path)).toBe(pixelDigest(still));
  });

  it('keeps an animation animated, frame for frame', async () => {
    const animated = webpFixture(dir, 'animated.webp', 3);
    const cleaned = await cleanImage(animated);
    expectNoLeaks(readFileSync(animated), cleaned.bytes, IMAGE_CANARIES);
    expect(webpFlags(cleaned.path)).toBe('Animation, ICC Profile');
    expect(pixelDigest(cleaned.path)).toBe(pixelDigest(animated));
  });

  it('keeps Orientation 6 in an EXIF chunk holding nothing else', async () => {
    const rotated = webpFixture(dir, 'rotated.webp', 1, [
      '-n',
      '-Orientation=6',
    ]);
    const cleaned = await cleanImage(rotated);
    expectNoLeaks(readFileSync(rotated), cleaned.bytes, IMAGE_CANARIES);
    expect(
      execFileSync('exiftool', ['-n', '-s3', '-Orientation', cleaned.path])
        .toString()
        .trim(),
    ).toBe('6');
    expect(webpFlags(cleaned.path)).toBe('EXIF, ICC Profile');
    expect(identifyingTags(cleaned.path)).toEqual([]);
  });

  it('removes an unknown chunk inside an animation frame', async () => {
    const animated = Buffer.from(
      readFileSync(webpFixture(dir, 'frames.webp', 2)),
    );
    const anmf = animated.indexOf('ANMF');
    const anmfSize = animated.readUInt32LE(anmf + 4);
    const hidden = Buffer.from('ZZZZ\x08\0\0\0MCCANARY', 'latin1');
    const frameEnd = anmf + 8 + anmfSize + (anmfSize % 2);
    const bytes = Buffer.concat([
      animated.subarray(0, frameEnd),
      hidden,
      animated.subarray(frameEnd),
    ]);
    bytes.writeUInt32LE(anmfSize + (anmfSize % 2) + hidden.length, anmf + 4);
    bytes.writeUInt32LE(riffSize(animated) + hidden.length, 4);
    const path = join(dir, 'hidden-in-frame.webp');
    writeFileSync(path, bytes);
    const cleaned = await cleanImage(path);
    expect(
      cleaned.result.removed.find((f) => f.label === 'ZZZZ')?.location,
    ).toBe('ANMF');
    expectNoLeaks(bytes, cleaned.bytes, IMAGE_CANARIES);
    expect(pixelDigest(cleaned.path)).toBe(pixelDigest(path));
  });

  it('removes unknown chunks and bytes after the RIFF chunk', async () => {
    const bytes = new Uint8Array(readFileSync(still));
    const extra = Buffer.concat([
      Buffer.from('ZZZZ\x08\0\0\0MCCANARY'),
      Buffer.from('MCCANARY-trailer'),
    ]);
    const withExtra = Buffer.concat([Buffer.from(bytes), extra]);
    withExtra.writeUInt32LE(riffSize(bytes) + 16, 4);
    const path = join(dir, 'extra.webp');
    writeFileSync(path, withExtra.subarray(0, withExtra.length));
    const cleaned = await cleanImage(path);
    expect(cleaned.result.removed.map((f) => f.label)).toEqual(
      expect.arrayContaining(['ZZZZ', 'TrailingData']),
    );
    expectNoLeaks(withExtra, cleaned.bytes, IMAGE_CANARIES);
  });
});

describeCorpus('corpus WebP', () => {
  it('cleans mat2/dirty.webp with identical pixels', async () => {
    const path = join(tempDir('webp-corpus'), 'dirty.webp');
    writeFileSync(path, readFileSync(corpusFile('mat2', 'dirty.webp')));
    const cleaned = await cleanImage(path);
    expect(cleaned.result.removed.length).toBeGreaterThan(0);
    expect(
      execFileSync('exiftool', [
        '-s3',
        '-ExifIFD:all',
        cleaned.path,
      ]).toString(),
    ).toBe('');
    expect(pixelDigest(cleaned.path)).toBe(pixelDigest(path));
  });
});

describe('hostile WebP', () => {
  async function errorCode(bytes: Uint8Array): Promise<string> {
    try {
      await inspect(blobOf(bytes));
      return 'inspected';
    } catch (error) {
      return isEngineError(error) ? error.code : `untyped ${String(error)}`;
    }
  }

  itCorpus('rejects a RIFF size larger than the file', async () => {
    const bytes = new Uint8Array(
      readFileSync(corpusFile('mat2', 'dirty.webp')),
    );
    expect(await errorCode(bytes.subarray(0, bytes.length - 100))).toBe(
      'corrupt',
    );
  });

  itCorpus('rejects a chunk whose size runs past the RIFF chunk', async () => {
    const bytes = new Uint8Array(
      readFileSync(corpusFile('mat2', 'dirty.webp')),
    );
    const lying = Buffer.from(bytes);
    lying.writeUInt32LE(0x7ffffff0, 16);
    expect(await errorCode(lying)).toBe('corrupt');
  });

  it('rejects random bytes after a valid header', async () => {
    const bytes = Buffer.alloc(4096, 0xa5);
    bytes.write('RIFF', 0);
    bytes.writeUInt32LE(4088, 4);
    bytes.write('WEBP', 8);
    expect(await errorCode(bytes)).toBe('corrupt');
  });
});

describe('mutated WEBP (property)', () => {
  it('ends in a typed error or a clean re-inspectable output', async () => {
    const original = new Uint8Array(
      readFileSync(webpFixture(tempDir('webp-fuzz'), 'fuzz.webp', 2)),
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
