/** Small, bounds-checked readers and writers shared by the format parsers. */
import { corrupt } from './errors';
import { hostCodecs, type ByteSearch } from './shared/host-codecs';

function need(bytes: Uint8Array, at: number, n: number): void {
  if (at < 0 || at + n > bytes.length)
    throw corrupt(`field at ${at} runs past its buffer`);
}

export function u8(b: Uint8Array, at: number): number {
  need(b, at, 1);
  return b[at]!;
}
export function u16be(b: Uint8Array, at: number): number {
  need(b, at, 2);
  return (b[at]! << 8) | b[at + 1]!;
}
export function u16le(b: Uint8Array, at: number): number {
  need(b, at, 2);
  return b[at]! | (b[at + 1]! << 8);
}
export function u24be(b: Uint8Array, at: number): number {
  need(b, at, 3);
  return (b[at]! << 16) | (b[at + 1]! << 8) | b[at + 2]!;
}
export function u32be(b: Uint8Array, at: number): number {
  need(b, at, 4);
  return (
    ((b[at]! << 24) >>> 0) +
    ((b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!)
  );
}
export function u32le(b: Uint8Array, at: number): number {
  need(b, at, 4);
  return (
    ((b[at + 3]! << 24) >>> 0) +
    ((b[at + 2]! << 16) | (b[at + 1]! << 8) | b[at]!)
  );
}
/** 64-bit big-endian as a Number; fails as corrupt above 2^53 (no real file is that large). */
export function u64be(b: Uint8Array, at: number): number {
  const hi = u32be(b, at);
  const lo = u32be(b, at + 4);
  const value = hi * 2 ** 32 + lo;
  if (!Number.isSafeInteger(value))
    throw corrupt(`64-bit size at ${at} is beyond any real file`);
  return value;
}
export function u64le(b: Uint8Array, at: number): number {
  const lo = u32le(b, at);
  const hi = u32le(b, at + 4);
  const value = hi * 2 ** 32 + lo;
  if (!Number.isSafeInteger(value))
    throw corrupt(`64-bit size at ${at} is beyond any real file`);
  return value;
}

export function writeU16be(b: Uint8Array, at: number, v: number): void {
  need(b, at, 2);
  b[at] = (v >>> 8) & 0xff;
  b[at + 1] = v & 0xff;
}
export function writeU32be(b: Uint8Array, at: number, v: number): void {
  need(b, at, 4);
  b[at] = (v >>> 24) & 0xff;
  b[at + 1] = (v >>> 16) & 0xff;
  b[at + 2] = (v >>> 8) & 0xff;
  b[at + 3] = v & 0xff;
}
export function writeU32le(b: Uint8Array, at: number, v: number): void {
  need(b, at, 4);
  b[at] = v & 0xff;
  b[at + 1] = (v >>> 8) & 0xff;
  b[at + 2] = (v >>> 16) & 0xff;
  b[at + 3] = (v >>> 24) & 0xff;
}

/** Four ASCII characters (a box type, a chunk id). */
export function fourcc(b: Uint8Array, at: number): string {
  need(b, at, 4);
  return String.fromCharCode(b[at]!, b[at + 1]!, b[at + 2]!, b[at + 3]!);
}

export function startsWith(
  b: Uint8Array,
  prefix: ArrayLike<number>,
  at = 0,
): boolean {
  if (at + prefix.length > b.length) return false;
  for (let i = 0; i < prefix.length; i++)
    if (b[at + i] !== prefix[i]) return false;
  return true;
}

/** `startsWith` for an ASCII prefix given as text: no bytes are made for it. */
export function startsWithAscii(b: Uint8Array, text: string, at = 0): boolean {
  if (at + text.length > b.length) return false;
  for (let i = 0; i < text.length; i++)
    if (b[at + i] !== (text.charCodeAt(i) & 0xff)) return false;
  return true;
}

export function ascii(text: string): Uint8Array {
  return Uint8Array.from(text, (c) => c.charCodeAt(0) & 0xff);
}

const utf8Decoder = new TextDecoder('utf-8', { fatal: false });
const latin1Decoder = new TextDecoder('latin1');

/** Text for the report: UTF-8 when valid, NULs and trailing padding dropped. */
export function decodeText(b: Uint8Array): string {
  return utf8Decoder.decode(b).replace(/\0+$/, '').replace(/\0/g, ' ').trim();
}
const strictUtf8Decoder = new TextDecoder('utf-8', { fatal: true });

/** Whether the bytes are valid UTF-8 (plain ASCII is). */
export function isUtf8(b: Uint8Array): boolean {
  try {
    strictUtf8Decoder.decode(b);
    return true;
  } catch {
    return false;
  }
}

/**
 * Text in the Windows-1252 code page (the Encoding Standard's `latin1` label), tidied as
 * `decodeText` tidies UTF-8: what Windows programs wrote before UTF-8 ("Café" as 43 61 66 E9).
 */
export function decodeWindows1252(b: Uint8Array): string {
  return latin1Decoder.decode(b).replace(/\0+$/, '').replace(/\0/g, ' ').trim();
}

export function decodeLatin1(b: Uint8Array): string {
  return latin1Decoder.decode(b).replace(/\0+$/, '').trim();
}

export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * Finds `needle` in `haystack` from `from`; -1 when absent. The engine's one byte search: the
 * host's native search when it lends one (the CLI lends Node's `Buffer.indexOf`), else
 * `indexOfBytesPortable`. Both answer the same; an empty needle is answered here.
 */
