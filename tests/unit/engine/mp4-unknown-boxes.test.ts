/**
 * Top-level boxes of a type nothing defines (a vendor's `sefd` trailer, a box any writer appends):
 * each one that holds none of the movie's samples is reported and becomes zeroed free space in
 * place; one that holds the samples, or a HEIF item's bytes, stays. The movies are ffmpeg's,
 * the images ImageMagick's, the boxes the test's own, each with a planted canary.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanPlan, planToBlob } from '../../../workers/engine';
import { box, taggedMp4, taggedImage } from '../../helpers/isobmff-fixtures';
import { boxIndex, withFreeSpace } from '../../helpers/free-space-fixtures';
import { blobOf, framemd5, tempDir } from '../../helpers/video-tools';
import { expectNoLeaks } from '../../helpers/leak-oracle';

const SAMSUNG = 'CANARYSEFD9q';
const BEFORE = 'CANARYABCD9q';
const MOTION = 'CANARYMPVD9q';

let dir: string;
let movie: Uint8Array;

beforeAll(() => {
  dir = tempDir('isobmff-unknown-boxes');
  movie = new Uint8Array(readFileSync(taggedMp4(dir, 'moov-at-end.mp4', [])));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const MAX_PIXEL_BYTES = 64 * 1024 * 1024;
const text = (s: string) => new Uint8Array(Buffer.from(s, 'latin1'));

async function cleaned(bytes: Uint8Array) {
  const blob = blobOf(bytes);
  const { plan, removed: findings } = await cleanPlan(blob);
  const out = new Uint8Array(
    await (await planToBlob(blob, plan)).arrayBuffer(),
  );
  return { out, findings };
}

/** Digest of the decoded RGBA pixels, as ImageMagick (libheif) sees them. */
function pixels(bytes: Uint8Array, name: string): string {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  const rgba = execFileSync('convert', [path, '-depth', '8', 'rgba:-'], {
    maxBuffer: MAX_PIXEL_BYTES,
  });
  return createHash('sha256').update(rgba).digest('hex');
}

function frames(bytes: Uint8Array, name: string): string {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return framemd5(path);
}

describe('an unknown top-level box', () => {
  it('is reported and zeroed in place, before the media data and at the end, the frames the same', async () => {
    const before = withFreeSpace(
      movie,
      boxIndex(movie, 'mdat'),
      box('abcd', text(`old ${BEFORE}`)),
    );
    const input = withFreeSpace(
      before,
      Infinity,
      box('sefd', text(`SEFH Image_UTC_Data ${SAMSUNG}`)),
    );
    const { out, findings } = await cleaned(input);
    expect(out.length).toBe(input.length);
    expectNoLeaks(input, out, [BEFORE, SAMSUNG]);
    expect(findings.map((f) => f.label)).toEqual(
      expect.arrayContaining(['abcd', 'Samsung trailer']),
    );
    const samsung = findings.find((f) => f.label === 'Samsung trailer');
    expect(samsung?.field).toBe('device.maker-notes');
    expect(frames(out, 'out.mp4')).toBe(frames(input, 'in.mp4'));
  });

  it('stays when the movie reads its samples from it', async () => {
    const input = new Uint8Array(movie);
    const mdat = Buffer.from(input).indexOf('mdat');
    input.set(text('xdat'), mdat);
    const { out, findings } = await cleaned(input);
    expect(findings.map((f) => f.label)).not.toContain('xdat');
    expect(frames(out, 'xdat-out.mp4')).toBe(frames(input, 'xdat-in.mp4'));
  });

  it('beside HEIF items is zeroed when no item lies in it, a motion photo video among them', async () => {
    const image = new Uint8Array(readFileSync(taggedImage(dir, 'heic')));
    const motion = box('mpvd', text(`....ftypisom ${MOTION}`));
    const input = withFreeSpace(
      withFreeSpace(image, Infinity, box('abcd', text(BEFORE))),
      Infinity,
      motion,
    );
    const { out, findings } = await cleaned(input);
    expect(out.length).toBe(input.length);
    expectNoLeaks(input, out, [BEFORE, MOTION]);
    expect(findings.map((f) => f.label)).toEqual(
      expect.arrayContaining(['abcd', 'MotionPhotoVideo']),
    );
    expect(pixels(out, 'heif-out.heic')).toBe(pixels(input, 'heif-in.heic'));
  });

  it('beside HEIF items stays when the items lie in it, the pixels the same', async () => {
    const input = new Uint8Array(readFileSync(taggedImage(dir, 'heic')));
    input.set(text('xdat'), Buffer.from(input).indexOf('mdat'));
    const { out, findings } = await cleaned(input);
    expect(findings.map((f) => f.label)).not.toContain('xdat');
    expect(pixels(out, 'xdat-out.heic')).toBe(pixels(input, 'xdat-in.heic'));
  });
});
