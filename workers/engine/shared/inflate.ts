import { Inflate, Unzlib } from 'fflate';
import { concatBytes } from '../bytes';
import { EngineError } from '../errors';

/**
 * The engine's one bounded inflate. Deflate can expand about 1000:1, so the compressed bytes are
 * fed in pieces and feeding stops once more than `maxBytes` came out (or `onData` throws): a small
 * bomb cannot exhaust memory. `raw` is a bare deflate stream (RFC 1951, zip members), otherwise a
 * zlib stream (RFC 1950, PNG and PDF). Returns the error that stopped the stream, if any.
 */
export function inflateInPieces(
  data: Uint8Array,
  options: {
    readonly maxBytes: number;
    /** Compressed bytes per piece: at most ~1032 times this comes out of one. */
    readonly feedBytes: number;
    readonly raw?: boolean;
    readonly onData: (chunk: Uint8Array) => void;
  },
): { total: number; error?: unknown } {
  const { maxBytes, feedBytes, onData } = options;
  let total = 0;
  const take = (chunk: Uint8Array) => {
    total += chunk.length;
    onData(chunk);
  };
  const stream = options.raw ? new Inflate(take) : new Unzlib(take);
  try {
    for (let at = 0; at < data.length && total <= maxBytes; at += feedBytes) {
      const end = Math.min(at + feedBytes, data.length);
      stream.push(data.subarray(at, end), end === data.length);
    }
  } catch (error) {
    return { total, error };
  }
  return { total };
}

/** Compressed bytes fed at a time to `inflateLimited`. */
const FEED_BYTES = 16 * 1024;

/**
 * Inflates a zlib stream (RFC 1950) into at most `maxBytes`. Throws `too-large` past the budget
 * and `corrupt` when the stream is broken. A stream cut short after valid data yields what it
 * held, as readers of PDF and zip files do.
 */
export function inflateLimited(data: Uint8Array, maxBytes: number): Uint8Array {
  const parts: Uint8Array[] = [];
  const { total, error } = inflateInPieces(data, {
    maxBytes,
    feedBytes: FEED_BYTES,
    onData: (chunk) => parts.push(chunk),
  });
  if (error !== undefined && total === 0)
    throw new EngineError(
      'corrupt',
      `deflate stream: ${error instanceof Error ? error.message : String(error)}`,
    );
  if (total > maxBytes)
    throw new EngineError(
      'too-large',
      `a compressed stream inflates past ${maxBytes} bytes`,
    );
  return concatBytes(parts);
}

/** Compressed bytes fed at a time to `InflateBudget`: small texts, stopped early. */
const BUDGET_FEED_BYTES = 512;

/**
 * Bytes one file may inflate in all, across its compressed blocks: thousands of small bombs each
 * under the per-block cap would otherwise cost seconds per megabyte of file. Enough for every
 * text a real PNG carries; past it, PNG text chunks are still dropped, only reported without text.
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
    // Charge what the stream produced, at least a feed's worth, so empty blocks are not free.
    this.remaining -= Math.max(out?.length ?? limit, BUDGET_FEED_BYTES);
    return out;
  }
}

/** Inflates a zlib stream up to `maxBytes`, cut there; null when the stream is broken. */
export function inflateBounded(
  data: Uint8Array,
  maxBytes: number,
): Uint8Array | null {
  const parts: Uint8Array[] = [];
  const { error } = inflateInPieces(data, {
    maxBytes,
    feedBytes: BUDGET_FEED_BYTES,
    onData: (chunk) => parts.push(chunk),
  });
  if (error !== undefined) return null;
  return concatBytes(parts).subarray(0, maxBytes);
}
