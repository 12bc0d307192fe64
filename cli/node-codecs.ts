import { createRequire } from 'node:module';
import type { HostCodecs, InflatedRaw } from '../workers/engine/index';
import { firstBlockMakesBytes } from '../workers/engine/shared/deflate/block-walk';
import { wasmMarkerIndex } from './marker-scan-wasm';

type Zlib = typeof import('node:zlib');
let loaded: Zlib | undefined;

/**
 * node:zlib, loaded on the first CRC or inflate: a photo's or a movie's clean needs neither, and
 * loading it with the command cost every run some 5 ms.
 */
function zlib(): Zlib {
  loaded ??= createRequire(import.meta.url)('node:zlib') as Zlib;
  return loaded;
}

/**
 * Node's zlib as the engine's CRC-32 and inflate, and `Buffer.indexOf` as its byte search: the
 * same results as the engine's JavaScript, several times faster on the megabytes of photos inside
 * an Office document and on the gigabytes a residue scan reads. `zlib.crc32` came with Node 20.15;
 * on an older Node the engine keeps its own.
 */
/**
 * The longest needle Node searches for with its linear search (V8's StringSearch uses
 * Boyer-Moore from seven bytes on).
 */
const LINEAR_SEARCH_MAX = 6;

/** The last haystack's Buffer view, held weakly: a scan searches one chunk many times. */
let lastView: { of: WeakRef<Uint8Array>; view: Buffer } | undefined;

/** A Buffer over the same memory as `bytes`: no copy. */
function bufferOver(bytes: Uint8Array): Buffer {
  if (lastView?.of.deref() === bytes) return lastView.view;
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  lastView = { of: new WeakRef(bytes), view };
  return view;
}

/**
 * A raw deflate stream inflated into at most `size` bytes (null past it), with the input bytes the
 * stream took up: zlib stops reading at the end of the last block and reports what it read (the
 * engine's `bytesWritten`), so bytes after the stream are counted out.
 */
function inflateRawEnd(raw: Uint8Array, size: number): InflatedRaw | null {
  // The engine turns a throw here into its own typed error and never reads zlib's, and checks the
  // end of a copied member it could not ask zlib about by inflating it one byte short, which
  // throws: zlib's error is made without a stack (Node's streams format the stack of every error
  // they destroy with).
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return inflatedOf(
      zlib().inflateRawSync(raw, inflateOptions(size)) as unknown as ZlibInfo,
      size,
    );
  } catch (error) {
    if (tooLarge(error)) return null;
    throw error;
  } finally {
    Error.stackTraceLimit = stackTraceLimit;
  }
}

/**
 * `inflateRawEnd` on Node's thread pool: the same zlib, options and answers, while the main thread
 * goes on (cleaning the member before this one).
 */
function inflateRawEndAsync(
  raw: Uint8Array,
  size: number,
): Promise<InflatedRaw | null> {
  return new Promise((resolve, reject) => {
    zlib().inflateRaw(raw, inflateOptions(size), (error, result) => {
      if (!error) resolve(inflatedOf(result as unknown as ZlibInfo, size));
      else if (tooLarge(error)) resolve(null);
      else reject(error);
    });
  });
}

/**
 * zlib's raw inflate of `raw`, ending the way `finishFlush` says, or `null` past `maxBytes`
 * (refused by zlib itself as it goes); zlib's other errors are thrown.
 */
function inflateRawSyncUntil(
  raw: Uint8Array,
  maxBytes: number,
  finishFlush: number,
): Uint8Array | null {
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    const out = zlib().inflateRawSync(raw, {
      finishFlush,
      maxOutputLength: Math.max(1, maxBytes),
    });
    if (out.length > maxBytes) return null;
    return new Uint8Array(out.buffer, out.byteOffset, out.length);
  } catch (error) {
    if (tooLarge(error)) return null;
    throw error;
  } finally {
    Error.stackTraceLimit = stackTraceLimit;
  }
}

/**
 * `inflateRawPrefix`: zlib flushing what it made when the bytes run out, instead of failing on a
 * stream that does not end.
 */
const inflateRawPrefix = (raw: Uint8Array, maxBytes: number) =>
  inflateRawSyncUntil(raw, maxBytes, zlib().constants.Z_SYNC_FLUSH);

/**
 * `inflateRawFirstBlock`: all of `raw` inflated as far as it goes first, so that an answer means
 * zlib found nothing wrong in any of it; then again with Z_BLOCK, which stops at the first block's
 * end. Node calls zlib again only when its output buffer filled, so the bytes past that end come
 * only after a first block that filled one (16 KB): the caller's head lies in the block either way.
 */
function inflateRawFirstBlock(
  raw: Uint8Array,
  maxBytes: number,
): Uint8Array | null {
  try {
    if (inflateRawPrefix(raw, maxBytes) === null) return null;
    return inflateRawSyncUntil(raw, maxBytes, zlib().constants.Z_BLOCK);
  } catch {
    return null;
  }
}

/** A Buffer over the bytes of `bytes`, for Node's native compare: no copy. */
const viewOf = (bytes: Uint8Array): Buffer =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** RFC 1952 2.3: ID1 ID2, CM 8 (deflate), no flags, no time, XFL 0, OS 255 (unknown). */
const GZIP_HEADER = Uint8Array.of(0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff);
const GZIP_TRAILER_BYTES = 8;

/**
 * `inflateRawEndAsyncChecked`: the stream fed to Node's gunzip on the thread pool between a gzip
 * header and a trailer holding `crc32` and `size` (RFC 1952 2.3.1), so zlib checks the CRC-32 as
 * it inflates, and the header, the stream and the trailer go in as three writes, never copied
 * into one buffer. Gunzip reads members one after another: a stream that ended early would have
 * the bytes after it read as its trailer and then as another member, so an answer is taken only
 * when every byte was taken up and the stream's first block makes bytes (the content then leaves
 * no room for a second member whose trailer is this one; see `firstBlockMakesBytes`).
 */
