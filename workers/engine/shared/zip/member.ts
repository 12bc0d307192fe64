import type { ByteReader, ByteSource } from '../../byte-source';
import { EngineError, corrupt } from '../../errors';
import { MAX_METADATA_BYTES } from '../../limits';
import { crc32 } from '../crc32';
import { hostCodecs } from '../host-codecs';
import { inflateInPieces } from '../inflate';
import { METHOD_STORED } from './format';
import type { ZipEntry } from './read';

/** Compressed bytes fed to the inflater at a time: at most ~1032 times this comes out per push. */
const INFLATE_CHUNK = 256 * 1024;
/**
 * A member this large (compressed) is inflated by the host's asynchronous native inflate where it
 * lends one (the browser's DecompressionStream); a smaller one costs less in JavaScript than a
 * stream's set-up and its round trips.
 */
export const NATIVE_ASYNC_MIN_BYTES = 64 * 1024;

/** Why a member did not inflate to its declared size. */
type InflateFailure = 'broken' | 'past' | 'short';

const INFLATE_FAILURES: Readonly<Record<InflateFailure, string>> = {
  broken: 'does not inflate',
  past: 'inflates past its declared size',
  short: 'is shorter than declared',
};

/**
 * Thrown by `onData` to stop the JavaScript inflater at the declared size: made once, since the
 * check of every copied member's end expects a failure and must not pay for an error each time.
 */
const PAST_SIZE = Symbol('past the declared size');

/** A member's content inflated, and the input its stream took where the host's inflate says. */
interface Inflated {
  readonly bytes: Uint8Array;
  readonly consumed?: number;
}

/** The host's synchronous native inflate, if lent; with the input its stream took, if told. */
function nativeInflater():
  ((raw: Uint8Array, size: number) => Inflated | null) | undefined {
  const { inflateRaw, inflateRawEnd } = hostCodecs();
  if (inflateRawEnd) return inflateRawEnd;
  if (!inflateRaw) return undefined;
  return (raw, size) => {
    const bytes = inflateRaw(raw, size);
    return bytes && { bytes };
  };
}

/**
 * Inflates into a buffer of exactly the declared size, feeding the inflater small chunks so a
 * member that inflates to more than it declares (a zip bomb) is stopped within one chunk. Answers
 * why it failed instead of throwing, so a check that expects failures makes no error.
 */
function inflateExactly(
  raw: Uint8Array,
  size: number,
): Inflated | InflateFailure {
  const native = nativeInflater();
  if (native) {
    let out: Inflated | null;
    try {
      out = native(raw, size);
    } catch {
      return 'broken';
    }
    if (out === null) return 'past';
    return out.bytes.length === size ? out : 'short';
  }
  const out = new Uint8Array(size);
  let filled = 0;
  const { error } = inflateInPieces(raw, {
    raw: true,
    maxBytes: size,
    feedBytes: INFLATE_CHUNK,
    onData: (chunk) => {
      if (filled + chunk.length > size) throw PAST_SIZE;
      out.set(chunk, filled);
      filled += chunk.length;
    },
  });
  if (error === PAST_SIZE) return 'past';
  if (error !== undefined) return 'broken';
  return filled === size ? { bytes: out } : 'short';
}

/** `inflateExactly`, a failure thrown as `corrupt` naming the member. */
function inflateBounded(raw: Uint8Array, size: number, name: string): Inflated {
  const out = inflateExactly(raw, size);
  if (typeof out === 'string')
    throw corrupt(`zip member ${name} ${INFLATE_FAILURES[out]}`);
  return out;
}

/**
 * `inflateBounded`, natively and asynchronously where the host lends that and the member is large.
 * The native answer is taken only when it is exactly `size` bytes; any other (a throw, past the
 * size, short) goes to the synchronous inflate, which decides the error. A native inflater may
 * refuse what zlib and fflate take (Chromium rejects bytes after the stream's end, which they
 * ignore), so both hosts give the same bytes and the same typed errors by construction. A bomb
 * costs at most `size` bytes on either path: the native one stops reading past it.
 */
async function inflateMember(
  raw: Uint8Array,
  size: number,
  name: string,
  crc?: number,
): Promise<Inflated & { readonly crcChecked?: true }> {
  if (!nativeInflater() && raw.length >= NATIVE_ASYNC_MIN_BYTES) {
    const native = await nativeAsyncInflate(raw, size, crc);
    if (native) return native;
  }
  return inflateBounded(raw, size, name);
}

/**
 * The host's asynchronous native inflate of exactly `size` bytes, or null for any other answer.
 * Given the CRC-32 the content must have, a host that checks it natively is asked to
 * (`inflateRawAsyncChecked`), and `crcChecked` says it did.
 */