export function indexOfBytes(
  haystack: Uint8Array,
  needle: Uint8Array,
  from = 0,
): number {
  const start = Math.max(0, from);
  if (needle.length === 0) return start <= haystack.length ? start : -1;
  if (start + needle.length > haystack.length) return -1;
  const native =
    haystack.length - start >= NATIVE_SEARCH_MIN_BYTES
      ? hostCodecs().indexOf
      : undefined;
  return native
    ? native(haystack, needle, start)
    : indexOfBytesPortable(haystack, needle, start);
}

/**
 * A search of `haystack` for single bytes, for a caller that searches it many times (a JPEG's
 * entropy-coded data holds an 0xFF about every 256 bytes: a 1 MB chunk is some 4,000 searches).
 * The host's native search when it lends one (the CLI lends Node's `Buffer.indexOf`, which is
 * memchr), set up once for the haystack rather than on every call; else `byteSearchPortable`.
 */
export function byteSearch(haystack: Uint8Array): ByteSearch {
  const lent =
    haystack.length >= NATIVE_SEARCH_MIN_BYTES
      ? hostCodecs().byteSearch
      : undefined;
  return lent ? lent(haystack) : byteSearchPortable(haystack);
}

/** The single-byte search in plain JavaScript: the typed array's own `indexOf`. */
export function byteSearchPortable(haystack: Uint8Array): ByteSearch {
  return (byte, from) => haystack.indexOf(byte, from);
}

/**
 * Fewer bytes than this are searched in JavaScript even where the host lends a search: setting
 * the host's search up (Node wraps the bytes in a Buffer) costs more than searching them, and a
 * document's thousands of small photos are each searched many times.
 */
const NATIVE_SEARCH_MIN_BYTES = 4096;

/**
 * The byte search in plain JavaScript, for hosts that lend none (the browser): the typed array's
 * own search for the first byte, then a comparison, which is fast on binary data.
 */
export function indexOfBytesPortable(
  haystack: Uint8Array,
  needle: Uint8Array,
  from = 0,
): number {
  const start = Math.max(0, from);
  if (needle.length === 0) return start <= haystack.length ? start : -1;
  const first = needle[0]!;
  for (
    let i = haystack.indexOf(first, start);
    i >= 0 && i <= haystack.length - needle.length;
    i = haystack.indexOf(first, i + 1)
  ) {
    let j = 1;
    while (j < needle.length && haystack[i + j] === needle[j]) j++;
    if (j === needle.length) return i;
  }
  return -1;
}
