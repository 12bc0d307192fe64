/**
 * Cues hold seek points: per CuePoint a time and per track a Cluster position (RFC 9559 5.1.5). A
 * tool's own element at any of its levels is voided and reported, the CRC-32 recomputed. ffmpeg
 * writes Cues last, so the planted Cues can grow without moving anything a SeekHead points at;
 * strings, the tests' own EBML reader, Node's CRC-32 and ffmpeg's frame digests check.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import {
  ebmlChildren,
  element,
  verifyLevel1Crcs,
  type EbmlNode,
} from '../../helpers/video-ebml';
import {
  TEST_AUDIO,
  TEST_VIDEO,
  cleanFile,
  expectReadGone,
  ffmpeg,
  ffprobe,
  fileBytes,
  framemd5,
  tempDir,
} from '../../helpers/video-tools';

const SEGMENT = 0x18538067;
const CUES = 0x1c53bb6b;
const CUE_POINT = 0xbb;
const CUE_TRACK_POSITIONS = 0xb7;
const CRC_32 = 0xbf;
const CANARY = 'CANARY_CUES_PRIVATE';

type Level = 'Cues' | 'CuePoint' | 'CueTrackPositions';

const raw = (bytes: Buffer, n: EbmlNode) => bytes.subarray(n.at, n.end);

/** `master`'s children with `extra` added last (inside the first `inner`, when given). */
function grown(
  bytes: Buffer,
  master: EbmlNode,
  extra: Uint8Array,
  inner: number[],
): Buffer[] {
  const children = ebmlChildren(bytes, master.data, master.end);
  const parts = children.map((c) => Buffer.from(raw(bytes, c)));
  const [next, ...rest] = inner;
  if (next === undefined) parts.push(Buffer.from(extra));
  else {
    const i = children.findIndex((c) => c.id === next);
    const child = children[i]!;
    const head = bytes.subarray(child.at, child.data);
    const id = head.subarray(0, head.length - sizeLength(head));
    parts[i] = Buffer.from(
      element(id.toString('hex'), ...grown(bytes, child, extra, rest)),
    );
  }
  if (children[0]?.id === CRC_32) {
    const crc = Buffer.alloc(4);
    crc.writeUInt32LE(crc32(Buffer.concat(parts.slice(1))));
    parts[0] = Buffer.from(element('bf', crc));
  }
  return parts;
}

/** The length of the size field that ends the header `head`. */
function sizeLength(head: Buffer): number {
  for (let n = 1; n <= 8; n++) {
    const at = head.length - n;
    if (Math.clz32(head[at]!) - 23 === n) return n;
  }
  throw new Error('no size field');
}

/** ffmpeg's file with a tool's element planted at `level` of its Cues, the Segment grown to fit. */
function planted(path: string, level: Level): Buffer {
  const bytes = Buffer.from(fileBytes(path));
  const segment = ebmlChildren(bytes, 0, bytes.length).find(
    (n) => n.id === SEGMENT,
  )!;
  const level1 = ebmlChildren(bytes, segment.data, segment.end);
  const cues = level1.at(-1)!;
  if (cues.id !== CUES || cues.end !== bytes.length)
    throw new Error('ffmpeg did not write its Cues last');
  const inner = {
    Cues: [],
    CuePoint: [CUE_POINT],
    CueTrackPositions: [CUE_POINT, CUE_TRACK_POSITIONS],
  }[level];
  const extra = element('5a64', new Uint8Array(Buffer.from(CANARY)));
  const newCues = element('1c53bb6b', ...grown(bytes, cues, extra, inner));
  const out = Buffer.concat([bytes.subarray(0, cues.at), newCues]);
  if (segment.data - segment.at !== 12) throw new Error('Segment size field');
  out.writeBigUInt64BE(
    BigInt(out.length - segment.data) | (1n << 56n),
    segment.at + 4,
  );
  return out;
}

const strings = (path: string) =>
  execFileSync('strings', ['-n', '8', path], { encoding: 'latin1' });

describe('Matroska Cues children', () => {
  let base = '';
  beforeAll(() => {
    const dir = tempDir('mkv-cues');
    base = join(dir, 'base.mkv');
    ffmpeg([
      ...TEST_VIDEO,
      ...TEST_AUDIO,
      ...['-t', '2', '-g', '5', '-c:v', 'ffv1', '-c:a', 'pcm_s16le', base],
    ]);
  });

  it.each<Level>(['Cues', 'CuePoint', 'CueTrackPositions'])(
    'voids a tool’s element in %s, keeping every cue and frame',
    async (level) => {
      const input = base.replace('base', `planted-${level}`);
      writeFileSync(input, planted(base, level));
      expect(verifyLevel1Crcs(fileBytes(input))).toBeGreaterThan(0);
      expect(ffprobe(input)).toContain('"codec_name": "ffv1"');
      const cleaned = await cleanFile(input);
      expectReadGone(strings, input, cleaned.path, [CANARY]);
      expectNoLeaks(fileBytes(input), cleaned.bytes, [CANARY]);
      expect(cleaned.result.removed).toContainEqual(
        expect.objectContaining({
          label: 'element 0x5A64',
          location: 'Segment/Cues',
        }),
      );
      expect(cleaned.bytes.length).toBe(fileBytes(input).length);
      expect(verifyLevel1Crcs(cleaned.bytes)).toBeGreaterThan(0);
      expect(framemd5(cleaned.path)).toBe(framemd5(input));
    },
  );
});
