/** ASF objects: a GUID, a 64-bit little-endian size that counts the 24-byte header, the data. */
import { u64le } from '../../bytes';
import { corrupt } from '../../errors';
import { MAX_ENTRIES } from '../../limits';
import { readGuid } from './guids';

export const OBJECT_HEADER_BYTES = 24;
const SIZE_AT = 16;

export interface AsfObject {
  readonly guid: string;
  /** Offset of the object in the buffer it was parsed from. */
  readonly offset: number;
  readonly end: number;
}

/** The object whose header starts at `at` in `bytes`, checked to end by `limit`. */
export function objectAt(
  bytes: Uint8Array,
  at: number,
  limit: number,
): AsfObject {
  const size = u64le(bytes, at + SIZE_AT);
  if (size < OBJECT_HEADER_BYTES || at + size > limit) {
    throw corrupt(`ASF object at ${at} has a size that does not fit`);
  }
  return { guid: readGuid(bytes, at), offset: at, end: at + size };
}

/** The objects laid end to end in [start, end) of `bytes`. */
export function objectsIn(
  bytes: Uint8Array,
  start: number,
  end: number,
): AsfObject[] {
  const out: AsfObject[] = [];
  for (let at = start; at < end;) {
    if (out.length >= MAX_ENTRIES) throw corrupt('too many ASF objects');
    if (end - at < OBJECT_HEADER_BYTES) throw corrupt(`stray bytes at ${at}`);
    const object = objectAt(bytes, at, end);
    out.push(object);
    at = object.end;
  }
  return out;
}

/** The 24-byte header of an object of `size` bytes. */
export function objectHeader(guid: Uint8Array, size: number): Uint8Array {
  const out = new Uint8Array(OBJECT_HEADER_BYTES);
  out.set(guid);
  new DataView(out.buffer).setBigUint64(SIZE_AT, BigInt(size), true);
  return out;
}
