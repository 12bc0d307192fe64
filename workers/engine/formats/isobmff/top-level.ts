/**
 * The file's top-level boxes, read header by header: mdat is never read, so walking a 1 GB movie
 * costs a handful of small reads, and a file of many tiny boxes a few windowed ones. The walk
 * stops at the first header that is no box that fits (zeros, a box cut short, a vendor's
 * records): what lies from there to the end is the tail (`tail.ts` says what it is).
 */
import { u32be, u64be } from '../../bytes';
import { corrupt, throwIfAborted } from '../../errors';
import { MAX_ENTRIES } from '../../limits';
import {
  HEADER_BYTES,
  LARGE_HEADER_BYTES,
  isZero,
  parseBoxHeader,
  type Box,
} from './box';
import type { WindowedReader } from '../../windowed-reader';

/** Entries between cancellation checks. */
const CHECK_EVERY = 4096;
/** Size value meaning "a 64-bit size follows the type" (14496-12 4.2). */
const SIZE_IS_LARGE = 1;

export interface TopLevel {
  readonly boxes: Box[];
  /** Where the boxes end: `end` itself, or where bytes that are no box begin. */
  readonly boxesEnd: number;
}

/** Whether `head` (up to 16 bytes at file offset `start`) is a box header that fits before `end`. */
export function fitsBefore(
  head: Uint8Array,
  start: number,
  end: number,
): boolean {
  if (head.length < HEADER_BYTES || isZero(head, 0, HEADER_BYTES)) return false;
  const size32 = u32be(head, 0);
  if (size32 === 0) return true;
  if (size32 !== SIZE_IS_LARGE)
    return size32 >= HEADER_BYTES && start + size32 <= end;
  if (head.length < LARGE_HEADER_BYTES) return false;
  const size = u64be(head, HEADER_BYTES);
  return size >= LARGE_HEADER_BYTES && start + size <= end;
}

/** The boxes from the file's start to `end` (its size, or where a camera's trailer starts). */
export async function topLevelBoxes(
  reader: WindowedReader,
  signal: AbortSignal | undefined,
  end = reader.size,
): Promise<TopLevel> {
  const boxes: Box[] = [];
  let at = 0;
  while (at < end) {
    if (boxes.length % CHECK_EVERY === 0) throwIfAborted(signal);
    const head = await reader.read(
      at,
      Math.min(end, at + LARGE_HEADER_BYTES) - at,
    );
    if (!fitsBefore(head, at, end)) break;
    const box = parseBoxHeader(head, 0, at, end);
    boxes.push(box);
    if (boxes.length > MAX_ENTRIES) throw corrupt('too many top-level boxes');
    at = box.end;
  }
  return { boxes, boxesEnd: at };
}
