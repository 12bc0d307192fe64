/** Data after the end-of-image marker: Motion Photo videos, Samsung trailers, MPF secondary images. */
import type { ByteSource } from '../../byte-source';
import { ascii, indexOfBytes, startsWith } from '../../bytes';
import { finding, type Finding } from '../../findings';
import { MARKER_PREFIX, SOI } from './markers';

/** Enough to see an MP4 `ftyp` box or a JPEG SOI at the trailer's start. */
const HEAD_BYTES = 16;
/** Samsung's trailer ends with `SEFT` (its directory) and a length. */
const SAMSUNG_TAIL_BYTES = 8;
const FTYP_AT = 4;

export async function trailerFindings(
  src: ByteSource,
  start: number,
): Promise<Finding[]> {
  const size = src.size - start;
  if (size <= 0) return [];
  const head = await src.read(start, HEAD_BYTES);
  const tail = await src.read(
    Math.max(start, src.size - SAMSUNG_TAIL_BYTES),
    SAMSUNG_TAIL_BYTES,
  );
  const value = `${size} bytes`;
  const where = 'after end of image';
  if (startsWith(head, [MARKER_PREFIX, SOI]))
    return [finding('thumbnail.image', 'TrailingImage', where, value)];
  if (startsWith(head, ascii('ftyp'), FTYP_AT))
    return [finding('other.data', 'MotionPhotoVideo', where, value)];
  if (indexOfBytes(tail, ascii('SEFT')) !== -1)
    return [finding('other.data', 'SamsungTrailer', where, value)];
  return [finding('other.data', 'TrailingData', where, value)];
}
