/**
 * Text tracks: 3GPP timed text (`tx3g`, what FFmpeg calls mov_text), QuickTime text (`text`, also
 * its chapter tracks), WebVTT (`wvtt`) and TTML (`stpp`), ISO/IEC 14496-30 and 14496-12 12.5/12.6.
 * Their samples live in mdat like any others; this file says which tracks they are, in which
 * language, and who refers to them (`tref`, 8.3.3), for the caller that reads their text.
 */
import { u16be, u32be, u8 } from '../../bytes';
import { FULL_BOX_BYTES, childrenOf, payloadBytes, type Box } from './box';
import type { Region } from './region';
import type { ByteRange } from './sample-table';

/** Handler types of text media: `text` (QuickTime), `sbtl` (QuickTime subtitles), `subt` (ISO). */
const TEXT_HANDLERS = new Set(['text', 'sbtl', 'subt']);
const TEXT_ENTRIES = new Set(['tx3g', 'text', 'wvtt', 'stpp', 'sbtt', 'stxt']);
/** QuickTime's track reference to the chapter track. */
export const CHAPTER_REFERENCE = 'chap';

export interface TextTrack {
  readonly trackId: number;
  readonly trak: Box;
  readonly entryType: string;
  /** ISO 639-2/T code from mdhd, or `und`. */
  readonly language: string;
  readonly path: string;
  /** Its samples in decoding order. */
  readonly samples: ByteRange[];
}

/** A `tref` child (8.3.3.2): a reference type and the track_IDs it points at. */
export interface TrackReference {
  readonly box: Box;
  readonly trackIds: readonly number[];
}

export function isTextTrack(handler: string, entryType: string): boolean {
  return TEXT_HANDLERS.has(handler) || TEXT_ENTRIES.has(entryType);
}

const V1_TIMES_BYTES = 8 + 8 + 4 + 8;
const V0_TIMES_BYTES = 4 + 4 + 4 + 4;
/** Packed ISO 639-2/T (three 5-bit letters, 0x60 added to each: 8.4.2.3). */
const LETTER_BITS = 5;
const LETTER_MASK = 0x1f;
const LETTER_BASE = 0x60;
/** Below this, QuickTime stores a Macintosh language code, not letters. */
const FIRST_PACKED_CODE = 0x400;
export const UNDETERMINED_LANGUAGE = 'und';

/** The language of a media header (8.4.2), `und` when it has none. */
export function mediaLanguage(region: Region, mdhd: Box | undefined): string {
  if (!mdhd) return UNDETERMINED_LANGUAGE;
  const at = mdhd.payload - region.base;
  const times = u8(region.bytes, at) === 1 ? V1_TIMES_BYTES : V0_TIMES_BYTES;
  const codeAt = at + FULL_BOX_BYTES + times;
  if (codeAt + 2 > mdhd.end - region.base) return UNDETERMINED_LANGUAGE;
  const code = u16be(region.bytes, codeAt);
  if (code < FIRST_PACKED_CODE) return UNDETERMINED_LANGUAGE;
  return [2, 1, 0]
    .map((i) =>
      String.fromCharCode(
        ((code >> (i * LETTER_BITS)) & LETTER_MASK) + LETTER_BASE,
      ),
    )
    .join('');
}

/** The references a track's `tref` holds. */
export function trackReferences(region: Region, tref: Box): TrackReference[] {
  return childrenOf(region.bytes, region.base, tref).map((box) => {
    const payload = payloadBytes(region.bytes, region.base, box);
    const trackIds: number[] = [];
    for (let at = 0; at + 4 <= payload.length; at += 4)
      trackIds.push(u32be(payload, at));
    return { box, trackIds };
  });
}