function inflateRawEndAsyncChecked(
  raw: Uint8Array,
  size: number,
  crc32: number,
): Promise<InflatedRaw | null> {
  if (!firstBlockMakesBytes(raw)) return Promise.resolve(null);
  return new Promise((resolve) => {
    const gunzip = zlib().createGunzip({
      chunkSize: Math.max(zlib().constants.Z_MIN_CHUNK, size + 1),
    });
    const chunks: Buffer[] = [];
    let made = 0;
    gunzip.on('data', (chunk: Buffer) => {
      made += chunk.length;
      if (made > size) gunzip.destroy();
      else chunks.push(chunk);
    });
    gunzip.on('error', () => resolve(null));
    gunzip.on('close', () => {
      const taken = gunzip.bytesWritten;
      const whole =
        made === size &&
        taken === GZIP_HEADER.length + raw.length + GZIP_TRAILER_BYTES;
      resolve(
        whole ? { bytes: joined(chunks, size), consumed: raw.length } : null,
      );
    });
    const trailer = new Uint8Array(GZIP_TRAILER_BYTES);
    const view = new DataView(trailer.buffer);
    view.setUint32(0, crc32 >>> 0, true);
    view.setUint32(4, size >>> 0, true);
    gunzip.write(GZIP_HEADER);
    gunzip.write(raw);
    gunzip.end(trailer);
  });
}

/**
 * The chunks as one array: a view when they lie one after another in one buffer, as zlib makes
 * them in an output buffer of the whole size; else copied together.
 */
function joined(chunks: readonly Buffer[], size: number): Uint8Array {
  const first = chunks[0];
  if (!first) return new Uint8Array(0);
  let end = first.byteOffset;
  for (const c of chunks) {
    if (c.buffer !== first.buffer || c.byteOffset !== end) {
      const out = Buffer.concat(chunks, size);
      return new Uint8Array(out.buffer, out.byteOffset, out.length);
    }
    end += c.length;
  }
  return new Uint8Array(first.buffer, first.byteOffset, size);
}

/** What zlib answers with `info: true`: the output, and the engine that counted its input. */
interface ZlibInfo {
  readonly buffer: Buffer;
  readonly engine: { readonly bytesWritten: number };
}

/**
 * One byte over the declared size tells a member that holds more than it says. One output chunk
 * of the whole size spares zlib joining many chunks into a new buffer.
 */
const inflateOptions = (size: number) => ({
  maxOutputLength: size + 1,
  chunkSize: Math.max(zlib().constants.Z_MIN_CHUNK, size + 1),
  info: true as const,
});

const tooLarge = (error: unknown): boolean =>
  (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE';

function inflatedOf(
  { buffer: out, engine }: ZlibInfo,
  size: number,
): InflatedRaw | null {
  if (out.length > size) return null;
  return {
    bytes: new Uint8Array(out.buffer, out.byteOffset, out.length),
    consumed: engine.bytesWritten,
  };
}

/** Node's CRC-32, or undefined before Node 20.15 (the engine then keeps its own). */
function nativeCrc32(): HostCodecs['crc32'] {
  const crc32 = (
    zlib() as { crc32?: (data: Uint8Array, value?: number) => number }
  ).crc32;
  return typeof crc32 === 'function'
    ? (bytes, previous) => crc32(bytes, previous)
    : undefined;
}

export function nodeCodecs(): HostCodecs {
  let crc32: HostCodecs['crc32'] | null = null;
  let markerIndex: HostCodecs['entropyMarkerIndex'] | null = null;
  return {
    // Asked for at each CRC the engine computes; zlib loads at the first.
    get crc32() {
      if (crc32 === null) crc32 = nativeCrc32();
      return crc32;
    },
    indexOf(haystack, needle, from) {
      const hay = bufferOver(haystack);
      // One byte is searched as a number: Node's memchr, several times faster than the typed
      // array's own indexOf on the 0xFF bytes of a JPEG's entropy-coded data.
      if (needle.length === 1) return hay.indexOf(needle[0]!, from);
      if (needle.length <= LINEAR_SEARCH_MAX) return hay.indexOf(needle, from);
      // A long needle is found by its head, then compared whole: Node's search for long needles
      // (Boyer-Moore) runs several times slower than its search for short ones on compressed or
      // random data, which is what a residue scan reads.
      const head = needle.subarray(0, LINEAR_SEARCH_MAX);
      const last = haystack.length - needle.length;
      for (let i = hay.indexOf(head, from); i >= 0 && i <= last;) {
        let j = LINEAR_SEARCH_MAX;
        while (j < needle.length && haystack[i + j] === needle[j]) j++;
        if (j === needle.length) return i;
        i = hay.indexOf(head, i + 1);
      }
      return -1;
    },
    byteSearch(haystack) {
      const hay = bufferOver(haystack);
      return (byte, from) => hay.indexOf(byte, from);
    },
    // Asked for at each chunk of a JPEG's entropy scan; the module is compiled at the first.
    get entropyMarkerIndex() {
      if (markerIndex === null) markerIndex = wasmMarkerIndex();
      return markerIndex;
    },
    inflateRaw: (raw, size) => inflateRawEnd(raw, size)?.bytes ?? null,
    inflateRawPrefix,
    inflateRawFirstBlock,
    bytesEqual: (a, b) => viewOf(a).equals(b),
    inflateRawEnd,
    inflateRawEndAsync,
    inflateRawEndAsyncChecked,
  };
}
