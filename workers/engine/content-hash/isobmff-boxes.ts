/** ISOBMFF box headers (ISO/IEC 14496-12, 4.2), read by the content locators of their own. */
import type { ByteReader } from '../byte-source';
import { u32be, u64be } from '../bytes';
import { corrupt } from '../errors';
import { LARGE_HEADER_BYTES } from '../formats/isobmff/box';
import { fitsBefore } from '../formats/isobmff/top-level';
import { footerTrailers } from '../formats/isobmff/trailers';
import { MAX_ENTRIES } from '../limits';

const BOX_HEADER_BYTES = 8;
const LARGE_SIZE_BYTES = 8;
/** `meta` is a full box: version and flags before its children (8.4.1, 4.2). */
export const FULL_BOX_BYTES = 4;
/** A box size of 1 means a 64-bit size follows; 0 means to the end of the file (4.2). */
const SIZE_64 = 1;
const SIZE_TO_END = 0;

export interface Box {
  readonly type: string;
  readonly start: number;
  readonly payload: number;
  readonly end: number;
}

export async function boxAt(
  src: ByteReader,
  at: number,
  limit: number,
): Promise<Box> {
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

export async function children(
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

/**
 * The file's top-level boxes, up to the first header that is no box that fits: what follows
 * (a recorder's zeros, a free box cut short, a dashcam's records) holds none of the samples,
 * which the sample tables place; whether the file may be cleaned is the cleaner's question.
 */
export async function topLevel(src: ByteReader): Promise<Box[]> {
  const trailers = await footerTrailers(src);
  const end = trailers.at(-1)?.range.start ?? src.size;
  const boxes: Box[] = [];
  for (let at = 0; at < end;) {
    if (boxes.length >= MAX_ENTRIES) throw corrupt('too many boxes');
    const box =
      boxes.length === 0
        ? await boxAt(src, at, end)
        : await fittingBoxAt(src, at, end);
    if (!box) break;
    boxes.push(box);
    at = box.end;
  }
  return boxes;
}

/** The box at `at` when its header is one that fits before `limit` (as the cleaner reads it), else null. */
async function fittingBoxAt(
  src: ByteReader,
  at: number,
  limit: number,
): Promise<Box | null> {
  const head = await src.read(at, Math.min(limit - at, LARGE_HEADER_BYTES));
  return fitsBefore(head, at, limit) ? boxAt(src, at, limit) : null;
}
