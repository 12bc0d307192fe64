/**
 * A TrackEntry keeps only the children the Matroska schema names there (RFC 9559 5.1.4): a tool's
 * private element, in the entry or in its Video or Audio, is voided and reported, the CRC-32 of
 * the Tracks recomputed. The files are made by ffmpeg; the planted elements take the place of the
 * track's Name inside the same TrackEntry (a Void fills the rest), so nothing after it moves.
 * ffprobe, ffmpeg's frame digests and Node's CRC-32 check the result.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import { ebmlChildren, verifyLevel1Crcs } from '../../helpers/video-ebml';
import {
  TEST_VIDEO,
  cleanFile,
  contains,
  decodeErrors,
  ffmpeg,
  ffprobe,
  fileBytes,
  framemd5,
  tempDir,
  type Cleaned,
} from '../../helpers/video-tools';

const CANARIES = {
  entry: 'CANARY_TRACK_ENTRY_PRIVATE',
  video: 'CANARY_VIDEO_PRIVATE',
  audio: 'CANARY_AUDIO_PRIVATE',
  codecName: 'CANARY_CODEC_NAME',
} as const;
/** Names long enough that their place holds the planted elements. */
const VIDEO_NAME = 'V'.repeat(100);
const AUDIO_NAME = 'A'.repeat(100);
const SEGMENT = 0x18538067;
const TRACKS = 0x1654ae6b;
const TRACK_ENTRY = 0xae;
const NAME = 0x536e;
const VIDEO = 0xe0;
const AUDIO = 0xe1;
const CRC_32 = 0xbf;

/** An element with the shortest size field, as muxers write them. */
function small(idHex: string, ...payload: Uint8Array[]): Uint8Array {
  const body = Buffer.concat(payload);
  const size =
    body.length < 0x7f
      ? Buffer.of(0x80 | body.length)
      : Buffer.of(0x40 | (body.length >> 8), body.length & 0xff);
  return new Uint8Array(Buffer.concat([Buffer.from(idHex, 'hex'), size, body]));
}

function voidOf(length: number): Uint8Array {
  if (length === 0) return new Uint8Array();
  const data = length - 2 < 0x7f ? length - 2 : length - 3;
  const out = small('ec', new Uint8Array(data));
  if (out.length !== length) throw new Error(`no Void of ${length} bytes`);
  return out;
}

const text = (value: string) => new Uint8Array(Buffer.from(value, 'latin1'));

interface Planting {
  /** Added to the TrackEntry in place of its Name. */
  readonly entry: Uint8Array[];
  /** Added inside the entry's Video or Audio. */
  readonly inner: Uint8Array[];
}

/**
 * Rewrites, in place, the TrackEntry named `placeholder`: Name out, `planting` in, a Void after
 * them so the entry keeps its size; then the Tracks' CRC-32 recomputed.
 */
function plant(
  bytes: Uint8Array,
  placeholder: string,
  planting: Planting,
): void {
  const segment = ebmlChildren(bytes, 0, bytes.length).find(
    (n) => n.id === SEGMENT,
  )!;
  const tracks = ebmlChildren(bytes, segment.data, segment.end).find(
    (n) => n.id === TRACKS,
  )!;
  const level2 = ebmlChildren(bytes, tracks.data, tracks.end);
  const entry = level2.find(
    (n) =>
      n.id === TRACK_ENTRY &&
      contains(bytes.subarray(n.data, n.end), placeholder),
  )!;
  const parts: Uint8Array[] = [];
  for (const child of ebmlChildren(bytes, entry.data, entry.end)) {
    if (child.id === NAME) continue;
    const raw = bytes.slice(child.at, child.end);
    if (child.id !== VIDEO && child.id !== AUDIO) parts.push(raw);
    else
      parts.push(
        small(
          child.id.toString(16),
          bytes.slice(child.data, child.end),
          ...planting.inner,
        ),
      );
  }
  parts.push(...planting.entry);
  const content = Buffer.concat(parts);
  const filled = Buffer.concat([
    content,
    voidOf(entry.end - entry.data - content.length),
  ]);
  bytes.set(filled, entry.data);
  recomputeTracksCrc(bytes, level2, tracks.end);
}

/** The Tracks' CRC-32 (its first child, when it has one) over what follows it. */
function recomputeTracksCrc(
  bytes: Uint8Array,
  level2: readonly { id: number; data: number; end: number }[],
  tracksEnd: number,
): void {
  const crc = level2[0]!;
  if (crc.id !== CRC_32) return;
  const value = Buffer.alloc(4);
  value.writeUInt32LE(crc32(bytes.subarray(crc.end, tracksEnd)));
  bytes.set(value, crc.data);
}

