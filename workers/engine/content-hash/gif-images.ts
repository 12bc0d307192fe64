/**
 * The images of a GIF (GIF89a, sections 18-22): the global colour table and every image, from its
 * Image Descriptor through its local colour table and LZW-coded data sub-blocks to their block
 * terminator, found by a walk of the blocks of its own. Extensions (comments, application data,
 * graphic controls) are not counted: the pixels and their palettes are.
 */
import type { ByteReader } from '../byte-source';
import type { ByteRange } from '../engine-types';
import { corrupt } from '../errors';
import { MAX_ENTRIES } from '../limits';
import { WindowedReader } from '../windowed-reader';

/** Header (6) and Logical Screen Descriptor (7) (GIF89a, 17 and 18). */
const SCREEN_END = 13;
const SCREEN_PACKED_AT = 10;
/** Image Descriptor: separator, position, size, packed fields (GIF89a, 20). */
const DESCRIPTOR_BYTES = 10;
const DESCRIPTOR_PACKED_AT = 9;
/** The LZW minimum code size before an image's data sub-blocks (GIF89a, 22). */
const LZW_CODE_SIZE_BYTES = 1;
const COLOR_TABLE_FLAG = 0x80;
const COLOR_TABLE_SIZE_MASK = 0x07;
const RGB_BYTES = 3;
const EXTENSION = 0x21;
const IMAGE = 0x2c;
const TRAILER = 0x3b;

const GIF_SIGNATURE = 'GIF';

/** A colour table's length from a packed field: 3 x 2^(size + 1) bytes, or none. */
const colorTableBytes = (packed: number): number =>
  packed & COLOR_TABLE_FLAG
    ? RGB_BYTES * 2 ** ((packed & COLOR_TABLE_SIZE_MASK) + 1)
    : 0;

/** The offset just past the data sub-blocks starting at `at`, their terminator included. */
async function afterSubBlocks(
  src: WindowedReader,
  at: number,
): Promise<number> {
  let next = at;
  for (let n = 0; n < MAX_ENTRIES; n++) {
    const size = await src.byte(next);
    next += 1 + size;
    if (size === 0) return next;
  }
  throw corrupt('too many GIF data sub-blocks');
}

/** The global colour table and every image block, in file order, up to the trailer. */
export async function gifImageRanges(input: ByteReader): Promise<ByteRange[]> {
  const src = WindowedReader.over(input);
  const head = await src.readExact(0, SCREEN_END);
  if (String.fromCharCode(...head.subarray(0, 3)) !== GIF_SIGNATURE)
    throw corrupt('no GIF signature');
  const ranges: ByteRange[] = [];
  const globalTable = colorTableBytes(head[SCREEN_PACKED_AT]!);
  if (globalTable > 0)
    ranges.push({ start: SCREEN_END, end: SCREEN_END + globalTable });
  let at = SCREEN_END + globalTable;
  for (let n = 0; n < MAX_ENTRIES; n++) {
    const introducer = await src.byte(at);
    if (introducer === TRAILER) return ranges;
    if (introducer === EXTENSION) {
      // Introducer and label, then data sub-blocks (GIF89a, 23-26).
      at = await afterSubBlocks(src, at + 2);
      continue;
    }
    if (introducer !== IMAGE) throw corrupt(`no GIF block at ${at}`);
    const descriptor = await src.readExact(at, DESCRIPTOR_BYTES);
    const data =
      at +
      DESCRIPTOR_BYTES +
      colorTableBytes(descriptor[DESCRIPTOR_PACKED_AT]!) +
      LZW_CODE_SIZE_BYTES;
    const end = await afterSubBlocks(src, data);
    ranges.push({ start: at, end });
    at = end;
  }
  throw corrupt('too many GIF blocks');
}
