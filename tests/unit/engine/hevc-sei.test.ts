/**
 * An HEVC decoder configuration (hvcC) may hold SEI NAL units: x265 writes its version, build and
 * every encoding option in a user_data_unregistered message there, which ffmpeg puts in an MP4's
 * sample entry, and a HEIF writer may put in an item property. Both went out as they were ("no
 * metadata found" for the HEIC, exit 0); now the message's payload is blanked with spaces in place.
 * exiftool does not read SEI, so `strings` is the independent reader; the decoded pictures and
 * frames are the same.
 */
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanPlan, planToBlob } from '../../../workers/engine';
import { jpegItemHeic, userDataSei } from '../../helpers/heif-jpeg-fixtures';
import { pixelDigest } from '../../helpers/image-tools';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import {
  TEST_VIDEO,
  blobOf,
  ffmpeg,
  fileBytes,
  framemd5,
  tempDir,
} from '../../helpers/video-tools';

const CANARY = 'CANARYSEIUSER5';
/** x265's own words in its info SEI (x265 encoder, SEIuserDataUnregistered). */
const X265_INFO = 'x265 (build';

let dir: string;

beforeAll(() => {
  dir = tempDir('hevc-sei');
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(name: string, bytes: Uint8Array): string {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}

const strings = (path: string) =>
  execFileSync('strings', ['-n', '6', path], { encoding: 'latin1' });

async function cleaned(input: Uint8Array) {
  const blob = blobOf(input);
  const { plan, removed } = await cleanPlan(blob);
  const out = new Uint8Array(
    await (await planToBlob(blob, plan)).arrayBuffer(),
  );
  return { out, removed };
}

describe('SEI user data in a HEIF item’s hvcC', () => {
  it('is blanked and reported, the picture the same', async () => {
    const input = jpegItemHeic(dir, {
      hvcCNal: userDataSei(`encoder ${CANARY} options`),
    });
    const inPath = write('sei.heic', input);
    expect(strings(inPath)).toContain(CANARY);

    const { out, removed } = await cleaned(input);

    const outPath = write('sei-clean.heic', out);
    expect(out.length).toBe(input.length);
    expect(strings(outPath)).not.toContain(CANARY);
    expectNoLeaks(input, out, [CANARY]);
    const sei = removed.find((f) => f.label === 'user_data_unregistered');
    expect(sei?.value).toContain(CANARY);
    expect(pixelDigest(outPath)).toBe(pixelDigest(inPath));
  });

  it('whose payload has emulation prevention bytes is refused', async () => {
    // 00 00 03 01 in the NAL unit is 00 00 01 in the message: 16 + 7 bytes of payload.
    const uuid = Buffer.alloc(16, 0x41);
    const nal = Buffer.concat([
      Buffer.from([39 << 1, 1, 5, 23]),
      uuid,
      Buffer.from('ab\0\0\x03\x01cd', 'latin1'),
      Buffer.from([0x80]),
    ]);
    const input = jpegItemHeic(dir, { hvcCNal: nal });
    await expect(cleanPlan(blobOf(input))).rejects.toMatchObject({
      code: 'unsupported',
    });
  });

  it('in a message that runs past its NAL unit fails as corrupt', async () => {
    const nal = userDataSei(`encoder ${CANARY}`);
    nal[3] = 0xf0;
    const input = jpegItemHeic(dir, { hvcCNal: nal });
    await expect(cleanPlan(blobOf(input))).rejects.toMatchObject({
      code: 'corrupt',
    });
  });
});

describe('x265’s info SEI in an MP4’s hvcC', () => {
  it('is blanked and reported, every frame the same', async () => {
    const inPath = join(dir, 'x265.mp4');
    ffmpeg([
      ...TEST_VIDEO,
      ...['-t', '0.3', '-c:v', 'libx265', '-x265-params', 'log-level=none'],
      inPath,
    ]);
    const input = fileBytes(inPath);
    expect(strings(inPath)).toContain(X265_INFO);

    const { out, removed } = await cleaned(input);

    const outPath = write('x265-clean.mp4', out);
    expect(strings(outPath)).not.toContain(X265_INFO);
    expectNoLeaks(input, out, [X265_INFO]);
    const sei = removed.find((f) => f.label === 'user_data_unregistered');
    expect(sei?.location).toMatch(/stsd\/hev1\/hvcC$/);
    expect(framemd5(outPath)).toBe(framemd5(inPath));
  });
});
