/**
 * A zlib stream (RFC 1950) whose container states both its length and what it inflates to, as
 * [MS-ODRAW] 2.2.31 does for a compressed metafile: it is read only when it is exactly that. The
 * host's inflate (Node's zlib, in the CLI) stops one byte past the stated size and says how much
 * of the stream it took; elsewhere the deflate blocks are walked first, which bounds the work by
 * the stated size and finds where the last block ends, and then inflated into a buffer of that
 * size. Both give the same answers, and the Adler-32 is checked after either. A stream cut short,
 * one that would make more than it says (a bomb or a lie), one followed by other bytes or failing
 * its checksum is `corrupt`: what a reader would make of such bytes is not what was examined.
 */
import { inflateSync } from 'fflate';
import { u32be } from '../bytes';
import { corrupt } from '../errors';
import { adler32 } from './adler32';
import { streamEnd } from './deflate/stream-end';
import { hostCodecs } from './host-codecs';

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
  const out = hostCodecs().inflateRawEnd
    ? inflatedByHost(raw, size, what)
    : inflatedHere(raw, size, what);
  if (adler32(out) !== u32be(data, data.length - ADLER_BYTES))
    throw corrupt(`${what}: a compressed stream failing its checksum`);
  return out;
}

const broken = (what: string) =>
  corrupt(
    `${what}: a compressed stream that is broken, cut short or larger than stated`,
  );
const smaller = (what: string) =>
  corrupt(`${what}: a compressed stream smaller than stated`);
const notEnding = (what: string) =>
  corrupt(
    `${what}: a compressed stream that does not end where its length says`,
  );

/** The raw deflate stream `raw` inflated by the host, which must take all of it to make `size`. */
function inflatedByHost(
  raw: Uint8Array,
  size: number,
  what: string,
): Uint8Array {
  let inflated;
  try {
    inflated = hostCodecs().inflateRawEnd!(raw, size);
  } catch {
    throw broken(what);
  }
  if (!inflated) throw broken(what);
  if (inflated.bytes.length !== size) throw smaller(what);
  if (inflated.consumed !== raw.length) throw notEnding(what);
  return inflated.bytes;
}

/** The same, by the engine: the blocks walked within `size`, then inflated into `size` bytes. */
function inflatedHere(raw: Uint8Array, size: number, what: string): Uint8Array {
  const end = streamEnd(raw, size);
  if (end === 'broken') throw broken(what);
  if (end === 'short') throw smaller(what);
  if (end === 'trailing') throw notEnding(what);
  // The walk proved the stream makes exactly `size` bytes: one buffer of that size holds them.
  try {
    return inflateSync(raw, { out: new Uint8Array(size) });
  } catch {
    throw broken(what);
  }
}
