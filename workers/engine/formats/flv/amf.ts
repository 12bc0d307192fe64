/**
 * Just enough AMF0 (Adobe "Action Message Format AMF 0", 2007) to find where each value of a
 * script tag starts and ends, and to read strings and dates for the report.
 */
import { decodeText, u16be, u32be } from '../../bytes';
import { corrupt } from '../../errors';
import { MAX_DEPTH } from '../../limits';

export const AMF = {
  number: 0x00,
  boolean: 0x01,
  string: 0x02,
  object: 0x03,
  null: 0x05,
  undefined: 0x06,
  reference: 0x07,
  ecmaArray: 0x08,
  objectEnd: 0x09,
  strictArray: 0x0a,
  date: 0x0b,
  longString: 0x0c,
  unsupported: 0x0d,
  xml: 0x0f,
  typedObject: 0x10,
} as const;

const NUMBER_BYTES = 8;
const DATE_BYTES = 10;
const ECMA_COUNT_BYTES = 4;
/** Object properties end with an empty key and the object-end marker: 00 00 09. */
const OBJECT_END_BYTES = 3;

/** Where the UTF-8 string with a 16-bit length at `at` ends. */
export function shortStringEnd(b: Uint8Array, at: number): number {
  return at + 2 + u16be(b, at);
}

export function shortString(b: Uint8Array, at: number): string {
  return decodeText(b.subarray(at + 2, shortStringEnd(b, at)));
}

function checked(b: Uint8Array, end: number): number {
  if (end > b.length) throw corrupt('AMF value runs past its tag');
  return end;
}

/** Where the properties starting at `at` end (after their 00 00 09, or at the data's end). */
export function propertiesEnd(
  b: Uint8Array,
  at: number,
  depth: number,
): number {
  let pos = at;
  while (pos < b.length) {
    if (u16be(b, pos) === 0 && b[pos + 2] === AMF.objectEnd)
      return pos + OBJECT_END_BYTES;
    pos = valueEnd(b, shortStringEnd(b, pos), depth + 1);
  }
  return pos;
}

/** Where the AMF0 value starting at `at` ends. */
export function valueEnd(b: Uint8Array, at: number, depth = 0): number {
  if (depth > MAX_DEPTH) throw corrupt('AMF values nested too deep');
  if (at >= b.length) throw corrupt('AMF value runs past its tag');
  const type = b[at];
  const body = at + 1;
  switch (type) {
    case AMF.number:
      return checked(b, body + NUMBER_BYTES);
    case AMF.boolean:
      return checked(b, body + 1);
    case AMF.string:
      return checked(b, shortStringEnd(b, body));
    case AMF.longString:
    case AMF.xml:
      return checked(b, body + 4 + u32be(b, body));
    case AMF.date:
      return checked(b, body + DATE_BYTES);
    case AMF.reference:
      return checked(b, body + 2);
    case AMF.null:
    case AMF.undefined:
    case AMF.unsupported:
      return body;
    case AMF.object:
      return propertiesEnd(b, body, depth);
    case AMF.typedObject:
      return propertiesEnd(b, shortStringEnd(b, body), depth);
    case AMF.ecmaArray:
      return propertiesEnd(b, checked(b, body + ECMA_COUNT_BYTES), depth);
    case AMF.strictArray:
      return strictArrayEnd(b, body, depth);
    default:
      throw corrupt(`unknown AMF0 type ${String(type)}`);
  }
}

function strictArrayEnd(b: Uint8Array, at: number, depth: number): number {
  const count = u32be(b, at);
  let pos = at + 4;
  for (let i = 0; i < count; i++) pos = valueEnd(b, pos, depth + 1);
  return pos;
}

/** The text of a string-like value, or null for other types. */
export function stringValue(b: Uint8Array, at: number): string | null {
  const type = b[at];
  if (type === AMF.string) return shortString(b, at + 1);
  if (type === AMF.longString || type === AMF.xml) {
    return decodeText(b.subarray(at + 5, at + 5 + u32be(b, at + 1)));
  }
  return null;
}

/** An AMF0 date (milliseconds since 1970 as a double, then a time zone we ignore) as ISO 8601. */
export function dateValue(b: Uint8Array, at: number): string | undefined {
  const ms = new DataView(
    b.buffer,
    b.byteOffset + at + 1,
    NUMBER_BYTES,
  ).getFloat64(0);
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
