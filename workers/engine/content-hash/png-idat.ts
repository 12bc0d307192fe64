/** The image data of a PNG: its IDAT chunks' data, joined in order (PNG, 11.2.4). */
import type { ByteReader } from '../byte-source';
import { u32be } from '../bytes';
import type { ByteRange } from '../engine-types';
import { corrupt } from '../errors';
import { MAX_ENTRIES } from '../limits';

const SIGNATURE_BYTES = 8;
/** Length, type and CRC around a chunk's data (PNG, 5.3). */
const LENGTH_BYTES = 4;
const TYPE_BYTES = 4;
const CRC_BYTES = 4;

/** The data of every IDAT chunk, in file order, up to IEND. */
export async function pngIdatRanges(src: ByteReader): Promise<ByteRange[]> {
  const ranges: ByteRange[] = [];
  let at = SIGNATURE_BYTES;
  for (let n = 0; n < MAX_ENTRIES && at < src.size; n++) {
    const head = await src.readExact(at, LENGTH_BYTES + TYPE_BYTES);
    const length = u32be(head, 0);
    const type = String.fromCharCode(...head.subarray(LENGTH_BYTES));
    const start = at + LENGTH_BYTES + TYPE_BYTES;
    const end = start + length;
    if (end + CRC_BYTES > src.size)
      throw corrupt(`PNG chunk ${type} runs past the file`);
    if (type === 'IDAT') ranges.push({ start, end });
    if (type === 'IEND') return ranges;
    at = end + CRC_BYTES;
  }
  throw corrupt('a PNG without IEND');
}
