/**
 * The audio frames of an MP3 or FLAC file: what lies between the tags at its head (ID3v2, and
 * FLAC's metadata blocks) and the tags at its tail (ID3v1, Lyrics3 v2, APEv2, ID3v2 with a
 * footer), found by reading those tags' headers, not the cleaner's walk.
 */
import type { ByteReader } from '../byte-source';
import { u32le } from '../bytes';
import type { ByteRange } from '../engine-types';
import { corrupt } from '../errors';
import { MAX_ENTRIES } from '../limits';

const ascii = (b: Uint8Array, from = 0, to = b.length): string =>
  String.fromCharCode(...b.subarray(from, to));

/** ID3v2 header: `ID3`, version, flags, a 28-bit synchsafe size (ID3v2.4 3.1). */
const ID3V2_HEADER_BYTES = 10;
const ID3V2_FOOTER_FLAG = 0x10;
const ID3V2_FOOTER_BYTES = 10;
/** ID3v1 is the last 128 bytes, starting `TAG`. */
const ID3V1_BYTES = 128;
/** APEv2 footer: `APETAGEX`, version, size (items and footer), count, flags, reserved. */
const APE_FOOTER_BYTES = 32;
const APE_HAS_HEADER = 0x80000000;
/** Lyrics3 v2 ends with a six-digit size and `LYRICS200`. */
const LYRICS_END = 'LYRICS200';
const LYRICS_SIZE_DIGITS = 6;

/** An ID3v2 header's or footer's 28-bit synchsafe size (ID3v2.4 main structure 6.2). */
const synchsafeSize = (head: Uint8Array): number => {
  let size = 0;
  for (let i = 6; i < ID3V2_HEADER_BYTES; i++)
    size = size * 128 + (head[i]! & 0x7f);
  return size;
};

/** Bytes of ID3v2 tags at `at`, one after another; 0 when none starts there. */
async function id3v2Length(src: ByteReader, at: number): Promise<number> {
  let length = 0;
  for (let n = 0; n < MAX_ENTRIES; n++) {
    const head = await src.read(at + length, ID3V2_HEADER_BYTES);
    if (head.length < ID3V2_HEADER_BYTES || ascii(head, 0, 3) !== 'ID3')
      return length;
    const footer = head[5]! & ID3V2_FOOTER_FLAG ? ID3V2_FOOTER_BYTES : 0;
    length += ID3V2_HEADER_BYTES + synchsafeSize(head) + footer;
    if (at + length > src.size)
      throw corrupt('an ID3v2 tag runs past the file');
  }
  throw corrupt('too many ID3v2 tags');
}

/** At most this many tags are peeled off the tail, as the cleaner does. */
const MAX_TAIL_TAGS = 16;

/**
 * Where the tag that ends at `end` starts (ID3v1, Lyrics3 v2, APEv2, or an ID3v2 tag appended
 * with its `3DI` footer, ID3v2.4 main structure 3.4), or `end` when none does.
 */
async function tagStart(
  src: ByteReader,
  from: number,
  end: number,
): Promise<number> {
  if (end - ID3V1_BYTES >= from) {
    const tag = await src.read(end - ID3V1_BYTES, 3);
    if (ascii(tag) === 'TAG') return end - ID3V1_BYTES;
  }
  const lyricsTail = LYRICS_SIZE_DIGITS + LYRICS_END.length;
  if (end - lyricsTail >= from) {
    const tail = ascii(await src.read(end - lyricsTail, lyricsTail));
    if (tail.endsWith(LYRICS_END)) {
      const size = Number(tail.slice(0, LYRICS_SIZE_DIGITS));
      if (!Number.isInteger(size) || end - lyricsTail - size < from)
        throw corrupt('a Lyrics3 tag larger than the file');
      return end - lyricsTail - size;
    }
  }
  if (end - APE_FOOTER_BYTES >= from) {
    const footer = await src.read(end - APE_FOOTER_BYTES, APE_FOOTER_BYTES);
    if (ascii(footer, 0, 8) === 'APETAGEX') {
      const size =
        u32le(footer, 12) +
        (u32le(footer, 20) & APE_HAS_HEADER ? APE_FOOTER_BYTES : 0);
      if (end - size < from) throw corrupt('an APE tag larger than the file');
      return end - size;
    }
  }
  if (end - ID3V2_FOOTER_BYTES >= from) {
    const footer = await src.read(end - ID3V2_FOOTER_BYTES, ID3V2_FOOTER_BYTES);
    if (ascii(footer, 0, 3) === '3DI') {
      const size =
        ID3V2_HEADER_BYTES + synchsafeSize(footer) + ID3V2_FOOTER_BYTES;
      if (end - size < from) throw corrupt('an ID3v2 tag larger than the file');
      return end - size;
    }
  }
  return end;
}

/** Where the audio ends: before the tags at the tail, peeled off in any order. */
async function tailStart(src: ByteReader, from: number): Promise<number> {
  let end = src.size;
  for (let n = 0; n < MAX_TAIL_TAGS; n++) {
    const start = await tagStart(src, from, end);
    if (start === end) return end;
    end = start;
  }
  throw corrupt('too many tags at the end of the file');
}

/** MP3: the frames between the ID3v2 tags at the head and the tags at the tail. */
export async function mp3FrameRanges(src: ByteReader): Promise<ByteRange[]> {
  const start = await id3v2Length(src, 0);
  return [{ start, end: await tailStart(src, start) }];
}

/** FLAC `METADATA_BLOCK_HEADER`: last-block flag, type, 24-bit length (RFC 9639, 8.1). */
const BLOCK_HEADER_BYTES = 4;
const LAST_BLOCK = 0x80;
const FLAC_MARKER_BYTES = 4;

/** FLAC: the frames after the last metadata block, up to the tags at the tail. */
export async function flacFrameRanges(src: ByteReader): Promise<ByteRange[]> {
  let at = await id3v2Length(src, 0);
  if (ascii(await src.readExact(at, FLAC_MARKER_BYTES)) !== 'fLaC')
    throw corrupt('no fLaC marker');
  at += FLAC_MARKER_BYTES;
  for (let n = 0; n < MAX_ENTRIES; n++) {
    const head = await src.readExact(at, BLOCK_HEADER_BYTES);
    at += BLOCK_HEADER_BYTES + ((head[1]! << 16) | (head[2]! << 8) | head[3]!);
    if (at > src.size)
      throw corrupt('a FLAC metadata block runs past the file');
    if (head[0]! & LAST_BLOCK)
      return [{ start: at, end: await tailStart(src, at) }];
  }
  throw corrupt('too many FLAC metadata blocks');
}
