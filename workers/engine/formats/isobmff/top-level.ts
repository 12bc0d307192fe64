/**
 * The file's top-level boxes, read header by header through the byte source: mdat is never read,
 * so walking a 1 GB movie costs a handful of small reads.
 */
import type { ByteSource } from '../../byte-source';
import { corrupt, throwIfAborted } from '../../errors';
import { MAX_ENTRIES } from '../../limits';
import { LARGE_HEADER_BYTES, isZero, parseBoxHeader, type Box } from './box';

export async function topLevelBoxes(
  src: ByteSource,
  signal: AbortSignal | undefined,
): Promise<Box[]> {
  const boxes: Box[] = [];
  let at = 0;
  while (at < src.size) {
    throwIfAborted(signal);
    const head = await src.read(at, LARGE_HEADER_BYTES);
    if (head.length < LARGE_HEADER_BYTES && isZero(head, 0, head.length)) break;
    const box = parseBoxHeader(head, 0, at, src.size);
    boxes.push(box);
    if (boxes.length > MAX_ENTRIES) throw corrupt('too many top-level boxes');
    at = box.end;
  }
  return boxes;
}
