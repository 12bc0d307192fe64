/**
 * A Matroska file built by hand with a CRC-32 first in every master and, in each master a cleaner
 * keeps, a Void element holding a canary: what an editor leaves when it writes only a Void header
 * over an element it removes (libebml's `EbmlVoid::Overwrite`). One 16-bit PCM track of two
 * blocks, an ASS track without frames (so its font stays attached), a chapter, Cues, Tags with a
 * Void of their own, and a SeekHead that finds Info, Cues and Tags (that Seek with a Void too). Also a reader that checks every CRC-32, at any depth, with Node's
 * zlib.
 */
import { crc32 } from 'node:zlib';
import { ebmlChildren, element, ebmlHeader } from './video-ebml';

/** The masters that hold a planted Void, each with its canary. */
export const VOID_CANARIES = {
  SeekHead: 'CANARY_VOID_IN_SEEKHEAD',
  Seek: 'CANARY_VOID_IN_SEEK',
  Info: 'CANARY_VOID_IN_INFO',
  Tracks: 'CANARY_VOID_IN_TRACKS',
  TrackEntry: 'CANARY_VOID_IN_TRACKENTRY',
  Audio: 'CANARY_VOID_IN_AUDIO',
  Chapters: 'CANARY_VOID_IN_CHAPTERS',
  EditionEntry: 'CANARY_VOID_IN_EDITION',
  ChapterAtom: 'CANARY_VOID_IN_CHAPTERATOM',
  ChapterDisplay: 'CANARY_VOID_IN_CHAPTERDISPLAY',
  Cluster: 'CANARY_VOID_IN_CLUSTER',
  BlockGroup: 'CANARY_VOID_IN_BLOCKGROUP',
  Cues: 'CANARY_VOID_IN_CUES',
  CuePoint: 'CANARY_VOID_IN_CUEPOINT',
  CueTrackPositions: 'CANARY_VOID_IN_CUETRACKPOSITIONS',
  Attachments: 'CANARY_VOID_IN_ATTACHMENTS',
  AttachedFile: 'CANARY_VOID_IN_ATTACHEDFILE',
} as const;

/** Voids in masters that go whole (Tags, and the Seek that points at them): gone with them. */
export const WHOLE_CANARIES = {
  Tags: 'CANARY_VOID_IN_TAGS',
  TagsSeek: 'CANARY_VOID_IN_TAGS_SEEK',
} as const;

/** Every master id of the file, for the CRC-32 check. */
const MASTERS = new Set([
  0x18538067, 0x114d9b74, 0x4dbb, 0x1549a966, 0x1654ae6b, 0xae, 0xe1,
  0x1043a770, 0x45b9, 0xb6, 0x80, 0x1f43b675, 0xa0, 0x1c53bb6b, 0xbb, 0xb7,
  0x1941a469, 0x61a7, 0x1254c367, 0x7373, 0x67c8,
]);

const text = (s: string) => new Uint8Array(Buffer.from(s, 'latin1'));

function uint(value: number): Uint8Array {
  const out = Buffer.alloc(8);
  out.writeBigUInt64BE(BigInt(value));
  return new Uint8Array(out);
}

function float(value: number): Uint8Array {
  const out = Buffer.alloc(8);
  out.writeDoubleBE(value);
  return new Uint8Array(out);
}

/** A master whose first child is the CRC-32 of the rest (RFC 8794 11.3.1). */
function master(idHex: string, ...children: Uint8Array[]): Uint8Array {
  const crc = Buffer.alloc(4);
  crc.writeUInt32LE(crc32(Buffer.concat(children)));
  return element(idHex, element('bf', new Uint8Array(crc)), ...children);
}

const voidOf = (canary: string) => element('ec', text(canary));
const zeroVoid = (bytes: number) => element('ec', new Uint8Array(bytes));

/** 0.1 s of 8 kHz 16-bit mono PCM, a pattern ffmpeg hashes. */
function pcm(seed: number): Uint8Array {
  return Uint8Array.from({ length: 1600 }, (_, i) => (i * 7 + seed) % 251);
}

/** A Block's data: track 1, a 16-bit timestamp, the flags, the frame (RFC 9559 10.1). */
function blockData(timestamp: number, flags: number, seed: number) {
  return new Uint8Array([
    0x81,
    timestamp >> 8,
    timestamp & 0xff,
    flags,
    ...pcm(seed),
  ]);
}

interface Positions {
  readonly info: number;
  readonly cluster: number;
  readonly cues: number;
  readonly tags: number;
}

