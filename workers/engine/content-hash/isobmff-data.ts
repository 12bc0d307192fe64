/**
 * The media data of an ISOBMFF file (MP4, MOV, HEIC, AVIF): the payload of every top-level
 * `mdat` box (ISO/IEC 14496-12, 8.1.1) and of the `idat` box inside a top-level `meta`
 * (8.11.11), where HEIF may keep item data.
 */
import type { ByteReader } from '../byte-source';
import { u32be, u64be } from '../bytes';
import type { ByteRange } from '../engine-types';
import { corrupt } from '../errors';
import { MAX_ENTRIES } from '../limits';

const BOX_HEADER_BYTES = 8;
const LARGE_SIZE_BYTES = 8;
/** `meta` is a full box: version and flags before its children (8.4.1, 4.2). */
const FULL_BOX_BYTES = 4;
/** A box size of 1 means a 64-bit size follows; 0 means to the end of the file (4.2). */
const SIZE_64 = 1;
const SIZE_TO_END = 0;

interface Box {
  readonly type: string;
  readonly start: number;
  readonly payload: number;
  readonly end: number;
}

async function boxAt(src: ByteReader, at: number, limit: number): Promise<Box> {
  const head = await src.readExact(at, BOX_HEADER_BYTES);
  const small = u32be(head, 0);
  const type = String.fromCharCode(...head.subarray(4));
  let payload = at + BOX_HEADER_BYTES;
  let end = at + small;
  if (small === SIZE_64) {
    end = at + u64be(await src.readExact(payload, LARGE_SIZE_BYTES), 0);
    payload += LARGE_SIZE_BYTES;
  } else if (small === SIZE_TO_END) end = limit;
  if (end < payload || end > limit)
    throw corrupt(`box ${type} at ${at} does not fit`);
  return { type, start: at, payload, end };
}

async function children(
  src: ByteReader,
  from: number,
  to: number,
): Promise<Box[]> {
  const boxes: Box[] = [];
  for (let at = from, n = 0; at < to; n++) {
    if (n >= MAX_ENTRIES) throw corrupt('too many boxes');
    const box = await boxAt(src, at, to);
    boxes.push(box);
    at = box.end;
  }
  return boxes;
}

/** The payload of each `mdat` and of `meta`'s `idat`, in file order. */
export async function isobmffDataRanges(src: ByteReader): Promise<ByteRange[]> {
  const ranges: ByteRange[] = [];
  for (const box of await children(src, 0, src.size)) {
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
