/**
 * Content hashes of an MP4, track by track: the engine reads each track's sample table and
 * hashes its samples, so a movie whose telemetry samples the cleaner blanked inside `mdat` says
 * that track changed while its video and audio tracks say identical. The test locates the
 * tracks' samples with ffprobe's packet positions and sizes.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  compareContent,
  hashContent,
  type Sha256Host,
} from '../../../workers/engine/content-hash';
import { nodeSha256 } from '../../../cli/content-hashes';
import { interleave } from '../../../workers/engine/content-hash/read-ranges';
import { CANARY } from '../../helpers/isobmff-fixtures';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import {
  blobOf,
  cleanFile,
  ffmpeg,
  fileBytes,
  tempDir,
  TEST_AUDIO,
  TEST_VIDEO,
} from '../../helpers/video-tools';

const sha256 = (bytes: Uint8Array): string =>
  createHash('sha256').update(bytes).digest('hex');

const host: Sha256Host = {
  maxBytes: Number.POSITIVE_INFINITY,
  async sha256(pieces) {
    const hash = createHash('sha256');
    for await (const piece of pieces) hash.update(piece);
    return hash.digest('hex');
  },
};

/** Replaces every `from` with `to` (same length) in place; answers how many. */
function overwrite(bytes: Uint8Array, from: string, to: string): number {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  let count = 0;
  for (
    let at = buffer.indexOf(from);
    at >= 0;
    at = buffer.indexOf(from, at + 1)
  ) {
    buffer.write(to, at, 'latin1');
    count++;
  }
  return count;
}

/**
 * A movie with video, audio and a GoPro-style telemetry track: ffmpeg's timed-text track whose
 * samples hold the canary, its handler renamed `meta` and its sample entry `gpmd`.
 */
function telemetryMovie(dir: string): string {
  const srt = join(dir, 'gps.srt');
  writeFileSync(
    srt,
    `1\n00:00:00,000 --> 00:00:00,500\n${CANARY.telemetry} +48.8585+002.2946/\n\n2\n00:00:00,500 --> 00:00:00,900\n${CANARY.telemetry} +48.8586+002.2947/\n`,
  );
  const out = join(dir, 'gopro.mp4');
  ffmpeg([
    ...TEST_VIDEO,
    ...TEST_AUDIO,
    '-i',
    srt,
    '-t',
    '1',
    '-map',
    '0',
    '-map',
    '1',
    '-map',
    '2',
    '-c:v',
    'libx264',
    '-c:a',
    'aac',
    '-c:s',
    'mov_text',
    out,
  ]);
  const bytes = fileBytes(out);
  expect(overwrite(bytes, 'tx3g', 'gpmd')).toBe(1);
  expect(
    overwrite(bytes, 'sbtl', 'meta') + overwrite(bytes, 'text', 'meta'),
  ).toBeGreaterThan(0);
  writeFileSync(out, bytes);
  return out;
}

/** Each stream's packets joined in decode order, as ffprobe places them, by track number. */
function probedTracks(path: string, bytes: Uint8Array): Map<number, string> {
  const csv = execFileSync(
    'ffprobe',
    [
      '-v',
      'error',
      '-show_entries',
      'packet=stream_index,pos,size',
      '-of',
      'csv=p=0',
      path,
    ],
    { encoding: 'utf8' },
  );
  const streams = new Map<number, Uint8Array[]>();
  for (const line of csv.trim().split('\n')) {
    const [index, size, pos] = line.split(',').map(Number);
    const list = streams.get(index!) ?? [];
    list.push(bytes.subarray(pos!, pos! + size!));
    streams.set(index!, list);
  }
  // ffmpeg numbers the tracks from 1 in stream order.
  return new Map(
    [...streams].map(([index, pieces]) => [
      index + 1,
      sha256(Buffer.concat(pieces)),
    ]),
  );
}

describe('content hashes of an MP4, track by track', () => {
  it('the telemetry track the cleaner blanked says different, the video and audio tracks identical, each as ffprobe places its packets', async () => {
    const path = telemetryMovie(tempDir('content-hash-tracks'));
    const input = fileBytes(path);
    const cleaned = await cleanFile(path);
    expectNoLeaks(input, cleaned.bytes, [CANARY.telemetry]);

    const before = await hashContent(blobOf(input), host);
    const after = await hashContent(blobOf(cleaned.bytes), host);
    const byTrack = (h: typeof before) =>
      new Map(h.parts.map((p) => [p.track, p.sha256]));
    expect(before.parts.map((p) => [p.kind, p.track, p.name])).toEqual([
      ['track-data', 1, 'vide'],
      ['track-data', 2, 'soun'],
      ['track-data', 3, 'meta'],
    ]);
    // ffprobe leaves out the timed-text track's empty gap sample, so it places the video and
    // audio samples, and tells the telemetry track's bytes changed.
    const [probedBefore, probedAfter] = [
      probedTracks(path, input),
      probedTracks(cleaned.path, cleaned.bytes),
    ];
    for (const track of [1, 2]) {
      expect(byTrack(before).get(track)).toBe(probedBefore.get(track));
      expect(byTrack(after).get(track)).toBe(probedAfter.get(track));
    }
    expect(probedAfter.get(3)).not.toBe(probedBefore.get(3));

    // The CLI's host hashes the tracks side by side in one pass: the same hashes.
    expect(await hashContent(blobOf(input), nodeSha256)).toEqual(before);
    expect(await hashContent(blobOf(cleaned.bytes), nodeSha256)).toEqual(after);

    const compared = compareContent(before, after);
    expect(compared.parts.map((p) => [p.key, p.identical])).toEqual([
      ['track 1', true],
      ['track 2', true],
      ['track 3', false],
    ]);
    expect(compared.identical).toBe(false);
  });
  it('a fragmented movie, whose samples are placed by its fragments, is hashed by its mdat payloads', async () => {
    const path = join(tempDir('content-hash-fragments'), 'frag.mp4');
    ffmpeg([
      ...TEST_VIDEO,
      '-t',
      '1',
      '-movflags',
      'frag_keyframe+empty_moov',
      path,
    ]);
    const h = await hashContent(blobOf(fileBytes(path)), host);
    expect(h.parts.map((p) => p.kind)).toEqual(['media-data']);
    expect(h.parts[0]!.sha256).toMatch(/^[0-9a-f]{64}$/);
  });
  it('parts are read together only when each keeps its order and none overlap', () => {
    const r = (start: number, end: number) => ({ start, end });
    expect(interleave([[r(0, 4), r(10, 14)], [r(5, 9)]])).toEqual([
      { start: 0, end: 4, tag: 0 },
      { start: 5, end: 9, tag: 1 },
      { start: 10, end: 14, tag: 0 },
    ]);
    expect(interleave([[r(10, 14), r(0, 4)], [r(5, 9)]])).toBeNull();
    expect(interleave([[r(0, 8)], [r(4, 12)]])).toBeNull();
  });
});