async function nativeAsyncInflate(
  raw: Uint8Array,
  size: number,
  crc: number | undefined,
): Promise<{ bytes: Uint8Array; crcChecked?: true } | null> {
  const { inflateRawAsync, inflateRawAsyncChecked } = hostCodecs();
  if (crc !== undefined && inflateRawAsyncChecked) {
    const out = await inflateRawAsyncChecked(raw, size, crc).catch(() => null);
    return out?.length === size ? { bytes: out, crcChecked: true } : null;
  }
  if (!inflateRawAsync) return null;
  const out = await inflateRawAsync(raw, size).catch(() => null);
  return out?.length === size ? { bytes: out } : null;
}

/** True when `raw` inflates without error to exactly `size` bytes. */
export function inflatesWhole(raw: Uint8Array, size: number): boolean {
  return typeof inflateExactly(raw, size) !== 'string';
}

/**
 * True when a deflate stream that inflates whole to `size` bytes needs its last byte: no bytes
 * after the stream's end, which no inflater reads and which could hold anything. A stream ends
 * within its last byte, so when the stream without that byte still inflates whole, that byte
 * (and maybe more) was not part of it.
 */
export const streamEndsAtLastByte = (raw: Uint8Array, size: number): boolean =>
  raw.length > 0 && !inflatesWhole(raw.subarray(0, raw.length - 1), size);

/**
 * A member's content, and for a deflated member whose inflate the host's zlib did, whether its
 * stream ends exactly at the member's compressed size (`streamEndsAtSize`; unset where the
 * inflate cannot tell): what a member copied compressed must hold to, answered without a second
 * inflate (see `copiedContentMember`).
 */
export interface MemberContent {
  readonly bytes: Uint8Array;
  readonly streamEndsAtSize?: boolean;
  /**
   * True when `bytes` are new, made by the inflate, so nothing else holds them and the caller
   * may write over them; a stored member's bytes may be a view of what the source holds.
   */
  readonly fresh: boolean;
}

/**
 * A member's bytes, decompressed (bounded by its declared size) and checked against its CRC-32.
 * `checked: false` skips the CRC for a member read a second time, whose first read was checked.
 */
export async function readMember(
  src: ByteReader,
  entry: ZipEntry,
  limit = MAX_METADATA_BYTES,
  checked = true,
): Promise<Uint8Array> {
  return (await readMemberContent(src, entry, limit, checked)).bytes;
}

/** `readMember`, with what its inflate says of where the stream ends. */
export async function readMemberContent(
  src: ByteReader,
  entry: ZipEntry,
  limit = MAX_METADATA_BYTES,
  checked = true,
): Promise<MemberContent> {
  if (entry.uncompressedSize > limit)
    throw new EngineError(
      'too-large',
      `zip member ${entry.name} of ${entry.uncompressedSize} bytes`,
    );
  const raw = await src.readExact(entry.dataStart, entry.compressedSize);
  return contentOf(raw, entry, checked);
}

/** `readMemberContent`, with the member's data as stored in the archive (`raw`). */
export interface MemberAndStream extends MemberContent {
  readonly raw: Uint8Array;
}

/**
 * `readMemberContent`, keeping the member's stream. Where the host's asynchronous native inflate
 * refuses bytes after a stream's end (`inflateRawAsyncRejectsTrailing`, or its checked form, which
 * also checks the CRC-32 natively), its whole answer also proves the stream ends at the member's
 * compressed size; where it says how much of the stream it took (`inflateRawEndAsync`, the CLI's
 * zlib on Node's thread pool), that answers it. Either answer is taken only when it is exactly the
 * declared size and passes the CRC-32; any other goes to `contentOf`, which decides the error. The
 * stream is read into `into` when given (at least the member's compressed size, reused from member
 * to member): `raw` is then a view of it.
 */
