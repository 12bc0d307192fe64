import { Unzlib } from 'fflate';
import { concatBytes } from '../../bytes';

/**
 * Deflate can expand about 1000:1, so the compressed text is fed in small pieces and inflating
 * stops once `maxBytes` are out: a tiny zTXt bomb cannot exhaust memory.
 */
const FEED_BYTES = 512;

/**
 * Bytes one file may inflate in all, across its chunks: thousands of small zTXt bombs each under
 * the per-chunk cap would otherwise cost seconds per megabyte of file. Enough for every text a
 * real PNG carries; past it, chunks are still dropped, only reported without their text.
 */
export const MAX_INFLATED_BYTES_PER_FILE = 16 * 1024 * 1024;

/** What is left of one file's inflate budget; every inflate spends from it. */
export class InflateBudget {
  private remaining = MAX_INFLATED_BYTES_PER_FILE;

  get exhausted(): boolean {
    return this.remaining <= 0;
  }

  /** Inflates up to `maxBytes` and no more than is left; null when broken or out of budget. */
  inflate(data: Uint8Array, maxBytes: number): Uint8Array | null {
    if (this.exhausted) return null;
    const limit = Math.min(maxBytes, this.remaining);
    const out = inflateBounded(data, limit);
    // Charge what the stream produced, at least a feed's worth, so empty chunks are not free.
    this.remaining -= Math.max(out?.length ?? limit, FEED_BYTES);
    return out;
  }
}

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
