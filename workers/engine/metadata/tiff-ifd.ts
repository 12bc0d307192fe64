/**
 * The TIFF structure shared by EXIF blocks (JPEG APP1, WebP EXIF, HEIC Exif items) and TIFF files:
 * an 8-byte header and Image File Directories (IFDs) of 12-byte entries (TIFF 6.0, sections 2 and 8).
 *
 * Offsets inside a TIFF structure count from the start of its header, so the same parser serves an
 * in-memory EXIF block (header at 0) and a TIFF file (header at file offset 0).
 */
import { u16be, u16le, u32be, u32le } from '../bytes';
import { corrupt } from '../errors';

export type ByteOrder = 'le' | 'be';

export const TIFF_HEADER_BYTES = 8;
export const IFD_ENTRY_BYTES = 12;
const IFD_COUNT_BYTES = 2;
const IFD_NEXT_BYTES = 4;
/** A value of at most 4 bytes sits in the entry itself; a longer one is stored at an offset. */
export const INLINE_VALUE_BYTES = 4;
const ENTRY_VALUE_FIELD = 8;
const TIFF_MAGIC = 42;

/** Field types (TIFF 6.0 section 2, plus the IFD type of the TIFF technical note 1). */
export const TYPE = {
  BYTE: 1,
  ASCII: 2,
  SHORT: 3,
  LONG: 4,
  RATIONAL: 5,
  SBYTE: 6,
  UNDEFINED: 7,
  SSHORT: 8,
  SLONG: 9,
  SRATIONAL: 10,
  FLOAT: 11,
  DOUBLE: 12,
  IFD: 13,
} as const;

/** Bytes of one value by field type (TIFF 6.0, section 2). */
export const TYPE_BYTES: Readonly<Record<number, number>> = {
  1: 1,
  2: 1,
  3: 2,
  4: 4,
  5: 8,
  6: 1,
  7: 1,
  8: 2,
  9: 4,
  10: 8,
  11: 4,
  12: 8,
  13: 4,
};

export interface TiffHeader {
  readonly order: ByteOrder;
  readonly firstIfd: number;
}

export interface IfdEntry {
  readonly tag: number;
  readonly type: number;
  readonly count: number;
  /** Offset of the 12-byte entry. */
  readonly entryOffset: number;
  /** Offset of the value's bytes: inside the entry when they fit in 4 bytes, else where it points. */
  readonly valueOffset: number;
  /** Byte length of the value; 0 for an unknown field type (its bytes cannot be located). */
  readonly valueSize: number;
}

export interface Ifd {
  readonly offset: number;
  readonly entries: readonly IfdEntry[];
  /** Offset of the next IFD in the chain; 0 at the end. */
  readonly next: number;
  /** Bytes the IFD occupies: count, entries and next pointer. */
  readonly byteLength: number;
}

export function u16(b: Uint8Array, at: number, order: ByteOrder): number {
  return order === 'le' ? u16le(b, at) : u16be(b, at);
}

export function u32(b: Uint8Array, at: number, order: ByteOrder): number {
  return order === 'le' ? u32le(b, at) : u32be(b, at);
}

/** `II*\0` or `MM\0*` with the first IFD's offset; null when the bytes are not a TIFF header. */
export function readTiffHeader(b: Uint8Array): TiffHeader | null {
  if (b.length < TIFF_HEADER_BYTES) return null;
  const order: ByteOrder | null =
    b[0] === 0x49 && b[1] === 0x49
      ? 'le'
      : b[0] === 0x4d && b[1] === 0x4d
        ? 'be'
        : null;
  if (order === null || u16(b, 2, order) !== TIFF_MAGIC) return null;
  return { order, firstIfd: u32(b, 4, order) };
}

export function ifdByteLength(entryCount: number): number {
  return IFD_COUNT_BYTES + entryCount * IFD_ENTRY_BYTES + IFD_NEXT_BYTES;
}

/** The entry count stored at an IFD's start. */
export function ifdEntryCount(
  b: Uint8Array,
  at: number,
  order: ByteOrder,
): number {
  return u16(b, at, order);
}

/**
 * Parses the IFD whose bytes start at `buffer[0]` and sit at `offset` in the TIFF structure.
 * Value offsets are not checked here: readers skip a value out of range, cleaners fail on it
 * (see `valueInRange`).
 */
export function parseIfd(
  buffer: Uint8Array,
  offset: number,
  order: ByteOrder,
): Ifd {
  const count = ifdEntryCount(buffer, 0, order);
  const byteLength = ifdByteLength(count);
  if (buffer.length < byteLength)
    throw corrupt(`IFD at ${offset} is truncated`);
  const entries: IfdEntry[] = [];
  for (let i = 0; i < count; i++) {
    const at = IFD_COUNT_BYTES + i * IFD_ENTRY_BYTES;
    entries.push(parseEntry(buffer, at, offset + at, order));
  }
  const next = u32(buffer, byteLength - IFD_NEXT_BYTES, order);
  return { offset, entries, next, byteLength };
}

function parseEntry(
  b: Uint8Array,
  at: number,
  entryOffset: number,
  order: ByteOrder,
): IfdEntry {
  const tag = u16(b, at, order);
  const type = u16(b, at + 2, order);
  const count = u32(b, at + 4, order);
  const unit = TYPE_BYTES[type] ?? 0;
  const valueSize = unit * count;
  const inline = valueSize <= INLINE_VALUE_BYTES;
  const valueOffset = inline
    ? entryOffset + ENTRY_VALUE_FIELD
    : u32(b, at + ENTRY_VALUE_FIELD, order);
  return { tag, type, count, entryOffset, valueOffset, valueSize };
}

/** Whether the entry's value lies inside a TIFF structure of `size` bytes. */
export function valueInRange(entry: IfdEntry, size: number): boolean {
  return entry.valueOffset >= 0 && entry.valueOffset + entry.valueSize <= size;
}

/** A single unsigned number (SHORT or LONG), e.g. a pointer or Orientation; undefined otherwise. */
export function entryUint(
  entry: IfdEntry,
  value: Uint8Array,
  order: ByteOrder,
): number | undefined {
  if (entry.count < 1) return undefined;
  if (entry.type === TYPE.SHORT) return u16(value, 0, order);
  if (entry.type === TYPE.LONG || entry.type === TYPE.IFD)
    return u32(value, 0, order);
  return undefined;
}

/** Every unsigned value of a SHORT/LONG/IFD array (SubIFDs, StripOffsets). */
export function entryUints(
  entry: IfdEntry,
  value: Uint8Array,
  order: ByteOrder,
): number[] {
  const unit = TYPE_BYTES[entry.type] ?? 0;
  if (entry.type === TYPE.SHORT)
    return Array.from({ length: entry.count }, (_, i) =>
      u16(value, i * unit, order),
    );
  if (entry.type === TYPE.LONG || entry.type === TYPE.IFD)
    return Array.from({ length: entry.count }, (_, i) =>
      u32(value, i * unit, order),
    );
  return [];
}
