import type { BlobRange, HostCodecs, InflatedBlob } from './engine/index';

/**
 * The browser's native codecs for the engine: `DecompressionStream('deflate-raw')` (Compression
 * Streams, in every current browser) inflates a zip member in native code instead of the engine's
 * JavaScript. Lent only where the browser has it; the engine keeps its own otherwise.
 */
export function browserCodecs(): HostCodecs {
  return canInflate('deflate-raw') ? { inflateRawAsync } : {};
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

/** True where the browser has Compression Streams with `format`. */
function canInflate(format: CompressionFormat): boolean {
  if (typeof DecompressionStream !== 'function') return false;
  try {
    // Older browsers have the class but throw for a format they do not know.
    void new DecompressionStream(format);
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

/**
 * Writes `pieces` into the stream in pieces of at most FEED_BYTES, all queued at once: the
 * stream still inflates one piece at a time, when the reader has taken the output of the one
 * before (its readable side holds no more), so a bomb stops within one piece's output, and the
 * feeding costs no round trip through the event loop per piece.
 */
function feed(
  writable: WritableStream<BufferSource>,
  pieces: readonly Uint8Array[],
): Promise<unknown> {
  const writer = writable.getWriter();
  const writes: Promise<void>[] = [];
  for (const bytes of pieces)
    for (let at = 0; at < bytes.length; at += FEED_BYTES)
      writes.push(
        writer.write(
          bytes.subarray(at, at + FEED_BYTES) as Uint8Array<ArrayBuffer>,
        ),
      );
  writes.push(writer.close());
  return Promise.all(writes);
}

/**
 * What `format`'s stream of `pieces` inflates to, exactly `size` bytes, or null as soon as more
 * comes out (the rest is never inflated: a bomb stops within one piece's output). A broken
 * stream rejects, as the engine's own inflate throws. The bytes are written to the stream
 * directly: a Blob of them would be copied to the browser's blob store and streamed back.
 */
async function inflateStream(
  format: CompressionFormat,
  pieces: readonly Uint8Array[],
  size: number,
): Promise<Uint8Array | null> {
  const stream = new DecompressionStream(format);
  const fed = feed(stream.writable, pieces);
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

/** A raw deflate stream (RFC 1951) inflated into exactly `size` bytes (see `inflateStream`). */
export function inflateRawAsync(
  raw: Uint8Array,
  size: number,
): Promise<Uint8Array | null> {
  return inflateStream('deflate-raw', [raw], size);
}

/**
 * RFC 1952 2.3: a gzip member's header with no optional fields (ID1 ID2, CM 8 = deflate, FLG 0,
 * MTIME 0, XFL 0, OS 255 = unknown).
 */
const GZIP_HEADER = Uint8Array.of(0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff);
const GZIP_TRAILER_BYTES = 8;

/** RFC 1952 2.3.1: CRC32, then ISIZE (the content's length modulo 2^32), both little-endian. */
function gzipTrailer(crc32: number, size: number): Uint8Array {
  const trailer = new Uint8Array(GZIP_TRAILER_BYTES);
  const view = new DataView(trailer.buffer);
  view.setUint32(0, crc32 >>> 0, true);
  view.setUint32(4, size % 2 ** 32, true);
  return trailer;
}

/**
 * `inflateRawAsync`, the stream wrapped as a gzip member whose trailer says `crc32` and `size`:
 * the browser's gzip inflate checks the content against them in native code and rejects a
 * mismatch. Bytes after the raw stream's end are read as the trailer, or left after it.
 */
export function inflateRawAsyncChecked(
  raw: Uint8Array,
  size: number,
  crc32: number,
): Promise<Uint8Array | null> {
  return inflateStream(
    'gzip',
    [GZIP_HEADER, raw, gzipTrailer(crc32, size)],
    size,
  );
}

/**
 * `inflateRawAsyncChecked` of a stream still in the file (`stream`, a range of it): read whole in
 * one request, then inflated, its bytes kept for the engine's splice.
 */
export async function inflateBlobAsyncChecked(
  stream: BlobRange,
  size: number,
  crc32: number,
): Promise<InflatedBlob> {
  const { blob, start, end } = stream;
  const raw = new Uint8Array(await blob.slice(start, end).arrayBuffer());
  return { raw, bytes: await inflateRawAsyncChecked(raw, size, crc32) };
}

/**
 * The codecs with `inflateRawAsyncChecked` (and its form for a stream still in the file,
 * `inflateBlobAsyncChecked`) where the host's gzip inflate takes a whole member,
 * rejects one whose trailer's CRC-32 is wrong, and rejects a byte after the member's end (so its
 * whole answer proves a raw stream ends at its last byte, as `inflateRawAsyncRejectsTrailing`
 * says of the raw inflate); and with what `withTrailingProbe` finds.
 */
export async function withProbes(codecs: HostCodecs): Promise<HostCodecs> {
  const probed = await withTrailingProbe(codecs);
  if (!codecs.inflateRawAsync || !canInflate('gzip')) return probed;
  const empty = Uint8Array.from(EMPTY_STREAM);
  const member = (crc32: number, after: number[] = []) =>
    inflateStream(
      'gzip',
      [GZIP_HEADER, empty, gzipTrailer(crc32, 0), Uint8Array.from(after)],
      0,
    ).then(
      (out) => out?.length === 0,
      () => false,
    );
  // The CRC-32 of no bytes is 0.
  const checks =
    (await member(0)) &&
    !(await member(1)) &&
    !(await member(0, [TRAILING_BYTE]));
  return checks
    ? { ...probed, inflateRawAsyncChecked, inflateBlobAsyncChecked }
    : probed;
}
