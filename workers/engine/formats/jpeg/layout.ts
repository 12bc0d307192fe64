/**
 * The segment layout of a JPEG file: every marker segment from SOI to EOI, with the entropy-coded
 * data of each scan skipped, and where the image ends (anything after EOI is a trailer).
 */
import type { ByteSource } from '../../byte-source';
import type { ByteRange } from '../../format-module';
import { u16be } from '../../bytes';
import { corrupt, throwIfAborted } from '../../errors';
import { MAX_ENTRIES } from '../../limits';
import { findScanEnd, type ScanContext } from './entropy-scan';
import { claimedScanEnd } from './scan-claim';
import {
  EOI,
  LENGTH_BYTES,
  MARKER_BYTES,
  MARKER_PREFIX,
  MIN_SEGMENT_LENGTH,
  SOI,
  SOS,
  isStandalone,
} from './markers';
import { WindowedReader } from '../../windowed-reader';

export interface JpegSegment {
  readonly marker: number;
  /** Offset of the marker's 0xFF byte. */
  readonly offset: number;
  /** Offset of the payload (after marker and length). */
  readonly payloadOffset: number;
  /** Offset just past the segment (for SOS: past its header, before the entropy-coded data). */
  readonly end: number;
}

export interface JpegLayout {
  /** Marker segments in file order (SOI and EOI excluded). */
  readonly segments: readonly JpegSegment[];
  /** Offset just past the EOI marker: where the image ends. */
  readonly imageEnd: number;
  /** Each scan's entropy-coded data, from the end of its SOS header to the marker after it. */
  readonly scans: readonly ByteRange[];
}

/** Skips 0xFF fill bytes (T.81 B.1.1.2) and reads the marker at `at`. */
async function markerAt(
  reader: WindowedReader,
  at: number,
): Promise<[number, number]> {
  let pos = at;
  for (;;) {
    const two = await reader.read(pos, MARKER_BYTES);
    if (two.length < MARKER_BYTES)
      throw corrupt(`truncated before a marker at ${pos}`);
    if (two[0] !== MARKER_PREFIX) throw corrupt(`expected a marker at ${pos}`);
    if (two[1] !== MARKER_PREFIX) return [pos, two[1]!];
    pos += 1;
  }
}

async function segmentAt(
  reader: WindowedReader,
  offset: number,
  marker: number,
): Promise<JpegSegment> {
  const lengthAt = offset + MARKER_BYTES;
  const field = await reader.read(lengthAt, LENGTH_BYTES);
  if (field.length < LENGTH_BYTES)
    throw corrupt(`truncated segment at ${offset}`);
  const length = u16be(field, 0);
  if (length < MIN_SEGMENT_LENGTH)
    throw corrupt(`segment at ${offset} is shorter than its length field`);
  const end = lengthAt + length;
  if (end > reader.size)
    throw corrupt(`segment at ${offset} runs past the file`);
  return { marker, offset, payloadOffset: lengthAt + LENGTH_BYTES, end };
}

/**
 * The JPEG header area is read through one window, so twenty small segments cost one read. A
 * camera's header (Exif with its thumbnail, ICC, XMP, tables) mostly fits in 64 KB, and a longer
 * segment is read on its own; a larger window read a photo in a PDF three times 256 KB for a
 * header of 750 bytes (its analysis, its clean's check and verify-after-clean).
 */
export const HEADER_WINDOW_BYTES = 64 * 1024;

/**
 * What follows a scan's entropy-coded data is normally EOI alone, or a progressive JPEG's next
 * tables and scan header: a small window of its own reads it, so the header window stays on the
 * header for the segments' payloads (a photo in a PDF read 256 KB past its end for two bytes).
 */
const AFTER_SCAN_WINDOW_BYTES = 4 * 1024;

/**
 * Where the entropy-coded data after the last of `segments` (an SOS) ends. Data the input's
 * analysis already scanned (a byte-identical copy in the cleaned output) is not searched again:
 * the entropy scan, which reads every byte of the pixels, runs once per clean; with a checked
 * copy, a photo's one scan is claimed instead and the copy reads it once (`scan-claim.ts`).
 */
async function scanEnd(
  src: ByteSource,
  header: WindowedReader,
  segments: readonly JpegSegment[],
  ctx: ScanContext,
): Promise<number> {
  const sos = segments.at(-1)!;
  const known = ctx.knownOpaque?.find((r) => r.start === sos.end);
  if (known) return known.end;
  const claimed = await claimedScanEnd(src, header, segments, sos, ctx);
  if (claimed !== null) return claimed;
  return (await findScanEnd(src, sos.end, ctx)).offset;
}

/**
 * Walks the file from SOI to EOI. Throws `corrupt` on anything that is not a well-formed JPEG.
 * `header` reads the header area; the caller may read the segments' payloads through it after.
 */
export async function readJpegLayout(
  src: ByteSource,
  ctx: ScanContext,
  header = new WindowedReader(src, HEADER_WINDOW_BYTES),
): Promise<JpegLayout> {
  let reader = header;
  const [soiAt, soi] = await markerAt(reader, 0);
  if (soiAt !== 0 || soi !== SOI) throw corrupt('no start-of-image marker');
  const segments: JpegSegment[] = [];
  const scans: ByteRange[] = [];
  let at = MARKER_BYTES;
  while (segments.length < MAX_ENTRIES) {
    throwIfAborted(ctx.signal);
    const [offset, marker] = await markerAt(reader, at);
    if (marker === EOI)
      return { segments, imageEnd: offset + MARKER_BYTES, scans };
    if (isStandalone(marker))
      throw corrupt(`unexpected marker 0x${marker.toString(16)} at ${offset}`);
    const segment = await segmentAt(reader, offset, marker);
    segments.push(segment);
    at =
      marker === SOS ? await scanEnd(src, header, segments, ctx) : segment.end;
    if (marker === SOS) {
      scans.push({ start: segment.end, end: at });
      if (reader === header)
        reader = new WindowedReader(src, AFTER_SCAN_WINDOW_BYTES);
    }
  }
  throw corrupt('too many segments');
}
