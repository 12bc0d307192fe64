import { Unzlib } from 'fflate';
import { concatBytes } from '../bytes';
import { EngineError } from '../errors';

/**
 * Deflate can expand about 1000:1, so the compressed bytes are fed in small pieces and inflating
 * stops as soon as more than `maxBytes` came out: a small bomb cannot exhaust memory.
 */
const FEED_BYTES = 16 * 1024;

/**
 * Inflates a zlib stream (RFC 1950) into at most `maxBytes`. Throws `too-large` past the budget
 * and `corrupt` when the stream is broken. A stream cut short after valid data yields what it
 * held, as readers of PDF and zip files do.
 */
export function inflateLimited(data: Uint8Array, maxBytes: number): Uint8Array {
  const parts: Uint8Array[] = [];
  let total = 0;
  const stream = new Unzlib((chunk) => {
    parts.push(chunk);
    total += chunk.length;
  });
  try {
    for (let at = 0; at < data.length; at += FEED_BYTES) {
      const end = Math.min(at + FEED_BYTES, data.length);
      stream.push(data.subarray(at, end), end === data.length);
      if (total > maxBytes) break;
    }
  } catch (error) {
    if (total === 0)
      throw new EngineError(
        'corrupt',
        `deflate stream: ${error instanceof Error ? error.message : String(error)}`,
      );
  }
  if (total > maxBytes)
    throw new EngineError(
      'too-large',
      `a compressed stream inflates past ${maxBytes} bytes`,
    );
  return concatBytes(parts);
}
