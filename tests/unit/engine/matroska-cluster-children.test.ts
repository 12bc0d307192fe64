/**
 * A Cluster holds its timestamp, its frames and the few elements RFC 9559 5.1.3 lists beside them;
 * a tool's own element there, or inside a BlockGroup, is voided and reported and the Cluster's
 * CRC-32 recomputed. ffmpeg writes the Cues first here (-cues_to_front), so the last Cluster is the
 * file's last element and can grow without moving anything the Cues or the SeekHead point at;
 * strings, the tests' own EBML reader, Node's CRC-32 and ffmpeg's frame digests check.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import { ebmlChildren, element, type EbmlNode } from '../../helpers/video-ebml';
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
const CLUSTER = 0x1f43b675;
const SIMPLE_BLOCK = 0xa3;
const CRC_32 = 0xbf;
const CANARY = 'CANARY_CLUSTER_PRIVATE';
/** SimpleBlock's keyframe and discardable bits, which a Block's flags byte reserves (10.1). */
const SIMPLE_BLOCK_ONLY_FLAGS = 0x81;

type Level = 'Cluster' | 'BlockGroup';

function segmentOf(bytes: Uint8Array): EbmlNode {
  return ebmlChildren(bytes, 0, bytes.length).find((n) => n.id === SEGMENT)!;
}

function lastCluster(bytes: Uint8Array): EbmlNode {
  const segment = segmentOf(bytes);
  const last = ebmlChildren(bytes, segment.data, segment.end).at(-1)!;
  if (last.id !== CLUSTER || last.end !== bytes.length)
    throw new Error('the file does not end with a Cluster');
  return last;
}

/** Whether the last Cluster's CRC-32 (its first child) matches what follows it. */
function lastClusterCrcHolds(bytes: Uint8Array): boolean {
  const cluster = lastCluster(bytes);
  const [crc, ...rest] = ebmlChildren(bytes, cluster.data, cluster.end);
  if (crc?.id !== CRC_32 || rest.length === 0)
    throw new Error('no CRC-32 in the Cluster');
  const stored = Buffer.from(bytes.subarray(crc.data, crc.end)).readUInt32LE();
  return stored === crc32(bytes.subarray(crc.end, cluster.end));
}

/**
 * ffmpeg's file with a tool's element added to its last Cluster (`BlockGroup`: its last
 * SimpleBlock turned into a BlockGroup holding the same frame as a Block, and the element).
 */
function planted(path: string, level: Level): Buffer {
  const bytes = Buffer.from(fileBytes(path));
  const segment = segmentOf(bytes);
  const cluster = lastCluster(bytes);
  const children = ebmlChildren(bytes, cluster.data, cluster.end);
  const parts = children.map((c) => Buffer.from(bytes.subarray(c.at, c.end)));
  const extra = element('5a64', new Uint8Array(Buffer.from(CANARY)));
  if (level === 'Cluster') parts.push(Buffer.from(extra));
  else {
    const i = children.map((c) => c.id).lastIndexOf(SIMPLE_BLOCK);
    const block = Buffer.from(
      bytes.subarray(children[i]!.data, children[i]!.end),
    );
    const trackBytes = Math.clz32(block[0]!) - 23;
    block[trackBytes + 2]! &= ~SIMPLE_BLOCK_ONLY_FLAGS;
    parts[i] = Buffer.from(element('a0', element('a1', block), extra));
  }
  const crc = Buffer.alloc(4);
  crc.writeUInt32LE(crc32(Buffer.concat(parts.slice(1))));
  parts[0] = Buffer.from(element('bf', crc));
  const out = Buffer.concat([
    bytes.subarray(0, cluster.at),
    element('1f43b675', ...parts),
  ]);
  if (segment.data - segment.at !== 12) throw new Error('Segment size field');
  out.writeBigUInt64BE(
    BigInt(out.length - segment.data) | (1n << 56n),
    segment.at + 4,
  );
  return out;
}

const strings = (path: string) =>
  execFileSync('strings', ['-n', '8', path], { encoding: 'latin1' });

describe('Matroska Cluster children', () => {
  let base = '';
  beforeAll(() => {
    base = join(tempDir('mkv-cluster'), 'base.mkv');
    ffmpeg([
      ...TEST_VIDEO,
      ...TEST_AUDIO,
      ...['-t', '2', '-g', '5', '-c:v', 'ffv1', '-c:a', 'pcm_s16le'],
      ...['-cues_to_front', '1', base],
    ]);
  });

  it.each<Level>(['Cluster', 'BlockGroup'])(
    'voids a tool’s element in a %s, keeping every frame',
    async (level) => {
      const input = base.replace('base', `planted-${level}`);
      writeFileSync(input, planted(base, level));
      expect(lastClusterCrcHolds(fileBytes(input))).toBe(true);
      expect(ffprobe(input)).toContain('"codec_name": "ffv1"');
      const cleaned = await cleanFile(input);
      expectReadGone(strings, input, cleaned.path, [CANARY]);
      expectNoLeaks(fileBytes(input), cleaned.bytes, [CANARY]);
      expect(cleaned.result.removed).toContainEqual(
        expect.objectContaining({
          label: 'element 0x5A64',
          location: 'Segment/Cluster',
        }),
      );
      expect(cleaned.bytes.length).toBe(fileBytes(input).length);
      expect(lastClusterCrcHolds(cleaned.bytes)).toBe(true);
      expect(framemd5(cleaned.path)).toBe(framemd5(input));
    },
  );
});
