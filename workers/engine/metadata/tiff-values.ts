/** Readable values of IFD entries for the report: numbers, rationals, text, EXIF dates. */
import { decodeLatin1, decodeText } from '../bytes';
import { TYPE, u16, u32, type ByteOrder, type IfdEntry } from './tiff-ifd';

/** Beyond this many numbers a value is a table (a curve, a matrix), not something to show. */
const MAX_NUMBERS_SHOWN = 8;
const RATIONAL_BYTES = 8;
/** EXIF 2.32 section 4.6.5: UserComment starts with an 8-byte character code. */
const CHARSET_PREFIX_BYTES = 8;
const SIGNIFICANT_DIGITS = 6;

function signed16(v: number): number {
  return v >= 0x8000 ? v - 0x10000 : v;
}
function signed32(v: number): number {
  return v | 0;
}

function numberAt(
  entry: IfdEntry,
  b: Uint8Array,
  i: number,
  order: ByteOrder,
): number | undefined {
  switch (entry.type) {
    case TYPE.BYTE:
    case TYPE.UNDEFINED:
      return b[i];
    case TYPE.SBYTE:
      return ((b[i] ?? 0) << 24) >> 24;
    case TYPE.SHORT:
      return u16(b, i * 2, order);
    case TYPE.SSHORT:
      return signed16(u16(b, i * 2, order));
    case TYPE.LONG:
    case TYPE.IFD:
      return u32(b, i * 4, order);
    case TYPE.SLONG:
      return signed32(u32(b, i * 4, order));
    case TYPE.RATIONAL:
    case TYPE.SRATIONAL:
      return rationalAt(entry.type, b, i * RATIONAL_BYTES, order);
    case TYPE.FLOAT:
      return new DataView(b.buffer, b.byteOffset).getFloat32(
        i * 4,
        order === 'le',
      );
    case TYPE.DOUBLE:
      return new DataView(b.buffer, b.byteOffset).getFloat64(
        i * 8,
        order === 'le',
      );
    default:
      return undefined;
  }
}

function rationalAt(
  type: number,
  b: Uint8Array,
  at: number,
  order: ByteOrder,
): number {
  const wrap = type === TYPE.SRATIONAL ? signed32 : (v: number) => v;
  const num = wrap(u32(b, at, order));
  const den = wrap(u32(b, at + 4, order));
  return den === 0 ? 0 : num / den;
}

/** The numbers of a numeric entry (rationals as decimals); empty for text and unknown types. */
export function entryNumbers(
  entry: IfdEntry,
  value: Uint8Array,
  order: ByteOrder,
  limit = MAX_NUMBERS_SHOWN,
): number[] {
  if (entry.type === TYPE.ASCII) return [];
  const out: number[] = [];
  for (let i = 0; i < Math.min(entry.count, limit); i++) {
    const n = numberAt(entry, value, i, order);
    if (n === undefined) return [];
    out.push(n);
  }
  return out;
}

function round(n: number): string {
  return Number.isInteger(n)
    ? String(n)
    : String(Number(n.toPrecision(SIGNIFICANT_DIGITS)));
}

/** Text for the report; undefined for binary blobs and long tables. */
export function entryText(
  entry: IfdEntry,
  value: Uint8Array,
  order: ByteOrder,
): string | undefined {
  // An empty string stays empty: the report says the tag was there and held nothing.
  if (entry.type === TYPE.ASCII) return decodeText(value);
  if (entry.type === TYPE.UNDEFINED || entry.type === TYPE.BYTE)
    return undefined;
  if (entry.count > MAX_NUMBERS_SHOWN) return undefined;
  const numbers = entryNumbers(entry, value, order);
  return numbers.length > 0 ? numbers.map(round).join(' ') : undefined;
}

/** EXIF UserComment: an 8-byte charset code (ASCII, UNICODE, JIS or undefined), then the text. */
export function userCommentText(
  value: Uint8Array,
  order: ByteOrder,
): string | undefined {
  const code = decodeLatin1(value.subarray(0, CHARSET_PREFIX_BYTES));
  const body = value.subarray(CHARSET_PREFIX_BYTES);
  if (code === 'UNICODE') return utf16Text(body, order);
  return decodeText(body);
}

/** Windows XP tags (XPTitle, XPAuthor...) are UCS-2 little-endian in BYTE arrays. */
export function utf16Text(
  value: Uint8Array,
  order: ByteOrder,
): string | undefined {
  const even = value.subarray(0, value.length - (value.length % 2));
  const label = order === 'le' ? 'utf-16le' : 'utf-16be';
  return new TextDecoder(label).decode(even).replace(/\0+$/, '').trim();
}

const EXIF_DATE =
  /^(\d{4}):(\d{2}):(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?/;

/** `2024:05:01 13:45:10` to `2024-05-01T13:45:10` (ISO 8601); other text stays as it is. */
export function isoDate(text: string): string {
  const m = EXIF_DATE.exec(text);
  if (!m) return text;
  const date = `${m[1]}-${m[2]}-${m[3]}`;
  if (m[4] === undefined) return date;
  return `${date}T${m[4]}:${m[5]}:${m[6] ?? '00'}`;
}
