/**
 * The file's top-level boxes, read header by header: mdat is never read, so walking a 1 GB movie
 * costs a handful of small reads, and a file of many tiny boxes a few windowed ones.
 */
import { corrupt, throwIfAborted } from '../../errors';
import { MAX_ENTRIES } from '../../limits';
import { LARGE_HEADER_BYTES, isZero, parseBoxHeader, type Box } from './box';
import type { WindowedReader } from '../../windowed-reader';

/** Entries between cancellation checks. */
const CHECK_EVERY = 4096;

/** The boxes from the file's start to `end` (its size, or where a camera's trailer starts). */
export async function topLevelBoxes(
  reader: WindowedReader,
  signal: AbortSignal | undefined,
  end = reader.size,
): Promise<Box[]> {
  const boxes: Box[] = [];
  let at = 0;
  while (at < end) {
    if (boxes.length % CHECK_EVERY === 0) throwIfAborted(signal);
    const head = await reader.read(
      at,
      Math.min(end, at + LARGE_HEADER_BYTES) - at,
    );
    if (head.length < LARGE_HEADER_BYTES && isZero(head, 0, head.length)) break;
    const box = parseBoxHeader(head, 0, at, end);
    boxes.push(box);
    if (boxes.length > MAX_ENTRIES) throw corrupt('too many top-level boxes');
    at = box.end;
  }
  return boxes;
}
