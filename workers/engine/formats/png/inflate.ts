import { Unzlib } from 'fflate';
import { concatBytes } from '../../bytes';

/**
 * Deflate can expand about 1000:1, so the compressed text is fed in small pieces and inflating
 * stops once `maxBytes` are out: a tiny zTXt bomb cannot exhaust memory.
 */
const FEED_BYTES = 512;

/** Inflates a zlib stream up to `maxBytes`; null when the stream is broken. */
export function inflateBounded(
  data: Uint8Array,
  maxBytes: number,
): Uint8Array | null {
  const parts: Uint8Array[] = [];
  let total = 0;
  const stream = new Unzlib((chunk) => {
    parts.push(chunk);
    total += chunk.length;
  });
  try {
    for (let at = 0; at < data.length && total <= maxBytes; at += FEED_BYTES) {
      const end = Math.min(at + FEED_BYTES, data.length);
      stream.push(data.subarray(at, end), end === data.length);
    }
  } catch {
    return null;
  }
  return concatBytes(parts).subarray(0, maxBytes);
}
