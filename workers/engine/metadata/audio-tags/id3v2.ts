/**
 * ID3v2 tags (id3.org "ID3 tag version 2.3.0", "ID3 tag version 2.4.0 - Main Structure"): the
 * 10-byte header, the tag's extent, and its frames as findings. Cleaning drops whole tags, so
 * frames are read only for the report and never rewritten.
 */
import { decodeLatin1, startsWith, u24be, u32be } from '../../bytes';
import { corrupt, isEngineError } from '../../errors';
import { finding, type Finding } from '../../findings';
import { frameField, id3Text, terminatorEnd } from './id3-text';

export const ID3_HEADER_BYTES = 10;
const ID3_MAGIC = [0x49, 0x44, 0x33];
const ID3_FOOTER_MAGIC = [0x33, 0x44, 0x49];
const SUPPORTED_MAJOR = new Set([2, 3, 4]);
const FLAG_UNSYNC = 0x80;
const FLAG_EXTENDED = 0x40;
const FLAG_FOOTER = 0x10;
const SYNCHSAFE_BYTE_LIMIT = 0x80;

export interface Id3Header {
  readonly major: number;
  readonly flags: number;
  /** Header, body and footer. */
  readonly totalBytes: number;
}

/** A 28-bit synchsafe integer (2.4.0 section 6.2); a byte with its top bit set is corrupt. */
export function synchsafe(b: Uint8Array, at: number): number {
  let value = 0;
  for (let i = 0; i < 4; i++) {
    const byte = b[at + i];
    if (byte === undefined || byte >= SYNCHSAFE_BYTE_LIMIT)
      throw corrupt(`ID3 size at ${at} is not synchsafe`);
    value = value * SYNCHSAFE_BYTE_LIMIT + byte;
  }
  return value;
}

/** The ID3v2 header at `at` in `b`, or null when there is none there. */
export function id3Header(b: Uint8Array, at = 0): Id3Header | null {
  if (!startsWith(b, ID3_MAGIC, at) || b.length < at + ID3_HEADER_BYTES)
    return null;
  const major = b[at + 3]!;
  if (!SUPPORTED_MAJOR.has(major)) return null;
  const flags = b[at + 5]!;
  const footer = flags & FLAG_FOOTER ? ID3_HEADER_BYTES : 0;
  const size = synchsafe(b, at + 6);
  return { major, flags, totalBytes: ID3_HEADER_BYTES + size + footer };
}

/** The extent of a footer-terminated tag ending at `b.length`, read from its `3DI` footer. */
export function id3FooterTotal(b: Uint8Array): number | null {
  const at = b.length - ID3_HEADER_BYTES;
  if (at < 0 || !startsWith(b, ID3_FOOTER_MAGIC, at)) return null;
  return 2 * ID3_HEADER_BYTES + synchsafe(b, at + 6);
}

/** Reverses unsynchronisation (2.4.0 section 6.1): every FF 00 becomes FF. */
function resync(b: Uint8Array): Uint8Array {
  const out: number[] = [];
  for (let i = 0; i < b.length; i++) {
    out.push(b[i]!);
    if (b[i] === 0xff && b[i + 1] === 0) i++;
  }
  return Uint8Array.from(out);
}

interface FrameLayout {
  readonly idBytes: number;
  readonly headerBytes: number;
  readonly size: (b: Uint8Array, at: number) => number;
}
const V22: FrameLayout = {
  idBytes: 3,
  headerBytes: 6,
  size: (b, at) => u24be(b, at + 3),
};
const V23: FrameLayout = {
  idBytes: 4,
  headerBytes: 10,
  size: (b, at) => u32be(b, at + 4),
};
const V24: FrameLayout = {
  idBytes: 4,
  headerBytes: 10,
  size: (b, at) => synchsafe(b, at + 4),
};
const FRAME_LAYOUTS: Readonly<Record<number, FrameLayout>> = {
  2: V22,
  3: V23,
  4: V24,
};

/** v2.3 compression/encryption and v2.4 compression/encryption frame flags: no readable value. */
const V23_OPAQUE = 0xc0;
const V24_OPAQUE = 0x0c;
const V24_UNSYNC = 0x02;
const V24_LENGTH_INDICATOR = 0x01;
const DATA_LENGTH_BYTES = 4;

/**
 * Every frame of a whole tag (header included) as a finding; at least one finding per tag. The
 * whole tag is dropped whatever its frames hold, so a malformed frame (some taggers write plain
 * sizes where 2.4 wants synchsafe ones) ends the listing instead of failing the file.
 */