/**
 * Rewrites, in place, the TrackEntry named `placeholder` without its Name, a size field of the
 * same width saying so, and puts `element` after it in the Tracks (a Void fills the rest).
 */
function plantBesideEntries(
  bytes: Uint8Array,
  placeholder: string,
  element: Uint8Array,
): void {
  const segment = ebmlChildren(bytes, 0, bytes.length).find(
    (n) => n.id === SEGMENT,
  )!;
  const tracks = ebmlChildren(bytes, segment.data, segment.end).find(
    (n) => n.id === TRACKS,
  )!;
  const level2 = ebmlChildren(bytes, tracks.data, tracks.end);
  const entry = level2.find(
    (n) =>
      n.id === TRACK_ENTRY &&
      contains(bytes.subarray(n.data, n.end), placeholder),
  )!;
  const kept = Buffer.concat(
    ebmlChildren(bytes, entry.data, entry.end)
      .filter((c) => c.id !== NAME)
      .map((c) => bytes.slice(c.at, c.end)),
  );
  // TrackEntry's id is one byte; its size field keeps its width, its marker bit in front.
  const width = entry.data - entry.at - 1;
  const size = Buffer.alloc(width);
  for (let i = 0, n = kept.length; i < width; i++, n = Math.floor(n / 256))
    size[width - 1 - i] = n % 256;
  size[0]! |= 0x80 >> (width - 1);
  const head = Buffer.concat([Buffer.of(TRACK_ENTRY), size, kept, element]);
  bytes.set(
    Buffer.concat([head, voidOf(entry.end - entry.at - head.length)]),
    entry.at,
  );
  recomputeTracksCrc(bytes, level2, tracks.end);
}

/** One second of video and audio, as ffmpeg writes it. */
function movie(
  dir: string,
  name: string,
  codecs: readonly string[],
  extra: readonly string[] = [],
): string {
  const path = join(dir, name);
  ffmpeg([
    ...TEST_VIDEO,
    '-f',
    'lavfi',
    '-i',
    'sine=d=1:sample_rate=48000',
    '-t',
    '1',
    ...codecs,
    ...extra,
    path,
  ]);
  return path;
}

const MKV_CODECS = ['-c:v', 'ffv1', '-c:a', 'pcm_s16le'];
const NAMED = [
  '-metadata:s:v',
  `title=${VIDEO_NAME}`,
  '-metadata:s:a',
  `title=${AUDIO_NAME}`,
];
const COLOUR = [
  '-color_primaries',
  'bt709',
  '-color_trc',
  'bt709',
  '-colorspace',
  'bt709',
];

function streams(path: string): string[] {
  const probe = JSON.parse(ffprobe(path)) as {
    streams: { codec_type: string; codec_name: string; width?: number }[];
  };
  return probe.streams.map(
    (s) => `${s.codec_type}:${s.codec_name}:${s.width ?? ''}`,
  );
}

/** What the report removed from a TrackEntry. */
const trackFindings = (cleaned: Cleaned) =>
  cleaned.result.removed.filter((f) => f.location.startsWith('Segment/Tracks'));

describe('Matroska TrackEntry children', () => {
  let input = '';
  let cleaned: Cleaned;

  beforeAll(async () => {
    const dir = tempDir('mkv-track-entry');
    const base = movie(dir, 'base.mkv', MKV_CODECS, [...COLOUR, ...NAMED]);
    const bytes = fileBytes(base);
    plant(bytes, VIDEO_NAME, {
      entry: [
        small('5a60', text(CANARIES.entry)),
        small('258688', text(CANARIES.codecName)),
      ],
      inner: [small('5a61', text(CANARIES.video))],
    });
    plant(bytes, AUDIO_NAME, {
      entry: [],
      inner: [small('5a62', text(CANARIES.audio))],
    });
    input = join(dir, 'planted.mkv');
    writeFileSync(input, bytes);
    cleaned = await cleanFile(input);
  });

  it('plants the private elements where ffprobe still reads the file', () => {
    const bytes = fileBytes(input);
    for (const canary of Object.values(CANARIES))
      expect(contains(bytes, canary)).toBe(true);
    expect(verifyLevel1Crcs(bytes)).toBeGreaterThan(0);
    expect(streams(input)).toEqual(['video:ffv1:64', 'audio:pcm_s16le:']);
  });

  it('voids them, reports each, and recomputes the CRC-32', () => {
    expectNoLeaks(fileBytes(input), cleaned.bytes, Object.values(CANARIES));
    expect(cleaned.inPlace).toBe(true);
    const labels = trackFindings(cleaned).map((f) => f.label);
    expect(labels).toEqual(
      expect.arrayContaining([
        'element 0x5A60',
        'element 0x5A61',
        'element 0x5A62',
        'CodecName',
      ]),
    );
    expect(verifyLevel1Crcs(cleaned.bytes)).toBeGreaterThan(0);
  });

  it('keeps every stream, its colour and every decoded frame', () => {
    expect(streams(cleaned.path)).toEqual(streams(input));
    expect(ffprobe(cleaned.path)).toContain('"color_primaries": "bt709"');
    expect(framemd5(cleaned.path)).toBe(framemd5(input));
    expect(decodeErrors(cleaned.path)).toBe('');
  });
});

