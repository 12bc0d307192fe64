/**
 * A zlib stream (RFC 1950) whose container states both its length and what it inflates to, as
 * [MS-ODRAW] 2.2.31 does for a compressed metafile: it is read only when it is exactly that. The
 * deflate blocks are walked first, which bounds the work by the stated size and finds where the
 * last block ends; then the stream is inflated and its Adler-32 checked. A stream cut short, one
 * that would make more than it says (a bomb or a lie), one followed by other bytes or failing its
 * checksum is `corrupt`: what a reader would make of such bytes is not what was examined.
 */
import { u32be } from '../bytes';
import { corrupt } from '../errors';
import { adler32 } from './adler32';
import { walkBlocks } from './deflate/block-walk';
import { inflateInPieces } from './inflate';

/** RFC 1950 2.2: CMF (method 8, a window of at most 2^15) and FLG, then the adler at the end. */
const HEADER_BYTES = 2;
const ADLER_BYTES = 4;
const METHOD_MASK = 0x0f;
const DEFLATE_METHOD = 8;
const WINDOW_SHIFT = 4;
const MAX_WINDOW_INFO = 7;
const FCHECK_DIVISOR = 31;
/** FLG bit 5: a preset dictionary, which the container does not carry. */
const FDICT = 0x20;
const BITS_PER_BYTE = 8;
/** Compressed bytes fed to the inflate at a time. */
const FEED_BYTES = 16 * 1024;

/**
 * The `size` bytes the zlib stream `data` inflates to; `what` names it in errors. Throws
 * `corrupt` unless the stream is well formed, ends at `data`'s last byte and makes exactly `size`.
 */
export function inflateZlibExact(
  data: Uint8Array,
  size: number,
  what: string,
): Uint8Array {
  if (data.length < HEADER_BYTES + ADLER_BYTES)
    throw corrupt(`${what}: a compressed stream too short`);
  const cmf = data[0]!;
  const flg = data[1]!;
  if (
    (cmf & METHOD_MASK) !== DEFLATE_METHOD ||
    cmf >> WINDOW_SHIFT > MAX_WINDOW_INFO ||
    (cmf * 256 + flg) % FCHECK_DIVISOR !== 0 ||
    (flg & FDICT) !== 0
  )
    throw corrupt(`${what}: not a zlib stream`);
  const raw = data.subarray(HEADER_BYTES, data.length - ADLER_BYTES);
  const walk = walkBlocks(raw, Infinity, size);
  if (!walk?.end)
    throw corrupt(
      `${what}: a compressed stream that is broken, cut short or larger than stated`,
    );
  if (walk.end.out !== size)
    throw corrupt(`${what}: a compressed stream smaller than stated`);
  if (Math.ceil(walk.end.bit / BITS_PER_BYTE) !== raw.length)
    throw corrupt(
      `${what}: a compressed stream that does not end where its length says`,
    );
  const out = new Uint8Array(size);
  let filled = 0;
  const { total, error } = inflateInPieces(raw, {
    maxBytes: size,
    feedBytes: FEED_BYTES,
    raw: true,
    onData: (chunk) => {
      if (filled + chunk.length > size) throw corrupt(`${what}: too long`);
      out.set(chunk, filled);
      filled += chunk.length;
    },
  });
  if (error !== undefined || total !== size)
    throw corrupt(`${what}: a compressed stream that does not inflate`);
  if (adler32(out) !== u32be(data, data.length - ADLER_BYTES))
    throw corrupt(`${what}: a compressed stream failing its checksum`);
  return out;
}
