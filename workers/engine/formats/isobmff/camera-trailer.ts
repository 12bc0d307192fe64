/**
 * Insta360's trailer: its cameras append their records (serial number, model, firmware, GPS,
 * gyroscope and exposure logs) after the movie's last box, read from the file's end: a 78-byte
 * footer whose last 32 bytes are the ASCII magic below and whose 32-bit little-endian field at 38
 * is the trailer's whole length, footer included. No box points into it, so the copy ends where
 * it starts; a clean in place makes it a `free` box of the same size (ISO/IEC 14496-12 8.1.2).
 */
import type { ByteSource } from '../../byte-source';
import { ascii, startsWithAscii, u32le, writeU32be } from '../../bytes';
import { EngineError } from '../../errors';
import { finding, type Finding } from '../../findings';
import { MAX_METADATA_BYTES } from '../../limits';
import type { Patch } from '../../shared/in-place';
import type { ByteRange } from './sample-table';

const FOOTER_BYTES = 78;
const LENGTH_AT = 38;
const MAGIC = '8db42d694ccc418790edff439fe026bf';
const FREE_HEADER = ascii('\0\0\0\0free');

export interface CameraTrailer {
  readonly range: ByteRange;
  readonly finding: Finding;
}

/** The trailer at the end of `src`, or null when the file ends with no such footer. */
export async function cameraTrailer(
  src: ByteSource,
): Promise<CameraTrailer | null> {
  if (src.size < FOOTER_BYTES) return null;
  const footer = await src.readExact(src.size - FOOTER_BYTES, FOOTER_BYTES);
  if (!startsWithAscii(footer, MAGIC, FOOTER_BYTES - MAGIC.length)) return null;
  const length = u32le(footer, LENGTH_AT);
  if (length < FOOTER_BYTES || length > src.size) return null;
  const range = { start: src.size - length, end: src.size };
  const value = `${length} bytes`;
  const where = 'after the last box';
  return {
    range,
    finding: finding('device.track-log', 'Insta360 trailer', where, value),
  };
}

/** The trailer as a `free` box of its size with a zeroed payload, for a clean in place. */
export function freeTrailerPatch({ range }: CameraTrailer): Patch {
  const length = range.end - range.start;
  if (length > MAX_METADATA_BYTES)
    throw new EngineError('too-large', `Insta360 trailer at ${range.start}`);
  const data = new Uint8Array(length);
  data.set(FREE_HEADER);
  writeU32be(data, 0, length);
  return { offset: range.start, data };
}
