/**
 * Lyrics3 v1 and v2 (id3.org "Lyrics3" and "Lyrics3 v2.00"): text between `LYRICSBEGIN` and
 * `LYRICSEND` (v1, at most 5100 bytes of lyrics) or a six-digit size and `LYRICS200` (v2).
 */
import { ascii, decodeLatin1 } from '../../bytes';
import { corrupt } from '../../errors';
import { finding } from '../../findings';
import type { ByteSource } from '../../byte-source';
import { readTag, type TagRegion } from './tag-region';

export const LYRICS_END_BYTES = 9;
const BEGIN = ascii('LYRICSBEGIN');
const V1_MAX_LYRICS = 5100;
const V2_SIZE_DIGITS = 6;
const SIX_DIGITS = /^\d{6}$/;

function region(
  tag: Uint8Array,
  start: number,
  end: number,
  location: string,
): TagRegion {
  const text = decodeLatin1(
    tag.subarray(BEGIN.length, tag.length - LYRICS_END_BYTES),
  );
  return {
    start,
    end,
    findings: [
      finding('content.comment', 'Lyrics3', location, text || undefined),
    ],
  };
}

/** The Lyrics3 tag ending at `end` whose end marker is `marker`, or null for another marker. */
export async function lyrics3Before(
  src: ByteSource,
  floor: number,
  end: number,
  marker: string,
  location: string,
): Promise<TagRegion | null> {
  if (marker === 'LYRICS200') {
    const sizeAt = end - LYRICS_END_BYTES - V2_SIZE_DIGITS;
    const digits = decodeLatin1(await src.readExact(sizeAt, V2_SIZE_DIGITS));
    if (!SIX_DIGITS.test(digits)) throw corrupt(`Lyrics3v2 size at ${sizeAt}`);
    const start = sizeAt - Number(digits);
    if (start < floor)
      throw corrupt(`Lyrics3v2 at ${sizeAt} runs before the audio`);
    const tag = await readTag(src, start, end);
    if (decodeLatin1(tag.subarray(0, BEGIN.length)) !== 'LYRICSBEGIN')
      throw corrupt(`Lyrics3v2 at ${start} has no LYRICSBEGIN`);
    return region(tag, start, end, location);
  }
  if (marker !== 'LYRICSEND') return null;
  const windowStart = Math.max(
    floor,
    end - V1_MAX_LYRICS - BEGIN.length - LYRICS_END_BYTES,
  );
  const window = await readTag(src, windowStart, end);
  const begin = lastIndexOf(window, BEGIN);
  if (begin < 0) throw corrupt(`Lyrics3 ending at ${end} has no LYRICSBEGIN`);
  return region(window.subarray(begin), windowStart + begin, end, location);
}

function lastIndexOf(haystack: Uint8Array, needle: Uint8Array): number {
  outer: for (let i = haystack.length - needle.length; i >= 0; i--) {
    for (let j = 0; j < needle.length; j++)
      if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}
