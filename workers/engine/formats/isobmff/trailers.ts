/**
 * Records cameras append after a movie's last box, outside any box. No box points into them, so
 * the copy ends where they start; a clean in place makes each a `free` box of its size with a
 * zeroed payload (ISO/IEC 14496-12 8.1.2). Two are found from the file's end, each ending where
 * the one after it starts:
 * - Insta360's (serial number, model, firmware, GPS, gyroscope and exposure logs): a 78-byte
 *   footer whose last 32 bytes are the ASCII magic below and whose 32-bit little-endian field
 *   at 38 is the trailer's whole length, footer included;
 * - LigoGPS dashcams' (a GPS log): its last 8 bytes `&&&&` and its whole length, 32-bit
 *   big-endian.
 * Two more are found where the boxes stop, by their first bytes (`tail.ts`): Kenwood dashcams'
 * GPS records (`CCCCCCCCCCCCCCGPSDATA--...`) and Auto-Vox dashcams' RIFF-style GPS and
 * accelerometer chunks (`gps0`, `gsen`, `gpsa`, `gsea`, 32-bit little-endian lengths).
 */
import type { ByteReader } from '../../byte-source';
import { ascii, startsWithAscii, u32be, u32le, writeU32be } from '../../bytes';
import { EngineError } from '../../errors';
import { finding, type Finding } from '../../findings';
import { MAX_METADATA_BYTES } from '../../limits';
import type { Patch } from '../../shared/in-place';
import type { ByteRange } from './sample-table';

const INSTA360_FOOTER_BYTES = 78;
const INSTA360_LENGTH_AT = 38;
const INSTA360_MAGIC = '8db42d694ccc418790edff439fe026bf';
const LIGO_FOOTER_BYTES = 8;
const LIGO_MAGIC = '&&&&';
const FREE_HEADER = ascii('\0\0\0\0free');
/** Trailers found from the end before the search stops: each names the one before it. */
const MAX_FOOTER_TRAILERS = 8;
export const TRAILER_WHERE = 'after the last box';

export interface Trailer {
  readonly range: ByteRange;
  readonly finding: Finding;
}

const gpsLog = (label: string, range: ByteRange, what: string): Trailer => ({
  range,
  finding: finding('gps.detail', label, TRAILER_WHERE, what),
});

/** The trailer whose footer ends at `end`, or null. */
async function footerTrailer(
  src: ByteReader,
  end: number,
): Promise<Trailer | null> {
  if (end >= INSTA360_FOOTER_BYTES) {
    const footer = await src.readExact(
      end - INSTA360_FOOTER_BYTES,
      INSTA360_FOOTER_BYTES,
    );
    const magicAt = INSTA360_FOOTER_BYTES - INSTA360_MAGIC.length;
    if (startsWithAscii(footer, INSTA360_MAGIC, magicAt)) {
      const length = u32le(footer, INSTA360_LENGTH_AT);
      if (length < INSTA360_FOOTER_BYTES || length > end) return null;
      const range = { start: end - length, end };
      const value = `${length} bytes`;
      return {
        range,
        finding: finding(
          'device.maker-notes',
          'Insta360 trailer',
          TRAILER_WHERE,
          value,
        ),
      };
    }
  }
  if (end < LIGO_FOOTER_BYTES) return null;
  const footer = await src.readExact(
    end - LIGO_FOOTER_BYTES,
    LIGO_FOOTER_BYTES,
  );
  if (!startsWithAscii(footer, LIGO_MAGIC)) return null;
  const length = u32be(footer, LIGO_MAGIC.length);
  if (length < LIGO_FOOTER_BYTES || length > end) return null;
  return gpsLog('LigoGPS trailer', { start: end - length, end }, 'GPS log');
}

/** The trailers found from the end of `src`, last first: none when it ends with no footer. */
export async function footerTrailers(src: ByteReader): Promise<Trailer[]> {
  const found: Trailer[] = [];
  let end = src.size;
  while (found.length < MAX_FOOTER_TRAILERS) {
    const trailer = await footerTrailer(src, end);
    if (!trailer) break;
    found.push(trailer);
    end = trailer.range.start;
  }
  return found;
}

const KENWOOD_START = 'CCCCCCCCCCCCCC';
const RIFF_LOG_IDS = new Set(['gpsa', 'gps0', 'gsen', 'gsea']);
const RIFF_ID_BYTES = 4;
const RIFF_HEADER_BYTES = 8;
/** A RIFF length's high byte: zero in every record seen, so the length is under 16 MiB. */
const RIFF_LENGTH_HIGH_AT = 7;

/** The dashcam trailer that starts `head` (the bytes where the boxes stop), or null. */
export function dashcamTrailer(
  head: Uint8Array,
  range: ByteRange,
): Trailer | null {
  if (startsWithAscii(head, KENWOOD_START))
    return gpsLog('Kenwood trailer', range, 'dashcam GPS log');
  if (
    head.length >= RIFF_HEADER_BYTES &&
    RIFF_LOG_IDS.has(String.fromCharCode(...head.subarray(0, RIFF_ID_BYTES))) &&
    head[RIFF_LENGTH_HIGH_AT] === 0
  )
    return gpsLog('RIFF trailer', range, 'dashcam GPS and motion log');
  return null;
}

/** A trailer as a `free` box of its size with a zeroed payload, for a clean in place. */
export function freeTrailerPatch({ range, finding }: Trailer): Patch {
  const length = range.end - range.start;
  if (length > MAX_METADATA_BYTES)
    throw new EngineError('too-large', `${finding.label} at ${range.start}`);
  const data = new Uint8Array(length);
  data.set(FREE_HEADER);
  writeU32be(data, 0, length);
  return { offset: range.start, data };
}
