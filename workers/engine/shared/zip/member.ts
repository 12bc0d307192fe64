import type { ByteReader } from '../../byte-source';
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

/**
 * Inflates into a buffer of exactly the declared size, feeding the inflater small chunks so a
 * member that inflates to more than it declares (a zip bomb) is stopped within one chunk.
 */
function inflateBounded(
  raw: Uint8Array,
  size: number,
  name: string,
): Uint8Array {
  const native = hostCodecs().inflateRaw;
  if (native) {
    let out: Uint8Array | null;
    try {
      out = native(raw, size);
    } catch {
      throw corrupt(`zip member ${name} does not inflate`);
    }
    if (out === null)
      throw corrupt(`zip member ${name} inflates past its declared size`);
    if (out.length !== size)
      throw corrupt(`zip member ${name} is shorter than declared`);
    return out;
  }
  const out = new Uint8Array(size);
  let filled = 0;
  const { error } = inflateInPieces(raw, {
    raw: true,
    maxBytes: size,
    feedBytes: INFLATE_CHUNK,
    onData: (chunk) => {
      if (filled + chunk.length > size)
        throw corrupt(`zip member ${name} inflates past its declared size`);
      out.set(chunk, filled);
      filled += chunk.length;
    },
  });
  if (error instanceof EngineError) throw error;
  if (error !== undefined) throw corrupt(`zip member ${name} does not inflate`);
  if (filled !== size)
    throw corrupt(`zip member ${name} is shorter than declared`);
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
): Promise<Uint8Array> {
  const { inflateRaw, inflateRawAsync } = hostCodecs();
  if (!inflateRaw && inflateRawAsync && raw.length >= NATIVE_ASYNC_MIN_BYTES) {
    const out = await inflateRawAsync(raw, size).catch(() => null);
    if (out?.length === size) return out;
  }
  return inflateBounded(raw, size, name);
}

/** True when `raw` inflates without error to exactly `size` bytes. */
export function inflatesWhole(raw: Uint8Array, size: number): boolean {
  try {
    inflateBounded(raw, size, '');
    return true;
  } catch {
    return false;
  }
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
 * A member's bytes, decompressed (bounded by its declared size) and checked against its CRC-32.
 * `checked: false` skips the CRC for a member read a second time, whose first read was checked.
 */
export async function readMember(
  src: ByteReader,
  entry: ZipEntry,
  limit = MAX_METADATA_BYTES,
  checked = true,
): Promise<Uint8Array> {
  if (entry.uncompressedSize > limit)
    throw new EngineError(
      'too-large',
      `zip member ${entry.name} of ${entry.uncompressedSize} bytes`,
    );
  const raw = await src.readExact(entry.dataStart, entry.compressedSize);
  return memberContent(raw, entry, checked);
}

/** A member's content and the stream it was inflated from: see `readMemberAndStream`. */
export interface MemberAndStream {
  readonly raw: Uint8Array;
  readonly bytes: Uint8Array;
  /** The stream is proven to end exactly at its compressed size; undefined when not yet known. */
  readonly endsExactly?: boolean;
}

/**
 * `readMember`, with the member's data as stored in the archive (`raw`), and whether its deflate
 * stream ends exactly at its compressed size when the host's inflate tells that at no cost.
 */
export async function readMemberAndStream(
  src: ByteReader,
  entry: ZipEntry,
  limit: number,
): Promise<MemberAndStream> {
  if (entry.uncompressedSize > limit)
    throw new EngineError(
      'too-large',
      `zip member ${entry.name} of ${entry.uncompressedSize} bytes`,
    );
  const raw = await src.readExact(entry.dataStart, entry.compressedSize);
  const codecs = hostCodecs();
  const measured = codecs.inflateRawUsed;
  if (entry.method === METHOD_STORED)
    return { raw, bytes: checkedContent(raw, entry) };
  if (
    !measured &&
    !codecs.inflateRaw &&
    codecs.inflateRawAsync &&
    codecs.inflateRawAsyncRejectsTrailing &&
    raw.length >= NATIVE_ASYNC_MIN_BYTES
  ) {
    // The host refuses bytes after a stream's end: its whole answer proves where the stream ends.
    const out = await codecs
      .inflateRawAsync(raw, entry.uncompressedSize)
      .catch(() => null);
    if (out?.length === entry.uncompressedSize)
      return { raw, bytes: checkedContent(out, entry), endsExactly: true };
  }
  if (!measured) return { raw, bytes: await memberContent(raw, entry) };
  let out: { bytes: Uint8Array; used: number } | null;
  try {
    out = measured(raw, entry.uncompressedSize);
  } catch {
    throw corrupt(`zip member ${entry.name} does not inflate`);
  }
  if (out === null)
    throw corrupt(`zip member ${entry.name} inflates past its declared size`);
  if (out.bytes.length !== entry.uncompressedSize)
    throw corrupt(`zip member ${entry.name} is shorter than declared`);
  return {
    raw,
    bytes: checkedContent(out.bytes, entry),
    endsExactly: out.used === raw.length,
  };
}

/** A member's content from its data as stored in the archive (`raw`): see `readMember`. */
export async function memberContent(
  raw: Uint8Array,
  entry: ZipEntry,
  checked = true,
): Promise<Uint8Array> {
  const bytes =
    entry.method === METHOD_STORED
      ? raw
      : await inflateMember(raw, entry.uncompressedSize, entry.name);
  return checkedContent(bytes, entry, checked);
}

/** `bytes` when they are the member's whole content: its declared size and (when `checked`) CRC-32. */
function checkedContent(
  bytes: Uint8Array,
  entry: ZipEntry,
  checked = true,
): Uint8Array {
  if (
    bytes.length !== entry.uncompressedSize ||
    (checked && crc32(bytes) !== entry.crc32)
  )
    throw corrupt(`zip member ${entry.name} fails its CRC-32 check`);
  return bytes;
}
