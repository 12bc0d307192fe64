import type { HostCodecs } from './engine/index';

/**
 * The browser's native codecs for the engine: `DecompressionStream('deflate-raw')` (Compression
 * Streams, in every current browser) inflates a zip member in native code instead of the engine's
 * JavaScript. Lent only where the browser has it; the engine keeps its own otherwise.
 */
export function browserCodecs(): HostCodecs {
  return canInflateRaw() ? { inflateRawAsync } : {};
}

/** True where the browser has Compression Streams with the `deflate-raw` format. */
function canInflateRaw(): boolean {
  if (typeof DecompressionStream !== 'function') return false;
  try {
    // Older browsers have the class but throw for a format they do not know.
    void new DecompressionStream('deflate-raw');
    return true;
  } catch {
    return false;
  }
}

/**
 * A raw deflate stream (RFC 1951) inflated into exactly `size` bytes, or null as soon as more
 * comes out (the rest is never inflated: a bomb stops within one output chunk). A broken stream
 * rejects, as the engine's own inflate throws.
 */
export async function inflateRawAsync(
  raw: Uint8Array,
  size: number,
): Promise<Uint8Array | null> {
  const reader = new Blob([raw as Uint8Array<ArrayBuffer>])
    .stream()
    .pipeThrough(new DecompressionStream('deflate-raw'))
    .getReader();
  const out = new Uint8Array(size);
  let filled = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (filled + value.length > size) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    out.set(value, filled);
    filled += value.length;
  }
  return filled === size ? out : out.subarray(0, filled);
}
