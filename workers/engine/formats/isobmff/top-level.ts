/**
 * The file's top-level boxes, read header by header through the byte source: mdat is never read,
 * so walking a 1 GB movie costs a handful of small reads. Headers are read through a window, so a
 * file of many tiny boxes costs a few large reads, not one read per box.
 */
import type { ByteSource } from '../../byte-source';
import { corrupt, throwIfAborted } from '../../errors';
import { MAX_ENTRIES } from '../../limits';
import { LARGE_HEADER_BYTES, isZero, parseBoxHeader, type Box } from './box';

const WINDOW_BYTES = 64 * 1024;

export async function topLevelBoxes(
  src: ByteSource,
  signal: AbortSignal | undefined,
): Promise<Box[]> {
  const boxes: Box[] = [];
  let window: Uint8Array = new Uint8Array(0);
  let windowStart = 0;
  let at = 0;
  while (at < src.size) {
    const needed = Math.min(LARGE_HEADER_BYTES, src.size - at);
    if (at < windowStart || at + needed > windowStart + window.length) {
      throwIfAborted(signal);
      window = await src.read(at, WINDOW_BYTES);
      windowStart = at;
    }
    const offset = at - windowStart;
    if (needed < LARGE_HEADER_BYTES && isZero(window, offset, offset + needed))
      break;
    const box = parseBoxHeader(window, offset, windowStart, src.size);
    boxes.push(box);
    if (boxes.length > MAX_ENTRIES) throw corrupt('too many top-level boxes');
    at = box.end;
  }
  return boxes;
}
