/**
 * The media data of an ISOBMFF movie (MP4, MOV): the payload of every top-level `mdat` box
 * (ISO/IEC 14496-12, 8.1.1) and of the `idat` box inside a top-level `meta` (8.11.11).
 */
import type { ByteReader } from '../byte-source';
import type { ByteRange } from '../engine-types';
import { children, FULL_BOX_BYTES, topLevel } from './isobmff-boxes';

/** The payload of each `mdat` and of `meta`'s `idat`, in file order. */
export async function isobmffDataRanges(src: ByteReader): Promise<ByteRange[]> {
  const ranges: ByteRange[] = [];
  for (const box of await topLevel(src)) {
    if (box.type === 'mdat') ranges.push({ start: box.payload, end: box.end });
    if (box.type !== 'meta') continue;
    for (const inner of await children(
      src,
      box.payload + FULL_BOX_BYTES,
      box.end,
    ))
      if (inner.type === 'idat')
        ranges.push({ start: inner.payload, end: inner.end });
  }
  return ranges;
}
