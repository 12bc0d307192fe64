/**
 * ISOBMFF box headers (ISO/IEC 14496-12 4.2): a 32-bit size and a four-character type, a 64-bit
 * size when the 32-bit one is 1, and "to the end of the enclosing space" when it is 0. Every size
 * is checked against the space that holds the box, so a lying size fails as corrupt instead of
 * sending a reader outside its parent.
 */
import { fourcc, u32be, u64be } from '../../bytes';
import { corrupt } from '../../errors';
import { MAX_DEPTH, MAX_ENTRIES } from '../../limits';

export const HEADER_BYTES = 8;
export const LARGE_HEADER_BYTES = 16;
/** Size value meaning "a 64-bit size follows the type". */
const SIZE_IS_LARGE = 1;
/** Size value meaning "the box runs to the end of its enclosing space". */
const SIZE_TO_END = 0;
/** FullBox version (1 byte) and flags (3 bytes) at the start of the payload. */
export const FULL_BOX_BYTES = 4;
export const UUID_BYTES = 16;

/** Bytes held in memory: a region of the file starting at file offset `base`. */
export interface View {
  readonly bytes: Uint8Array;
  readonly base: number;
}

export interface Box {
  readonly type: string;
  /** Offset of the size field. */
  readonly start: number;
  /** Offset of the payload (after the 8- or 16-byte header). */
  readonly payload: number;
  /** Offset just past the box. */
  readonly end: number;
}

/**
 * Reads the box header at `at` in `bytes` (which hold the file from `base` on); `limit` is the end
 * of the enclosing space as a file offset. Offsets in the result are file offsets.
 */
export function parseBoxHeader(
  bytes: Uint8Array,
  at: number,
  base: number,
  limit: number,
): Box {
  const start = base + at;
  if (limit - start < HEADER_BYTES)
    throw corrupt(`box header at ${start} runs past its parent`);
  const size32 = u32be(bytes, at);
  const type = fourcc(bytes, at + 4);
  let size = size32;
  let headerBytes = HEADER_BYTES;
  if (size32 === SIZE_IS_LARGE) {
    if (limit - start < LARGE_HEADER_BYTES)
      throw corrupt(`64-bit box header at ${start} runs past its parent`);
    size = u64be(bytes, at + HEADER_BYTES);
    headerBytes = LARGE_HEADER_BYTES;
  } else if (size32 === SIZE_TO_END) {
    size = limit - start;
  }
  if (size < headerBytes)
    throw corrupt(`box '${type}' at ${start} is smaller than its header`);
  if (start + size > limit)
    throw corrupt(`box '${type}' at ${start} is larger than its parent`);
  return { type, start, payload: start + headerBytes, end: start + size };
}

/**
 * The boxes in [from, to) of an in-memory region `bytes` that starts at file offset `base`.
 * QuickTime lets a user-data list end with a 32-bit zero terminator, so fewer than 8 zero bytes at
 * the end are accepted; anything else short is corrupt.
 */
export function childBoxes(
  bytes: Uint8Array,
  base: number,
  from: number,
  to: number,
): Box[] {
  const boxes: Box[] = [];
  let at = from;
  while (at < to) {
    if (to - at < HEADER_BYTES && isZero(bytes, at - base, to - base)) break;
    const box = parseBoxHeader(bytes, at - base, base, to);
    boxes.push(box);
    if (boxes.length > MAX_ENTRIES) throw corrupt(`too many boxes at ${from}`);
    at = box.end;
  }
  return boxes;
}

/** The children of a container box held in `bytes` (which start at file offset `base`). */
export function childrenOf(
  bytes: Uint8Array,
  base: number,
  box: Box,
  skip = 0,
): Box[] {
  return childBoxes(bytes, base, box.payload + skip, box.end);
}

export function firstChild(
  boxes: readonly Box[],
  type: string,
): Box | undefined {
  return boxes.find((b) => b.type === type);
}

/** Guards recursive walks against endless nesting. */
export function checkDepth(depth: number, at: number): void {
  if (depth > MAX_DEPTH) throw corrupt(`boxes nested too deep at ${at}`);
}

export function isZero(bytes: Uint8Array, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (bytes[i] !== 0) return false;
  return true;
}

/** Bytes of `box` out of a region that starts at file offset `base`. */
export function boxBytes(
  bytes: Uint8Array,
  base: number,
  box: Box,
): Uint8Array {
  return bytes.subarray(box.start - base, box.end - base);
}

export function payloadBytes(
  bytes: Uint8Array,
  base: number,
  box: Box,
): Uint8Array {
  return bytes.subarray(box.payload - base, box.end - base);
}
