/**
 * A SeekHead holds only Seek entries, and a Seek only its SeekID and SeekPosition (RFC 9559
 * 5.1.1.1): a tool's own element in either is voided and reported, the CRC-32 recomputed. The
 * planted elements take room from the Void ffmpeg leaves after its SeekHead, so nothing after
 * them moves; the tests' own EBML reader, Node's CRC-32, ffprobe and ffmpeg's frame digests check.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import { ebmlChildren, verifyLevel1Crcs } from '../../helpers/video-ebml';
import {
  TEST_VIDEO,
  cleanFile,
  contains,
  ffmpeg,
  ffprobe,
  fileBytes,
  framemd5,
  tempDir,
} from '../../helpers/video-tools';

const SEGMENT = 0x18538067;
const SEEK_HEAD = 0x114d9b74;
const SEEK = 0x4dbb;
const VOID = 0xec;
const CRC_32 = 0xbf;
/** A Void's 8-byte size field, as ffmpeg writes it. */
const VOID_HEADER_BYTES = 9;

/** An element of one-byte size (payload under 127 bytes). */
const element = (id: number[], payload: Uint8Array) =>
  Buffer.concat([Buffer.from(id), Buffer.of(0x80 | payload.length), payload]);

/**
 * ffmpeg's file with `extra` added at the end of its SeekHead (`inSeek`: inside its first Seek
 * instead), the Void after the SeekHead that much shorter, every CRC-32 on the way recomputed.
 */
function planted(path: string, extra: Uint8Array, inSeek: boolean): Buffer {
  const bytes = Buffer.from(fileBytes(path));
  const segment = ebmlChildren(bytes, 0, bytes.length).find(
    (n) => n.id === SEGMENT,
  )!;
  const level1 = ebmlChildren(bytes, segment.data, segment.end);
  const index = level1.findIndex((n) => n.id === SEEK_HEAD);
  const head = level1[index]!;
  const gap = level1[index + 1]!;
  if (gap.id !== VOID || gap.data - gap.at !== VOID_HEADER_BYTES)
    throw new Error('no Void of ffmpeg after the SeekHead');
  const children = ebmlChildren(bytes, head.data, head.end);
  const parts = children.map((c) => Buffer.from(bytes.subarray(c.at, c.end)));
  if (inSeek) {
    const i = children.findIndex((c) => c.id === SEEK);
    const seek = children[i]!;
    const fields = ebmlChildren(bytes, seek.data, seek.end).map((f) =>
      Buffer.from(bytes.subarray(f.at, f.end)),
    );
    parts[i] = element([0x4d, 0xbb], Buffer.concat([...fields, extra]));
  } else parts.push(Buffer.from(extra));
  if (children[0]!.id === CRC_32) {
    const crc = Buffer.alloc(4);
    crc.writeUInt32LE(crc32(Buffer.concat(parts.slice(1))));
    parts[0] = element([CRC_32], crc);
  }
  const seekHead = element([0x11, 0x4d, 0x9b, 0x74], Buffer.concat(parts));
  const room = gap.end - head.at - seekHead.length - VOID_HEADER_BYTES;
  const size = Buffer.alloc(8);
  size.writeBigUInt64BE(BigInt(room) | (1n << 56n));
  const filler = Buffer.concat([Buffer.of(VOID), size, Buffer.alloc(room)]);
  return Buffer.concat([
    bytes.subarray(0, head.at),
    seekHead,
    filler,
    bytes.subarray(gap.end),
  ]);
}

describe('Matroska SeekHead children', () => {
  it.each([
    ['beside the Seek entries', false],
    ['inside a Seek entry', true],
  ])('voids a tool’s element %s, keeping every frame', async (_, inSeek) => {
    const dir = tempDir('mkv-seek-head');
    const base = join(dir, 'base.mkv');
    ffmpeg([...TEST_VIDEO, '-t', '1', '-c:v', 'ffv1', base]);
    const canary = 'CANARY_SEEK_HEAD_PRIVATE';
    const extra = element([0x5a, 0x64], Buffer.from(canary, 'latin1'));
    const input = join(dir, 'planted.mkv');
    writeFileSync(input, planted(base, extra, inSeek));
    expect(contains(fileBytes(input), canary)).toBe(true);
    expect(verifyLevel1Crcs(fileBytes(input))).toBeGreaterThan(0);
    expect(ffprobe(input)).toContain('"codec_name": "ffv1"');
    const cleaned = await cleanFile(input);
    expectNoLeaks(fileBytes(input), cleaned.bytes, [canary]);
    expect(cleaned.result.removed).toContainEqual(
      expect.objectContaining({
        label: 'element 0x5A64',
        location: 'Segment/SeekHead',
      }),
    );
    expect(verifyLevel1Crcs(cleaned.bytes)).toBeGreaterThan(0);
    expect(framemd5(cleaned.path)).toBe(framemd5(input));
  });
});
