/**
 * A Void element is padding no reader reads (RFC 8794 11.3.2), but an editor that voids an
 * element by writing only a Void header over it (libebml's `EbmlVoid::Overwrite`) leaves the old
 * element's bytes inside. A Void among the Segment's level-1 elements, or after the Segment,
 * holding a place went out with exit 0, in a copy and in place; now it is zero-filled and
 * reported, the frames the same. `strings` is the independent reader (no Matroska tool shows a
 * Void's data).
 */
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanPlan, planToBlob } from '../../../workers/engine';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import {
  blobOf,
  fileBytes,
  framemd5,
  tempDir,
} from '../../helpers/video-tools';

const INSIDE = 'VOIDCANARY 48.8584N 2.2945E';
const AFTER = 'VOIDAFTERCANARY by Alice';
const SEGMENT_ID = Buffer.from([0x18, 0x53, 0x80, 0x67]);
const VOID_ID = 0xec;

let dir: string;
let plain: Buffer;

beforeAll(() => {
  dir = tempDir('matroska-void-contents');
  const path = join(dir, 'plain.mkv');
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=64x48:rate=5',
    '-t',
    '1',
    '-c:v',
    'libx264',
    path,
  ]);
  plain = Buffer.from(fileBytes(path));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(name: string, bytes: Uint8Array): string {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}

const strings = (path: string) =>
  execFileSync('strings', ['-n', '6', path], { encoding: 'latin1' });

/** A Void element holding `text` (one-byte size: under 127 bytes). */
function voidOf(text: string): Buffer {
  return Buffer.concat([
    Buffer.from([VOID_ID, 0x80 | text.length]),
    Buffer.from(text, 'latin1'),
  ]);
}

/** `plain` with a Void holding INSIDE at the Segment's end (its 8-byte size grown), and one holding AFTER past it. */
function withVoids(): Buffer {
  const segment = plain.indexOf(SEGMENT_ID);
  const sizeAt = segment + SEGMENT_ID.length;
  expect(plain[sizeAt]).toBe(0x01);
  const size = Number(plain.readBigUInt64BE(sizeAt) & 0xffffffffffffffn);
  expect(sizeAt + 8 + size).toBe(plain.length);
  const inside = voidOf(INSIDE);
  const out = Buffer.concat([plain, inside, voidOf(AFTER)]);
  out.writeBigUInt64BE((0x01n << 56n) | BigInt(size + inside.length), sizeAt);
  return out;
}

async function clean(input: Uint8Array, keepLayout: boolean) {
  const blob = blobOf(input);
  const result = await cleanPlan(blob, { keepLayout });
  const out = new Uint8Array(
    await (await planToBlob(blob, result.plan)).arrayBuffer(),
  );
  return { out, removed: result.removed };
}

describe('a Void element that holds bytes', () => {
  it.each([
    ['a copy', false],
    ['a clean in place', true],
  ])(
    'is zero-filled in %s and reported, the frames the same',
    async (_, keep) => {
      const input = withVoids();
      const inPath = write('voids.mkv', input);
      for (const canary of [INSIDE, AFTER])
        expect(strings(inPath)).toContain(canary);
      const { out, removed } = await clean(input, keep);
      const outPath = write('voids-clean.mkv', out);
      for (const canary of [INSIDE, AFTER])
        expect(strings(outPath)).not.toContain(canary);
      expectNoLeaks(input, out, [INSIDE, AFTER]);
      expect(removed.filter((f) => f.label === 'Void contents')).toHaveLength(
        2,
      );
      expect(out.length).toBe(input.length);
      expect(framemd5(outPath)).toBe(framemd5(inPath));
    },
  );

  it('a Void of zeros, as muxers reserve room, is left as it is', async () => {
    const { removed } = await clean(plain, false);
    expect(removed.map((f) => f.label)).not.toContain('Void contents');
  });
});