export function id3Findings(tag: Uint8Array, location: string): Finding[] {
  const header = id3Header(tag);
  if (!header) return [finding('other.data', 'ID3v2', location)];
  const where = `${location} ID3v2.${header.major}`;
  const found = id3Frames(tag).map(({ id, data }) =>
    frameFinding(id, data, where),
  );
  return found.length > 0 ? found : [finding('other.data', 'ID3v2', where)];
}

/** A frame's id and its payload as readable bytes (null when compressed or encrypted). */
export interface Id3Frame {
  readonly id: string;
  readonly data: Uint8Array | null;
}

/** The frames of a whole tag, up to the first malformed one; none when it has no header. */
export function id3Frames(tag: Uint8Array): Id3Frame[] {
  const header = id3Header(tag);
  if (!header) return [];
  let body = tag.subarray(ID3_HEADER_BYTES, header.totalBytes);
  if (header.flags & FLAG_UNSYNC && header.major < 4) body = resync(body);
  const found: Id3Frame[] = [];
  try {
    readFrames(body, header, found);
  } catch (error) {
    if (!isEngineError(error)) throw error;
  }
  return found;
}

function readFrames(
  body: Uint8Array,
  header: Id3Header,
  into: Id3Frame[],
): void {
  const layout = FRAME_LAYOUTS[header.major]!;
  let at = extendedHeaderBytes(body, header);
  while (at + layout.headerBytes <= body.length && body[at] !== 0) {
    const id = decodeLatin1(body.subarray(at, at + layout.idBytes));
    const size = layout.size(body, at);
    const start = at + layout.headerBytes;
    if (size > body.length - start) return;
    const flags = header.major === 2 ? 0 : body[at + 9]!;
    const data = body.subarray(start, start + size);
    into.push({ id, data: frameData(data, header.major, flags) });
    at = start + size;
  }
}

function extendedHeaderBytes(body: Uint8Array, header: Id3Header): number {
  if (!(header.flags & FLAG_EXTENDED) || header.major === 2) return 0;
  if (header.major === 3) return u32be(body, 0) + DATA_LENGTH_BYTES;
  return synchsafe(body, 0);
}

/** The frame's payload as text-readable bytes, or null when compressed or encrypted. */
function frameData(
  data: Uint8Array,
  major: number,
  flags: number,
): Uint8Array | null {
  if (major === 3) return flags & V23_OPAQUE ? null : data;
  if (major !== 4) return data;
  if (flags & V24_OPAQUE) return null;
  const unsynced = flags & V24_UNSYNC ? resync(data) : data;
  return flags & V24_LENGTH_INDICATOR
    ? unsynced.subarray(DATA_LENGTH_BYTES)
    : unsynced;
}

function frameFinding(
  id: string,
  data: Uint8Array | null,
  location: string,
): Finding {
  // A text frame of no characters is an empty field, said as such; a picture's type is no text.
  const value = data ? frameValue(id, data) : undefined;
  return finding(frameField(id), id, location, value);
}

/** `TDAT` is DDMM (2.3.0 4.2.1): shown as ISO 8601 `--MM-DD`. */
const TDAT = /^(\d\d)(\d\d)$/;
const LANGUAGE_BYTES = 3;

function frameValue(id: string, data: Uint8Array): string | undefined {
  const encoding = data[0]!;
  if (id === 'TXXX' || id === 'TXX') {
    const split = terminatorEnd(encoding, data, 1);
    const key = id3Text(encoding, data.subarray(1, split));
    const text = id3Text(encoding, data.subarray(split));
    return key || text ? `${key}: ${text}` : '';
  }
  if (id === 'COMM' || id === 'COM' || id === 'USLT' || id === 'ULT') {
    const split = terminatorEnd(encoding, data, 1 + LANGUAGE_BYTES);
    return id3Text(encoding, data.subarray(split));
  }
  if (id === 'APIC') {
    return (
      decodeLatin1(data.subarray(1, terminatorEnd(0, data, 1))) || undefined
    );
  }
  if (id === 'PIC')
    return decodeLatin1(data.subarray(1, 1 + LANGUAGE_BYTES)) || undefined;
  if (id.startsWith('W')) return decodeLatin1(data);
  if (!id.startsWith('T')) return undefined;
  const text = id3Text(encoding, data.subarray(1));
  const tdat = id === 'TDAT' ? TDAT.exec(text) : null;
  return tdat ? `--${tdat[2]}-${tdat[1]}` : text;
}
