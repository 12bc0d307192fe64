/**
 * Insta360's trailer after the movie's last box (its serial number, model and logs, found from a
 * footer at the file's end): exiftool reads it from the input, the copy ends where it began and
 * a clean in place makes it zeroed free space; the frames and the content hashes stay the same.
 * The movie is ffmpeg's, the trailer the test's own, laid out as exiftool reads it.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanPlan, planToBlob } from '../../../workers/engine';
import {
  compareContent,
  hashContent,
} from '../../../workers/engine/content-hash';
import { taggedMp4 } from '../../helpers/isobmff-fixtures';
import { blobOf, framemd5, tempDir } from '../../helpers/video-tools';
import { expectNoLeaks } from '../../helpers/leak-oracle';

const SERIAL = 'IXSE42CANARY';

let dir: string;
let movie: Uint8Array;

beforeAll(() => {
  dir = tempDir('isobmff-camera-trailer');
  movie = new Uint8Array(readFileSync(taggedMp4(dir, 'movie.mp4', [])));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** One record (id 0x101: serial number and model), then the 78-byte footer exiftool reads. */
function insta360Trailer(): Buffer {
  const record = Buffer.concat([
    Buffer.from([0x0a, SERIAL.length]),
    Buffer.from(SERIAL, 'latin1'),
    Buffer.from([0x12, 11]),
    Buffer.from('Insta360 X4', 'latin1'),
  ]);
  const footer = Buffer.alloc(78);
  footer.writeUInt16LE(0x101, 0);
  footer.writeUInt32LE(record.length, 2);
  footer.writeUInt32LE(record.length + footer.length, 38);
  footer.write('8db42d694ccc418790edff439fe026bf', 46, 'latin1');
  return Buffer.concat([record, footer]);
}

function write(name: string, bytes: Uint8Array): string {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}

const exiftool = (path: string) =>
  execFileSync('exiftool', ['-a', '-G1', '-ee', '-j', path], {
    encoding: 'utf8',
  });

const sha256Host = {
  maxBytes: Number.POSITIVE_INFINITY,
  async sha256(pieces: AsyncIterable<Uint8Array>) {
    const hash = createHash('sha256');
    for await (const piece of pieces) hash.update(piece);
    return hash.digest('hex');
  },
};

async function clean(bytes: Uint8Array, keepLayout = false) {
  const blob = blobOf(bytes);
  const result = await cleanPlan(blob, { keepLayout });
  const out = new Uint8Array(
    await (await planToBlob(blob, result.plan)).arrayBuffer(),
  );
  return { out, removed: result.removed };
}

describe('an Insta360 trailer after the last box', () => {
  it('is reported and left out of the copy, the movie whole', async () => {
    const input = new Uint8Array(Buffer.concat([movie, insta360Trailer()]));
    const inPath = write('insta.mp4', input);
    expect(exiftool(inPath)).toContain(SERIAL);
    const { out, removed } = await clean(input);
    const found = removed.find((f) => f.label === 'Insta360 trailer');
    // Its records are the camera maker's own (serial, settings, logs), not a subtitle track's.
    expect(found?.field).toBe('device.maker-notes');
    expectNoLeaks(input, out, [SERIAL]);
    const outPath = write('insta-clean.mp4', out);
    expect(exiftool(outPath)).not.toContain('Insta360');
    expect(framemd5(outPath)).toBe(framemd5(inPath));
    const before = await hashContent(blobOf(input), sha256Host);
    const after = await hashContent(blobOf(out), sha256Host);
    expect(before.error).toBeUndefined();
    expect(compareContent(before, after).identical).toBe(true);
  });

  it('becomes zeroed free space of its size in a clean in place', async () => {
    const input = new Uint8Array(Buffer.concat([movie, insta360Trailer()]));
    const { out } = await clean(input, true);
    expect(out.length).toBe(input.length);
    expectNoLeaks(input, out, [SERIAL]);
    const tail = Buffer.from(out.subarray(movie.length));
    expect(tail.readUInt32BE(0)).toBe(tail.length);
    expect(tail.toString('latin1', 4, 8)).toBe('free');
    expect(tail.subarray(8).every((b) => b === 0)).toBe(true);
    const outPath = write('insta-in-place.mp4', out);
    expect(framemd5(outPath)).toBe(framemd5(write('insta2.mp4', input)));
  });

  it('is not taken without its magic: bytes after the last box no rule explains are refused', async () => {
    const trailer = insta360Trailer();
    trailer.write('0'.repeat(16), trailer.length - 32, 'latin1');
    const input = new Uint8Array(Buffer.concat([movie, trailer]));
    await expect(cleanPlan(blobOf(input))).rejects.toMatchObject({
      code: 'unsupported',
    });
  });
});
