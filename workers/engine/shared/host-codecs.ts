import type { BlobRange } from '../random-access';

/**
 * Native codecs a host may lend the engine. The engine's own CRC-32, inflate and byte search are
 * plain JavaScript so they run in any browser; the CLI lends Node's zlib and `Buffer.indexOf`, which
 * do the same work several times faster. Every lent function must give exactly what the engine's own would, including
 * its limits: `inflateRaw` returns at most `size` bytes and throws when the stream holds more.
 */
export interface HostCodecs {
  /** CRC-32 continued from `previous`, as `crc32` in crc32.ts computes it. */
  readonly crc32?: (bytes: Uint8Array, previous: number) => number;
  /**
   * A raw deflate stream (RFC 1951) inflated into exactly its declared `size`, or null when it
   * would inflate past `size` (a zip bomb, a lying header). Throws when the stream is broken.
   */
  readonly inflateRaw?: (raw: Uint8Array, size: number) => Uint8Array | null;
  /**
   * As `inflateRaw`, also saying how many bytes of `raw` the stream took up to its last block's
   * end (`consumed`): fewer than `raw.length` when bytes follow the stream. A member copied as it
   * is must end exactly at its compressed size; this answers that with the inflate that read it.
   */
  readonly inflateRawEnd?: (
    raw: Uint8Array,
    size: number,
  ) => InflatedRaw | null;
  /**
   * The bytes a raw deflate stream makes from its start, for a stream that may be cut short (the
   * start of a new stream joined to part of an old one): as many as its bytes make, or null when
   * that is more than `maxBytes`. Throws when the bytes are not valid deflate. A deflate splice
   * takes a whole answer that makes what it must as proof of its junction; any other answer leaves
   * the check to the engine's own inflate (`deflate/splice.ts`).
   */
  readonly inflateRawPrefix?: (
    raw: Uint8Array,
    maxBytes: number,
  ) => Uint8Array | null;
  /**
   * The bytes the first block of a raw deflate stream makes from `raw`, the stream's start cut
   * anywhere: inflating stops at that block's end (zlib's Z_BLOCK flush) or where `raw` ends. Null
   * when `raw` is not valid deflate as far as it goes (all of it is inflated to know, not only the
   * first block), or when either inflate would make more than `maxBytes`. For a member's start
   * (`headOf` in zip/nested.ts), which takes it only where the engine's own inflate makes the same.
   */
  readonly inflateRawFirstBlock?: (
    raw: Uint8Array,
    maxBytes: number,
  ) => Uint8Array | null;
  /** True when `a` and `b` hold the same bytes: a native compare of the bytes a splice checks. */
  readonly bytesEqual?: (a: Uint8Array, b: Uint8Array) => boolean;
  /**
   * As `inflateRawEnd`, for callers that can wait: the CLI lends Node's zlib on its thread pool
   * here, so a member is inflated on another core while the engine cleans the one before it.
   */
  readonly inflateRawEndAsync?: (
    raw: Uint8Array,
    size: number,
  ) => Promise<InflatedRaw | null>;
  /**
   * As `inflateRawEndAsync`, also checking the content's CRC-32 in native code as it inflates, so
   * the engine's thread need not read the content again for it. Answers only for one stream that
   * ends at `raw`'s last byte (`consumed` is `raw.length`) and makes exactly `size` bytes whose
   * CRC-32 is `crc32`; null for anything else, which the engine then reads as it would without it.
   */
  readonly inflateRawEndAsyncChecked?: (
    raw: Uint8Array,
    size: number,
    crc32: number,
  ) => Promise<InflatedRaw | null>;
  /**
   * As `inflateRaw`, for callers that can wait: the browser lends its native
   * `DecompressionStream('deflate-raw')` here (`workers/browser-codecs.ts`), which has no
   * synchronous form. Same results: exactly `size` bytes, null past `size`, a throw when broken.
   */
  readonly inflateRawAsync?: (
    raw: Uint8Array,
    size: number,
  ) => Promise<Uint8Array | null>;
  /**
   * True when `inflateRawAsync` rejects a stream followed by bytes after its end (the Compression
   * Streams standard's rule, which Chromium follows and Node's does not): an answer of exactly
   * `size` bytes then also proves the stream ends at its last byte. Set only from a probe of the
   * host itself (`withTrailingProbe` in workers/browser-codecs.ts).
   */
  readonly inflateRawAsyncRejectsTrailing?: boolean;
  /**
   * As `inflateRawAsync`, also rejecting when the content's CRC-32 is not `crc32`: the host checks
   * it in native code as it inflates, so the engine need not read the content again for it. Like
   * `inflateRawAsyncRejectsTrailing`, it also rejects a stream followed by bytes after its end.
   * Lent only where a probe of the host found both (`withProbes` in workers/browser-codecs.ts).
   */
  readonly inflateRawAsyncChecked?: (
    raw: Uint8Array,
    size: number,
    crc32: number,
  ) => Promise<Uint8Array | null>;
  /**
   * As `inflateRawAsyncChecked`, for a stream the engine has not read: `stream` is the member's
   * deflate stream as a range of the file the person chose. The browser's helper worker slices
   * and reads it from the file itself and inflates it there, so the engine's thread neither
   * slices, reads nor copies it; the answer holds the stream as read (`raw`, which a splice walks) and what
   * `inflateRawAsyncChecked` would answer for it. Lent only beside that codec, whose probes hold
   * for it; any answer but exactly `size` bytes leaves the member to the engine's own read.
   */
  readonly inflateBlobAsyncChecked?: (
    stream: BlobRange,
    size: number,
    crc32: number,
  ) => Promise<InflatedBlob>;
  /**
   * The first offset of a non-empty `needle` in `haystack` at or after `from` (0 <= from, and
   * from + needle.length <= haystack.length), or -1: as `indexOfBytesPortable` in bytes.ts answers.
   */
  readonly indexOf?: (
    haystack: Uint8Array,
    needle: Uint8Array,
    from: number,
  ) => number;
  /**
   * A search of one haystack for single bytes, set up once for many calls: the returned function
   * answers `(byte, from)` (0 <= byte <= 255, 0 <= from) as `byteSearchPortable` in bytes.ts
   * does (the typed array's own `indexOf`).
   */
  readonly byteSearch?: (haystack: Uint8Array) => ByteSearch;
  /**
   * The index of the first 0xFF in `chunk` followed, inside the chunk, by a byte other than 0x00,
   * 0xFF or a restart marker (0xD0-0xD7), or -1: as `markerIndexPortable` in
   * formats/jpeg/entropy-scan.ts answers. The CLI lends a vector search (cli/marker-scan-wasm.ts).
   */
  readonly entropyMarkerIndex?: (chunk: Uint8Array) => number;
}

/** The first offset of `byte` in one haystack at or after `from`, or -1. */
export type ByteSearch = (byte: number, from: number) => number;

/** A raw deflate stream's content, and how many bytes of its input the stream took up. */
export interface InflatedRaw {
  readonly bytes: Uint8Array;
  readonly consumed: number;
}

/** A deflate stream read from a Blob, and its content as `inflateRawAsync` answers it. */
export interface InflatedBlob {
  readonly raw: Uint8Array;
  readonly bytes: Uint8Array | null;
}

let lent: HostCodecs = {};

/** Called once by the host at start-up: the CLI lends Node's, the worker the browser's. */
export function lendHostCodecs(codecs: HostCodecs): void {
  lent = codecs;
}

export function hostCodecs(): HostCodecs {
  return lent;
}