/** The Segment's level-1 elements, the positions counted from its data. */
function level1(at: Positions) {
  const v = VOID_CANARIES;
  const w = WHOLE_CANARIES;
  const seekHead = master(
    '114d9b74',
    master(
      '4dbb',
      element('53ab', text('\x15\x49\xa9\x66')),
      element('53ac', uint(at.info)),
      voidOf(v.Seek),
    ),
    element(
      '4dbb',
      element('53ab', text('\x1c\x53\xbb\x6b')),
      element('53ac', uint(at.cues)),
    ),
    element(
      '4dbb',
      element('53ab', text('\x12\x54\xc3\x67')),
      element('53ac', uint(at.tags)),
      voidOf(w.TagsSeek),
    ),
    voidOf(v.SeekHead),
  );
  const info = master(
    '1549a966',
    element('2ad7b1', uint(1_000_000)),
    element('4489', float(200)),
    voidOf(v.Info),
    zeroVoid(16),
  );
  const tracks = master(
    '1654ae6b',
    master(
      'ae',
      element('d7', uint(1)),
      element('73c5', uint(1)),
      element('83', uint(2)),
      element('86', text('A_PCM/INT/LIT')),
      master(
        'e1',
        element('b5', float(8000)),
        element('9f', uint(1)),
        element('6264', uint(16)),
        voidOf(v.Audio),
      ),
      voidOf(v.TrackEntry),
    ),
    element(
      'ae',
      element('d7', uint(2)),
      element('73c5', uint(2)),
      element('83', uint(0x11)),
      element('86', text('S_TEXT/ASS')),
      element('63a2', text('[Script Info]\nScriptType: v4.00+\n')),
    ),
    voidOf(v.Tracks),
  );
  const chapters = master(
    '1043a770',
    master(
      '45b9',
      element('45bc', uint(1)),
      master(
        'b6',
        element('73c4', uint(1)),
        element('91', uint(0)),
        master(
          '80',
          element('85', text('Opening')),
          element('437c', text('eng')),
          voidOf(v.ChapterDisplay),
        ),
        voidOf(v.ChapterAtom),
      ),
      voidOf(v.EditionEntry),
    ),
    voidOf(v.Chapters),
  );
  const cluster = master(
    '1f43b675',
    element('e7', uint(0)),
    element('a3', blockData(0, 0x80, 1)),
    master('a0', element('a1', blockData(100, 0, 2)), voidOf(v.BlockGroup)),
    voidOf(v.Cluster),
    zeroVoid(32),
  );
  const cues = master(
    '1c53bb6b',
    master(
      'bb',
      element('b3', uint(0)),
      master(
        'b7',
        element('f7', uint(1)),
        element('f1', uint(at.cluster)),
        voidOf(v.CueTrackPositions),
      ),
      voidOf(v.CuePoint),
    ),
    voidOf(v.Cues),
  );
  const attachments = master(
    '1941a469',
    master(
      '61a7',
      element('466e', text('font.ttf')),
      element('4660', text('application/x-truetype-font')),
      element('465c', text('not really a font')),
      element('46ae', uint(1)),
      voidOf(v.AttachedFile),
    ),
    voidOf(v.Attachments),
  );
  const tags = master(
    '1254c367',
    master(
      '7373',
      master(
        '67c8',
        element('45a3', text('TITLE')),
        element('4487', text('CANARY_TAG_TITLE')),
      ),
    ),
    voidOf(w.Tags),
  );
  return [seekHead, info, tracks, chapters, cluster, cues, attachments, tags];
}

/** The file: every position a fixed 8 bytes wide, so one pass measures and the next writes. */
export function nestedVoidMkv(): Uint8Array {
  const sized = level1({ info: 0, cluster: 0, cues: 0, tags: 0 });
  const at = (n: number) =>
    sized.slice(0, n).reduce((sum, e) => sum + e.length, 0);
  const positions = { info: at(1), cluster: at(4), cues: at(5), tags: at(7) };
  return new Uint8Array(
    Buffer.concat([ebmlHeader(), element('18538067', ...level1(positions))]),
  );
}

/** How many CRC-32 elements the file holds, each checked; throws on the first mismatch. */
export function verifyAllCrcs(bytes: Uint8Array): number {
  let checked = 0;
  const walk = (start: number, end: number) => {
    for (const node of ebmlChildren(bytes, start, end)) {
      if (!MASTERS.has(node.id)) continue;
      const children = ebmlChildren(bytes, node.data, node.end);
      const first = children[0];
      if (first?.id === 0xbf) {
        const stored = Buffer.from(
          bytes.subarray(first.data, first.end),
        ).readUInt32LE(0);
        if (stored !== crc32(bytes.subarray(first.end, node.end)))
          throw new Error(`bad CRC-32 in element at ${node.at}`);
        checked++;
      }
      walk(node.data, node.end);
    }
  };
  walk(0, bytes.length);
  return checked;
}
