/**
 * Tags appended after the audio: ID3v1 (and `TAG+`), APEv1/v2, Lyrics3 v1/v2 and ID3v2 (with a
 * `3DI` footer, or without one when it ends exactly at the file's end), in any order: each is
 * peeled off the end until none is left. Shared by MP3, FLAC and Ogg (taggers append the same ones).
 */
import type { ByteSource } from '../../byte-source';
import { decodeLatin1, indexOfBytes, ascii } from '../../bytes';
import { corrupt, isEngineError } from '../../errors';
import {
  APE_FOOTER_BYTES,
  apeFindings,
  apeTagBytes,
  isApeFooter,
} from './apev2';
import {
  ID3_HEADER_BYTES,
  id3Findings,
  id3FooterTotal,
  id3Header,
} from './id3v2';
import {
  ID3V1_BYTES,
  ID3V1_EXTENDED_BYTES,
  id3v1ExtendedFindings,
  id3v1Findings,
  isId3v1,
  isId3v1Extended,
} from './id3v1';
import { LYRICS_END_BYTES, lyrics3Before } from './lyrics3';
import { readTag, type TagRegion } from './tag-region';

const LOCATION = 'end of file';
const PROBE_BYTES = ID3V1_BYTES + ID3V1_EXTENDED_BYTES;
/** How far back a footer-less ID3v2 tag is looked for (its header must lie in this window). */
const APPENDED_ID3_WINDOW = 256 * 1024;
const MAX_TAIL_TAGS = 16;
const ID3_MAGIC = ascii('ID3');

/** Every tag at the end of the file, above `floor` (where the audio starts), last one first. */
export async function findTailTags(
  src: ByteSource,
  floor: number,
): Promise<TagRegion[]> {
  const regions: TagRegion[] = [];
  let end = src.size;
  for (let i = 0; i < MAX_TAIL_TAGS; i++) {
    const region = await tagEndingAt(src, floor, end);
    if (!region) return regions;
    regions.push(region);
    end = region.start;
  }
  throw corrupt(`more than ${MAX_TAIL_TAGS} tags at the end of the file`);
}

async function tagEndingAt(
  src: ByteSource,
  floor: number,
  end: number,
): Promise<TagRegion | null> {
  const probeStart = Math.max(floor, end - PROBE_BYTES);
  const tail = await src.read(probeStart, end - probeStart);
  const at = (back: number) => tail.length - back;
  if (tail.length >= ID3V1_BYTES && isId3v1(tail, at(ID3V1_BYTES))) {
    return id3v1Region(tail, end);
  }
  if (
    tail.length >= APE_FOOTER_BYTES &&
    isApeFooter(tail, at(APE_FOOTER_BYTES))
  ) {
    const start = end - apeTagBytes(tail.subarray(at(APE_FOOTER_BYTES)));
    if (start < floor || start > end - APE_FOOTER_BYTES)
      throw corrupt(`APE tag ending at ${end} has a bad size`);
    return {
      start,
      end,
      findings: apeFindings(await readTag(src, start, end), LOCATION),
    };
  }
  if (tail.length >= LYRICS_END_BYTES) {
    const marker = decodeLatin1(tail.subarray(at(LYRICS_END_BYTES)));
    const lyrics = await lyrics3Before(src, floor, end, marker, LOCATION);
    if (lyrics) return lyrics;
  }
  const footerTotal = id3FooterTotal(tail);
  if (footerTotal !== null)
    return id3Region(src, floor, end - footerTotal, end);
  return appendedId3(src, floor, end);
}

function id3v1Region(tail: Uint8Array, end: number): TagRegion {
  const v1At = tail.length - ID3V1_BYTES;
  const findings = id3v1Findings(tail.subarray(v1At), LOCATION);
  const extendedAt = v1At - ID3V1_EXTENDED_BYTES;
  if (extendedAt < 0 || !isId3v1Extended(tail, extendedAt)) {
    return { start: end - ID3V1_BYTES, end, findings };
  }
  const extended = id3v1ExtendedFindings(
    tail.subarray(extendedAt, v1At),
    LOCATION,
  );
  return {
    start: end - PROBE_BYTES,
    end,
    findings: [...extended, ...findings],
  };
}

async function id3Region(
  src: ByteSource,
  floor: number,
  start: number,
  end: number,
): Promise<TagRegion> {
  if (start < floor)
    throw corrupt(`ID3v2 footer at ${end} points before the audio`);
  const tag = await readTag(src, start, end);
  if (id3Header(tag)?.totalBytes !== end - start)
    throw corrupt(`ID3v2 footer at ${end} does not match its header`);
  return { start, end, findings: id3Findings(tag, LOCATION) };
}

/** An ID3v2 tag without a footer whose declared size ends exactly at `end`. */
async function appendedId3(
  src: ByteSource,
  floor: number,
  end: number,
): Promise<TagRegion | null> {
  const windowStart = Math.max(floor, end - APPENDED_ID3_WINDOW);
  const window = await src.read(windowStart, end - windowStart);
  for (
    let i = indexOfBytes(window, ID3_MAGIC);
    i >= 0;
    i = indexOfBytes(window, ID3_MAGIC, i + 1)
  ) {
    if (headerTotal(window, i) !== window.length - i) continue;
    const tag = window.subarray(i);
    return {
      start: windowStart + i,
      end,
      findings: id3Findings(tag, LOCATION),
    };
  }
  return null;
}

function headerTotal(window: Uint8Array, at: number): number | null {
  if (at + ID3_HEADER_BYTES > window.length) return null;
  try {
    return id3Header(window, at)?.totalBytes ?? null;
  } catch (error) {
    if (isEngineError(error)) return null;
    throw error;
  }
}
