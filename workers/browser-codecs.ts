import type { HostCodecs } from './engine/index';

/**
 * The browser's native codecs for the engine: `DecompressionStream('deflate-raw')` (Compression
 * Streams, in every current browser) inflates a zip member in native code instead of the engine's
 * JavaScript. Lent only where the browser has it; the engine keeps its own otherwise.
 */
export function browserCodecs(): HostCodecs {
  return canInflateRaw() ? { inflateRawAsync } : {};
}

/** An empty final stored block (RFC 1951 3.2.4: header, LEN 0, NLEN 0xFFFF), a whole stream. */
const EMPTY_STREAM = [0x01, 0x00, 0x00, 0xff, 0xff];
/** A byte after the stream's end. */
const TRAILING_BYTE = 0x00;

/**
 * The codecs with `inflateRawAsyncRejectsTrailing` set when the host's DecompressionStream
 * inflates a whole empty stream but rejects the same stream followed by one byte, as the
 * Compression Streams standard says and Chromium does. Until this answers, and where it answers
 * no, the engine proves a stream's end with its own inflate: the same answer, at more cost.
 */
export async function withTrailingProbe(
  codecs: HostCodecs,
): Promise<HostCodecs> {
  const inflate = codecs.inflateRawAsync;
  if (!inflate) return codecs;
  const whole = await inflate(Uint8Array.from(EMPTY_STREAM), 0).then(
    (out) => out?.length === 0,
    () => false,
  );
  const trailing = await inflate(
    Uint8Array.from([...EMPTY_STREAM, TRAILING_BYTE]),
    0,
  ).then(
    () => false,
    () => true,
  );
  return { ...codecs, inflateRawAsyncRejectsTrailing: whole && trailing };
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
 * Compressed bytes written to the stream at a time: at most ~1032 times this comes out of one
 * piece before the output is read and checked against the size, so a bomb is stopped early.
 */
const FEED_BYTES = 64 * 1024;

/** Writes `raw` into the stream piece by piece, as the reader takes the output. */
async function feed(
  writable: WritableStream<BufferSource>,
  raw: Uint8Array,
): Promise<void> {
  const writer = writable.getWriter();
  for (let at = 0; at < raw.length; at += FEED_BYTES)
    await writer.write(
      raw.subarray(at, at + FEED_BYTES) as Uint8Array<ArrayBuffer>,
    );
  await writer.close();
}

/**
 * A raw deflate stream (RFC 1951) inflated into exactly `size` bytes, or null as soon as more
 * comes out (the rest is never inflated: a bomb stops within one piece's output). A broken
 * stream rejects, as the engine's own inflate throws. The bytes are written to the stream
 * directly: a Blob of them would be copied to the browser's blob store and streamed back.
 */
export async function inflateRawAsync(
  raw: Uint8Array,
  size: number,
): Promise<Uint8Array | null> {
  const stream = new DecompressionStream('deflate-raw');
  const fed = feed(stream.writable, raw);
  // A stream cancelled or broken fails the feeding too; its answer is the reader's.
  fed.catch(() => undefined);
  const reader = stream.readable.getReader();
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
  await fed;
  return filled === size ? out : out.subarray(0, filled);
}