describe('Matroska Tracks children', () => {
  it("voids a tool's element beside the track entries, keeping every frame", async () => {
    const dir = tempDir('mkv-tracks-private');
    const bytes = fileBytes(movie(dir, 'base.mkv', MKV_CODECS, NAMED));
    const canary = 'CANARY_TRACKS_PRIVATE';
    plantBesideEntries(bytes, VIDEO_NAME, small('5a63', text(canary)));
    const input = join(dir, 'beside.mkv');
    writeFileSync(input, bytes);
    expect(contains(fileBytes(input), canary)).toBe(true);
    expect(verifyLevel1Crcs(fileBytes(input))).toBeGreaterThan(0);
    expect(streams(input)).toEqual(['video:ffv1:64', 'audio:pcm_s16le:']);
    const cleaned = await cleanFile(input);
    expectNoLeaks(fileBytes(input), cleaned.bytes, [canary]);
    expect(trackFindings(cleaned).map((f) => f.label)).toContain(
      'element 0x5A63',
    );
    expect(verifyLevel1Crcs(cleaned.bytes)).toBeGreaterThan(0);
    expect(streams(cleaned.path)).toEqual(streams(input));
    expect(framemd5(cleaned.path)).toBe(framemd5(input));
  });
});

/** What mkvmerge writes and ffmpeg does not, for the keep-list to meet. */
const MKVMERGE_ENTRY = [
  small('b9', Uint8Array.of(1)), // FlagEnabled
  small('55aa', Uint8Array.of(0)), // FlagForced
  small('55ee', Uint8Array.of(0)), // MaxBlockAdditionID
  small('22b59d', text('en')), // LanguageBCP47
  small('6de7', Uint8Array.of(1)), // MinCache, as old versions wrote it
];
const MKVMERGE_VIDEO = [
  small('54b2', Uint8Array.of(0)), // DisplayUnit
  small('7670', small('7671', Uint8Array.of(0))), // Projection: rectangular
];
const MKVMERGE_AUDIO = [small('9f', Uint8Array.of(1))]; // Channels

describe('Matroska TrackEntry children that players read', () => {
  const cases: [string, () => string][] = [
    [
      'an ffmpeg Matroska file with colour',
      () => movie(tempDir('mkv-plain'), 'plain.mkv', MKV_CODECS, COLOUR),
    ],
    [
      'an ffmpeg WebM file (VP9, Opus: CodecDelay, SeekPreRoll)',
      () =>
        movie(tempDir('webm-plain'), 'plain.webm', [
          '-c:v',
          'libvpx-vp9',
          '-c:a',
          'libopus',
        ]),
    ],
    [
      'a file with the elements mkvmerge writes',
      () => {
        const dir = tempDir('mkv-mkvmerge');
        const bytes = fileBytes(movie(dir, 'base.mkv', MKV_CODECS, NAMED));
        plant(bytes, VIDEO_NAME, {
          entry: MKVMERGE_ENTRY,
          inner: MKVMERGE_VIDEO,
        });
        plant(bytes, AUDIO_NAME, { entry: [], inner: MKVMERGE_AUDIO });
        const path = join(dir, 'mkvmerge-style.mkv');
        writeFileSync(path, bytes);
        return path;
      },
    ],
  ];
  it.each(cases)(
    '%s gives no track finding and plays the same',
    async (_, make) => {
      const path = make();
      const cleaned = await cleanFile(path);
      expect(trackFindings(cleaned)).toEqual([]);
      expect(framemd5(cleaned.path)).toBe(framemd5(path));
    },
  );
});
