/**
 * Content hashes where the content sits beside metadata the cleaner takes out from around it: an
 * MP3's frames before an ID3v2 tag appended with its footer (ID3v2.4 main structure 3.4), and a
 * WebP animation frame's picture beside an unknown chunk inside its ANMF. The copy keeps every
 * sample and pixel, so its content must read identical; one byte changed in the content must not.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  compareContent,
  hashContent,
  type Sha256Host,
} from '../../../workers/engine/content-hash';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import { blobOf, cleanFile, ffmpeg, tempDir } from '../../helpers/video-tools';

const CANARY = 'QZTAILFRAMECANARYQZ';

const host: Sha256Host = {
  maxBytes: Number.POSITIVE_INFINITY,
  async sha256(pieces) {
    const hash = createHash('sha256');
    for await (const piece of pieces) hash.update(piece);
    return hash.digest('hex');
  },
};

const synchsafe = (n: number) =>
  Buffer.from([(n >> 21) & 0x7f, (n >> 14) & 0x7f, (n >> 7) & 0x7f, n & 0x7f]);

/** An ID3v2.4 tag with a footer (flag 0x10) holding one TIT2 frame. */
function appendedId3(text: string): Buffer {
  const body = Buffer.concat([Buffer.from([3]), Buffer.from(text, 'latin1')]);
  const frame = Buffer.concat([
    Buffer.from('TIT2'),
    synchsafe(body.length),
    Buffer.alloc(2),
    body,
  ]);
  const head = (magic: string) =>
    Buffer.concat([
      Buffer.from(magic),
      Buffer.from([4, 0, 0x10]),
      synchsafe(frame.length),
    ]);
  return Buffer.concat([head('ID3'), frame, head('3DI')]);
}

/** An ID3v1 tag with `title`. */
function id3v1(title: string): Buffer {
  const tag = Buffer.alloc(128);
  tag.write('TAG', 0, 'latin1');
  tag.write(title, 3, 'latin1');
  return tag;
}

function riffChunk(id: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.write(id, 0, 'latin1');
  head.writeUInt32LE(data.length, 4);
  const pad = data.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0);
  return Buffer.concat([head, data, pad]);
}

/** The WebP with `extra` appended inside its last ANMF chunk. */
function withChunkInLastFrame(webp: Buffer, extra: Buffer): Buffer {
  const parts: Buffer[] = [];
  let last = -1;
  for (let at = 12; at + 8 <= webp.length;) {
    const size = webp.readUInt32LE(at + 4);
    const id = webp.toString('latin1', at, at + 4);
    if (id === 'ANMF') last = parts.length;
    parts.push(webp.subarray(at, at + 8 + size + (size % 2)));
    at += 8 + size + (size % 2);
  }
  const frame = parts[last]!;
  parts[last] = riffChunk(
    'ANMF',
    Buffer.concat([frame.subarray(8, 8 + frame.readUInt32LE(4)), extra]),
  );
  const body = Buffer.concat([Buffer.from('WEBP'), ...parts]);
  const head = Buffer.alloc(8);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(body.length, 4);
  return Buffer.concat([head, body]);
}

/** ImageMagick's digest of each frame's pixels. */
function frameDigests(path: string): string {
  return execFileSync('identify', ['-format', '%# ', path], {
    encoding: 'utf8',
  });
}

let dir: string;
beforeAll(() => {
  dir = tempDir('content-hash-tail-frames');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function contentOf(bytes: Uint8Array) {
  return hashContent(blobOf(bytes), host);
}

describe('an MP3 with an ID3v2 tag appended with its footer', () => {
  it('reads its frames identical in the copy, the tag gone', async () => {
    const plain = join(dir, 'plain.mp3');
    ffmpeg([
      ...['-f', 'lavfi', '-i', 'sine=d=1:sample_rate=22050'],
      ...['-c:a', 'libmp3lame', plain],
    ]);
    const input = join(dir, 'appended.mp3');
    writeFileSync(
      input,
      Buffer.concat([
        readFileSync(plain),
        appendedId3(CANARY),
        id3v1('kept apart'),
      ]),
    );
    const bytes = new Uint8Array(readFileSync(input));
    const cleaned = await cleanFile(input);
    expectNoLeaks(bytes, cleaned.bytes, [CANARY]);
    const before = await contentOf(bytes);
    const after = await contentOf(cleaned.bytes);
    expect(compareContent(before, after).identical).toBe(true);
    const changed = bytes.slice();
    changed[Math.floor(readFileSync(plain).length / 2)]! ^= 1;
    expect(compareContent(before, await contentOf(changed)).identical).toBe(
      false,
    );
  });
});

describe('a WebP animation frame holding an unknown chunk', () => {
  it('reads its frames identical in the copy, the chunk gone', async () => {
    const frame = (colour: string) => {
      const path = join(dir, `${colour}.png`);
      execFileSync('convert', ['-size', '16x12', `xc:${colour}`, path]);
      return path;
    };
    const anim = join(dir, 'anim.webp');
    ffmpeg([
      ...['-framerate', '2', '-i', frame('red')],
      ...['-framerate', '2', '-i', frame('blue')],
      ...['-filter_complex', '[0][1]concat=n=2:v=1'],
      ...['-c:v', 'libwebp_anim', '-lossless', '1', '-loop', '0', anim],
    ]);
    const input = join(dir, 'frame-chunk.webp');
    writeFileSync(
      input,
      withChunkInLastFrame(
        readFileSync(anim),
        riffChunk('ZZZZ', Buffer.from(CANARY, 'latin1')),
      ),
    );
    const bytes = new Uint8Array(readFileSync(input));
    const cleaned = await cleanFile(input);
    expectNoLeaks(bytes, cleaned.bytes, [CANARY]);
    expect(frameDigests(cleaned.path)).toBe(frameDigests(input));
    const before = await contentOf(bytes);
    expect(
      compareContent(before, await contentOf(cleaned.bytes)).identical,
    ).toBe(true);
    // A byte of the last frame's bitstream, just before the unknown chunk.
    const changed = bytes.slice();
    changed[Buffer.from(bytes).indexOf('ZZZZ') - 2]! ^= 1;
    expect(compareContent(before, await contentOf(changed)).identical).toBe(
      false,
    );
  });
});
