/**
 * Bytes after a movie's last whole box, as cameras and recorders leave them: zero padding, a
 * `free` box whose size runs past the end, dashcams' GPS trailers (Kenwood, Auto-Vox RIFF
 * records, LigoGPS), and bytes no rule explains. The known ones clean (the trailers reported, the
 * copy ending at the last box, the frames the same); the rest is refused as unsupported, and a
 * box of a known type cut short as corrupt, since only that file is damaged. `strings` is the
 * independent reader: exiftool 12 names none of these trailers.
 */
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { cleanPlan, planToBlob } from '../../../workers/engine';
import {
  compareContent,
  hashContent,
} from '../../../workers/engine/content-hash';
import { taggedMp4 } from '../../helpers/isobmff-fixtures';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import {
  blobOf,
  exiftool,
  fileBytes,
  framemd5,
  tempDir,
} from '../../helpers/video-tools';

const GPS = 'N50.6123860677E8.7027180989';
const LIGO = 'LIGOGPSCANARY 51.50N 0.12W';
const LEFTOVER = 'OLDMOOVCANARY';

let dir: string;
let movie: Buffer;

beforeAll(() => {
  dir = tempDir('isobmff-after-last-box');
  movie = Buffer.from(fileBytes(taggedMp4(dir, 'movie.mp4', [])));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(name: string, bytes: Uint8Array): string {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}

const strings = (path: string) =>
  execFileSync('strings', ['-n', '6', path], { encoding: 'latin1' });

const sha256Host = {
  maxBytes: Number.POSITIVE_INFINITY,
  async sha256(pieces: AsyncIterable<Uint8Array>) {
    const hash = createHash('sha256');
    for await (const piece of pieces) hash.update(piece);
    return hash.digest('hex');
  },
};

/** The content hashes (`--json`'s `content`) of both, by the locators' own walk. */
async function sameContent(input: Uint8Array, out: Uint8Array) {
  const before = await hashContent(blobOf(input), sha256Host);
  const after = await hashContent(blobOf(out), sha256Host);
  expect(before.error).toBeUndefined();
  return compareContent(before, after).identical;
}

async function clean(input: Uint8Array, keepLayout = false) {
  const blob = blobOf(input);
  const result = await cleanPlan(blob, { keepLayout });
  const out = new Uint8Array(
    await (await planToBlob(blob, result.plan)).arrayBuffer(),
  );
  return { out, removed: result.removed };
}

/** Kenwood dashcams' records: 14 C's, then 121-byte `GPSDATA--` records (exiftool's layout). */
function kenwoodTrailer(): Buffer {
  const record = `GPSDATA--20240711120412${GPS}533.0`.padEnd(121, '0');
  return Buffer.from('C'.repeat(14) + record.repeat(3), 'latin1');
}

/** Auto-Vox dashcams' RIFF-style chunks: an id, a 32-bit little-endian length, the record. */
function riffTrailer(): Buffer {
  const record = Buffer.from(`AITG${GPS}`.padEnd(40, '\0'), 'latin1');
  const header = Buffer.alloc(8);
  header.write('gps0', 0, 'latin1');
  header.writeUInt32LE(record.length, 4);
  return Buffer.concat([header, record]);
}

/** LigoGPS: a `skip` box holding `LIGOGPSINFO`, then `&&&&` and the whole length, big-endian. */
function ligoTrailer(): Buffer {
  const payload = Buffer.from(
    `\0`.repeat(8) + `LIGOGPSINFO\0${LIGO}`,
    'latin1',
  );
  const skip = Buffer.alloc(8);
  skip.writeUInt32BE(8 + payload.length, 0);
  skip.write('skip', 4, 'latin1');
  const footer = Buffer.alloc(8);
  footer.write('&&&&', 0, 'latin1');
  footer.writeUInt32BE(skip.length + payload.length + footer.length, 4);
  return Buffer.concat([skip, payload, footer]);
}

/** A `free` box whose size says 1 MB where the file ends after a few hundred bytes. */
function cutShortFree(): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(1_000_000, 0);
  header.write('free', 4, 'latin1');
  return Buffer.concat([header, Buffer.from(LEFTOVER.repeat(20), 'latin1')]);
}

describe('bytes after the last box', () => {
  it('zero padding cleans, left out of the copy, the frames the same', async () => {
    const input = Buffer.concat([movie, Buffer.alloc(4096)]);
    const { out, removed } = await clean(input);
    expect(out.length).toBe(movie.length);
    expect(removed.map((f) => f.location)).not.toContain('after the last box');
    expect(framemd5(write('zeros-out.mp4', out))).toBe(
      framemd5(write('zeros.mp4', input)),
    );
    const inPlace = await clean(input, true);
    expect(inPlace.out.length).toBe(input.length);
  });

  it('a free box cut short is free space: left out, or in place given the size it has and its contents zeroed', async () => {
    const input = Buffer.concat([movie, cutShortFree()]);
    const inPath = write('free.mp4', input);
    expect(strings(inPath)).toContain(LEFTOVER);
    expect(exiftool(inPath)).toMatch(/Truncated 'free' data/);
    const { out } = await clean(input);
    const outPath = write('free-out.mp4', out);
    expect(out.length).toBe(movie.length);
    expect(strings(outPath)).not.toContain(LEFTOVER);
    expectNoLeaks(input, out, [LEFTOVER]);
    expect(framemd5(outPath)).toBe(framemd5(inPath));
    expect(await sameContent(input, out)).toBe(true);
    const inPlace = await clean(input, true);
    const inPlacePath = write('free-in-place.mp4', inPlace.out);
    expect(inPlace.out.length).toBe(input.length);
    expect(exiftool(inPlacePath)).not.toMatch(/Truncated/);
    expect(strings(inPlacePath)).not.toContain(LEFTOVER);
    expectNoLeaks(input, inPlace.out, [LEFTOVER]);
    expect(framemd5(inPlacePath)).toBe(framemd5(inPath));
  });

  it.each([
    ['Kenwood trailer', kenwoodTrailer(), GPS],
    ['RIFF trailer', riffTrailer(), GPS],
    ['LigoGPS trailer', ligoTrailer(), LIGO],
  ])(
    'a dashcam GPS trailer (%s) is reported as GPS data and removed',
    async (label, trailer, canary) => {
      const input = Buffer.concat([movie, trailer]);
      const inPath = write(`${label}.mp4`, input);
      expect(strings(inPath)).toContain(canary);
      const { out, removed } = await clean(input);
      const found = removed.find((f) => f.label === label);
      expect(found?.field).toBe('gps.detail');
      const outPath = write(`${label}-out.mp4`, out);
      expect(out.length).toBe(movie.length);
      expect(strings(outPath)).not.toContain(canary);
      expectNoLeaks(input, out, [canary]);
      expect(framemd5(outPath)).toBe(framemd5(inPath));
      expect(await sameContent(input, out)).toBe(true);
      const inPlace = await clean(input, true);
      expect(inPlace.out.length).toBe(input.length);
      expectNoLeaks(input, inPlace.out, [canary]);
      const tail = Buffer.from(inPlace.out.subarray(movie.length));
      expect(tail.toString('latin1', 4, 8)).toBe('free');
      expect(framemd5(write(`${label}-in-place.mp4`, inPlace.out))).toBe(
        framemd5(inPath),
      );
    },
  );

  it('bytes no rule explains are refused as unsupported, not as damage', async () => {
    const input = Buffer.concat([
      movie,
      Buffer.from(`vendor log ${GPS}`.repeat(4), 'latin1'),
    ]);
    await expect(cleanPlan(blobOf(input))).rejects.toMatchObject({
      code: 'unsupported',
    });
  });

  it('a box of a known type cut short is damage (corrupt)', async () => {
    const header = Buffer.alloc(8);
    header.writeUInt32BE(1_000_000, 0);
    header.write('mdat', 4, 'latin1');
    const input = Buffer.concat([movie, header, Buffer.alloc(100, 7)]);
    await expect(cleanPlan(blobOf(input))).rejects.toMatchObject({
      code: 'corrupt',
    });
  });

  it('a tail the movie reads a chunk from is refused, not left out', async () => {
    const input = Buffer.concat([movie, kenwoodTrailer()]);
    const stco = input.indexOf('stco');
    // First entry of the first chunk offset table: version/flags and count come first.
    input.writeUInt32BE(movie.length + 16, stco + 12);
    await expect(cleanPlan(blobOf(input))).rejects.toMatchObject({
      code: 'unsupported',
    });
  });
});