export async function readMemberAndStream(
  src: ByteSource,
  entry: ZipEntry,
  limit: number,
  into?: Uint8Array,
): Promise<MemberAndStream> {
  if (entry.uncompressedSize > limit)
    throw new EngineError(
      'too-large',
      `zip member ${entry.name} of ${entry.uncompressedSize} bytes`,
    );
  const deflated = entry.method !== METHOD_STORED;
  if (deflated && entry.compressedSize >= NATIVE_ASYNC_MIN_BYTES) {
    const elsewhere = await inflatedElsewhere(src, entry);
    if (elsewhere) return elsewhere;
  }
  const raw = into
    ? await readExactInto(
        src,
        entry.dataStart,
        into.subarray(0, entry.compressedSize),
      )
    : await src.readExact(entry.dataStart, entry.compressedSize);
  const {
    inflateRawAsyncRejectsTrailing,
    inflateRawAsyncChecked,
    inflateRawEndAsync,
    inflateRawEndAsyncChecked,
  } = hostCodecs();
  if (
    deflated &&
    inflateRawEndAsyncChecked &&
    raw.length >= NATIVE_ASYNC_MIN_BYTES
  ) {
    // Its answer is a stream that ends at the member's compressed size, checked: any other answer
    // is decided below as it would be without it.
    const out = await inflateRawEndAsyncChecked(
      raw,
      entry.uncompressedSize,
      entry.crc32,
    ).catch(() => null);
    if (
      out?.bytes.length === entry.uncompressedSize &&
      out.consumed === raw.length
    )
      return { raw, bytes: out.bytes, fresh: true, streamEndsAtSize: true };
  }
  if (deflated && inflateRawEndAsync && raw.length >= NATIVE_ASYNC_MIN_BYTES) {
    const out = await inflateRawEndAsync(raw, entry.uncompressedSize).catch(
      () => null,
    );
    if (
      out?.bytes.length === entry.uncompressedSize &&
      crc32(out.bytes) === entry.crc32
    )
      return {
        raw,
        bytes: out.bytes,
        fresh: true,
        streamEndsAtSize: out.consumed === raw.length,
      };
  }
  if (
    deflated &&
    !nativeInflater() &&
    (inflateRawAsyncRejectsTrailing || inflateRawAsyncChecked) &&
    raw.length >= NATIVE_ASYNC_MIN_BYTES
  ) {
    const out = await nativeAsyncInflate(
      raw,
      entry.uncompressedSize,
      entry.crc32,
    );
    if (out && (out.crcChecked || crc32(out.bytes) === entry.crc32))
      return { raw, bytes: out.bytes, fresh: true, streamEndsAtSize: true };
  }
  return { raw, ...(await contentOf(raw, entry, true)) };
}

/**
 * A deflated member read and inflated away from the engine's thread, where the source is a Blob and
 * the host lends `inflateBlobAsyncChecked` (the browser's helper worker reads the member's stream
 * from the file itself): taken, as `nativeAsyncInflate`'s answer is, only when it is exactly the
 * declared size, its CRC-32 checked and its stream's end proven natively; else null, and the
 * member is read and inflated here, which decides the error.
 */
async function inflatedElsewhere(
  src: ByteSource,
  entry: ZipEntry,
): Promise<MemberAndStream | null> {
  const { inflateBlobAsyncChecked } = hostCodecs();
  if (!inflateBlobAsyncChecked || nativeInflater()) return null;
  const stream = src.blobRange(entry.dataStart, entry.compressedSize);
  if (!stream) return null;
  const out = await inflateBlobAsyncChecked(
    stream,
    entry.uncompressedSize,
    entry.crc32,
  ).catch(() => null);
  if (
    out?.bytes?.length !== entry.uncompressedSize ||
    out.raw.length !== entry.compressedSize
  )
    return null;
  return {
    raw: out.raw,
    bytes: out.bytes,
    fresh: true,
    streamEndsAtSize: true,
  };
}

/**
 * Exactly `into.length` bytes at `offset`, read into `into` where the source can: off the engine's
 * thread where it can that too, since the caller reads ahead of the member's turn and the host's
 * inflate takes the bytes on another thread.
 */
async function readExactInto(
  src: ByteSource,
  offset: number,
  into: Uint8Array,
): Promise<Uint8Array> {
  // The same answer as `readExact` for a range past the end.
  if (offset + into.length > src.size)
    return src.readExact(offset, into.length);
  return src.readInto(offset, into, true);
}

/** A member's content from its data as stored in the archive (`raw`): see `readMember`. */
export async function memberContent(
  raw: Uint8Array,
  entry: ZipEntry,
  checked = true,
): Promise<Uint8Array> {
  return (await contentOf(raw, entry, checked)).bytes;
}

/** `memberContent`, with what its inflate says of where the stream ends (see `MemberContent`). */
export async function contentOf(
  raw: Uint8Array,
  entry: ZipEntry,
  checked: boolean,
): Promise<MemberContent> {
  const inflated: Inflated & { readonly crcChecked?: true } =
    entry.method === METHOD_STORED
      ? { bytes: raw }
      : await inflateMember(
          raw,
          entry.uncompressedSize,
          entry.name,
          checked ? entry.crc32 : undefined,
        );
  const { bytes, consumed } = inflated;
  if (
    bytes.length !== entry.uncompressedSize ||
    (checked && !inflated.crcChecked && crc32(bytes) !== entry.crc32)
  )
    throw corrupt(`zip member ${entry.name} fails its CRC-32 check`);
  const fresh = entry.method !== METHOD_STORED;
  return consumed === undefined
    ? { bytes, fresh }
    : { bytes, fresh, streamEndsAtSize: consumed === raw.length };
}
