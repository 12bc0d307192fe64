/**
 * EBML variable-length integers and element headers (RFC 8794 sections 4 and 6), and the Void
 * element that overwrites metadata in place with padding of exactly the same length.
 */
import { corrupt } from '../../errors';
import { VOID } from './ids';

/** Element ids are at most 4 bytes (RFC 8794 5); sizes at most 8 (EBMLMaxSizeLength). */
const MAX_ID_BYTES = 4;
const MAX_SIZE_BYTES = 8;
/** Enough bytes for any element header: a 4-byte id and an 8-byte size. */
export const MAX_HEADER_BYTES = MAX_ID_BYTES + MAX_SIZE_BYTES;

export interface ElementHeader {
  readonly id: number;
  /** Offset of the id's first byte in the file. */
  readonly offset: number;
  /** Offset of the element's data. */
  readonly dataOffset: number;
  /** Data size, or null for an unknown size (all value bits set; live streams). */
  readonly size: number | null;
}

/** A header whose size is known (or has been resolved), with its end offset. */
export interface Element extends ElementHeader {
  readonly end: number;
}

function vintLength(first: number, max: number, at: number): number {
  const length = Math.clz32(first) - 23;
  if (first === 0 || length > max) throw corrupt(`bad EBML vint at ${at}`);
  return length;
}

/**
 * Parses the element header at `at` in `bytes` (which start at file offset `base`).
 * Returns null when `bytes` ends before the header does.
 */
export function parseHeader(
  bytes: Uint8Array,
  at: number,
  base: number,
): ElementHeader | null {
  if (at >= bytes.length) return null;
  const idLength = vintLength(bytes[at]!, MAX_ID_BYTES, base + at);
  if (at + idLength >= bytes.length) return null;
  let id = 0;
  for (let i = 0; i < idLength; i++) id = id * 256 + bytes[at + i]!;
  const sizeAt = at + idLength;
  const sizeLength = vintLength(bytes[sizeAt]!, MAX_SIZE_BYTES, base + sizeAt);
  if (sizeAt + sizeLength > bytes.length) return null;
  let size = bytes[sizeAt]! & (0xff >> sizeLength);
  let allOnes = size === 0xff >> sizeLength;
  for (let i = 1; i < sizeLength; i++) {
    const b = bytes[sizeAt + i]!;
    allOnes &&= b === 0xff;
    size = size * 256 + b;
  }
  if (!allOnes && !Number.isSafeInteger(size))
    throw corrupt(`EBML size at ${base + sizeAt} is beyond any real file`);
  return {
    id,
    offset: base + at,
    dataOffset: base + sizeAt + sizeLength,
    size: allOnes ? null : size,
  };
}

/**
 * A header with a known size that fits before `limit`, as an Element; `resolvedEnd` gives the end
 * of an unknown-size element found by walking it.
 */
export function bounded(
  header: ElementHeader,
  limit: number,
  resolvedEnd?: number,
): Element {
  const end =
    header.size !== null ? header.dataOffset + header.size : resolvedEnd;
  if (end === undefined)
    throw corrupt(`unexpected unknown size at ${header.offset}`);
  if (end > limit)
    throw corrupt(
      `element 0x${header.id.toString(16)} at ${header.offset} overruns its parent`,
    );
  // Listed field by field: an object spread here made walking a million elements 30x slower.
  const { id, offset, dataOffset, size } = header;
  return { id, offset, dataOffset, size, end };
}

const VOID_MIN_BYTES = 2;
const VOID_ID_BYTES = 1;

/** The largest data size a `width`-byte size field holds (all ones means "unknown"). */
const maxSizeFor = (width: number): number => 2 ** (7 * width) - 2;

/**
 * A Void element of exactly `length` bytes: id 0xEC, the narrowest size field that makes the
 * lengths add up, zero data. The narrowest field keeps within a file's EBMLMaxSizeLength.
 */
export function voidElement(length: number): Uint8Array {
  if (length < VOID_MIN_BYTES) throw corrupt('no room for a Void element');
  for (let width = 1; width <= MAX_SIZE_BYTES; width++) {
    const data = length - VOID_ID_BYTES - width;
    if (data < 0 || data > maxSizeFor(width)) continue;
    const out = new Uint8Array(length);
    out[0] = VOID;
    let rest = data;
    for (let i = width; i >= 1; i--) {
      out[i] = rest % 256;
      rest = Math.floor(rest / 256);
    }
    out[1]! |= 0x80 >> (width - 1);
    return out;
  }
  throw corrupt(`no Void element fits ${length} bytes`);
}

/** An unsigned big-endian integer element's value (EBML uinteger, up to 8 bytes). */
export function readUint(bytes: Uint8Array): number {
  let value = 0;
  for (const b of bytes) value = value * 256 + b;
  return value;
}

/** A signed big-endian integer element's value as a BigInt (EBML date is a signed 64-bit int). */
export function readSignedBig(bytes: Uint8Array): bigint {
  let value = 0n;
  for (const b of bytes) value = (value << 8n) | BigInt(b);
  const bits = BigInt(bytes.length * 8);
  return bytes.length > 0 && bytes[0]! >= 0x80 ? value - (1n << bits) : value;
}
