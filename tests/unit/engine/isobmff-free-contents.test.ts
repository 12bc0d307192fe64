/**
 * A `free` or `skip` box inside a movie or an item property list keeps its size, but not what it
 * holds: its contents are irrelevant (ISO/IEC 14496-12 8.1.2), and an editor that deletes a box
 * by retyping it `free` (as QuickTime does) leaves the old box inside. A freed `udta` holding a
 * place (`©xyz`) went out with exit 0, in a copy and in place. `strings` is the independent
 * reader (exiftool does not read free space); the frames and pixels are compared decoded.
 */
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanPlan, planToBlob } from '../../../workers/engine';
import { pixelDigest } from '../../helpers/image-tools';
import { taggedImage, taggedMp4 } from '../../helpers/isobmff-fixtures';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import {
  blobOf,
  fileBytes,
  framemd5,
  tempDir,
} from '../../helpers/video-tools';

const PLACE = '+48.8584+002.2945/';
const SKIPPED = 'SKIPCANARY left by an editor';
const PROPERTY = 'FREEPROP';

let dir: string;

beforeAll(() => {
  dir = tempDir('isobmff-free-contents');
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(name: string, bytes: Uint8Array): string {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}

const strings = (path: string) =>
  execFileSync('strings', ['-n', '6', path], { encoding: 'latin1' });

function box(type: string, payload: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + payload.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, payload]);
}

/** A QuickTime user-data string: length, language, text. */
function userDataText(type: string, text: string): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt16BE(text.length, 0);
  head.writeUInt16BE(0x15c7, 2);
  return box(type, Buffer.concat([head, Buffer.from(text, 'latin1')]));
}

/** `movie` (its moov last) with a freed udta holding a place and a skip box of text inside its moov. */
function withFreeSpaceInMoov(movie: Buffer): Buffer {
  const moov = movie.lastIndexOf('moov') - 4;
  expect(moov + movie.readUInt32BE(moov)).toBe(movie.length);
  const added = Buffer.concat([
    box('free', userDataText('\xa9xyz', PLACE)),
    box('skip', Buffer.from(SKIPPED, 'latin1')),
  ]);
  const out = Buffer.concat([movie, added]);
  out.writeUInt32BE(movie.readUInt32BE(moov) + added.length, moov);
  return out;
}

async function clean(input: Uint8Array, keepLayout = false) {
  const blob = blobOf(input);
  const result = await cleanPlan(blob, { keepLayout });
  const out = new Uint8Array(
    await (await planToBlob(blob, result.plan)).arrayBuffer(),
  );
  return { out, removed: result.removed };
}

describe('free space inside a movie box', () => {
  it.each([
    ['a copy', false],
    ['a clean in place', true],
  ])('is emptied in %s and reported, the frames the same', async (_, keep) => {
    const plain = Buffer.from(fileBytes(taggedMp4(dir, 'movie.mp4', [])));
    const input = withFreeSpaceInMoov(plain);
    const inPath = write('freed.mp4', input);
    expect(strings(inPath)).toContain(PLACE);
    expect(strings(inPath)).toContain(SKIPPED);
    const { out, removed } = await clean(input, keep);
    const outPath = write('freed-clean.mp4', out);
    expect(strings(outPath)).not.toContain(PLACE);
    expect(strings(outPath)).not.toContain(SKIPPED);
    expectNoLeaks(input, out, [PLACE, SKIPPED]);
    const labels = removed.map((f) => f.label);
    expect(labels).toContain('free box contents');
    expect(labels).toContain('skip box contents');
    if (keep) expect(out.length).toBe(input.length);
    expect(framemd5(outPath)).toBe(framemd5(inPath));
  });
});

describe('free space among a HEIF picture’s properties', () => {
  it('is emptied and reported, the pixels the same', async () => {
    const input = Buffer.from(fileBytes(taggedImage(dir, 'heic')));
    // The pixel information property, retyped free, holds what an editor left.
    const pixi = input.indexOf('pixi', input.indexOf('ipco'));
    expect(input.readUInt32BE(pixi - 4)).toBe(8 + PROPERTY.length);
    input.write('free', pixi, 'latin1');
    input.write(PROPERTY, pixi + 4, 'latin1');
    const inPath = write('free-property.heic', input);
    expect(strings(inPath)).toContain(PROPERTY);
    const { out, removed } = await clean(input);
    const outPath = write('free-property-clean.heic', out);
    expect(strings(outPath)).not.toContain(PROPERTY);
    expectNoLeaks(input, out, [PROPERTY]);
    expect(removed.map((f) => f.label)).toContain('free box contents');
    expect(pixelDigest(outPath)).toBe(pixelDigest(inPath));
  });
});
