/**
 * The text-bearing ASF objects, parsed from their bytes (object header included): Content
 * Description (ASF specification 3.10), Extended Content Description (3.11), Metadata (4.7), Metadata Library (4.8).
 */
import { u16le, u32le, u64le } from '../../bytes';
import { corrupt } from '../../errors';
import { OBJECT_HEADER_BYTES } from './objects';

export interface AsfField {
  readonly name: string;
  readonly value?: string;
  /** The record's byte range inside the object (Metadata objects), for keeping it as it is. */
  readonly start: number;
  readonly end: number;
}

const utf16 = new TextDecoder('utf-16le');
const text = (b: Uint8Array) => utf16.decode(b).replace(/\0+$/, '').trim();

/** ASF data types (ASF specification 3.11 and 4.7); BOOL is 4 bytes in 3.11 and 2 bytes in 4.7. */
const UNICODE = 0;
const BYTES = 1;
const GUID_TYPE = 6;

function value(type: number, data: Uint8Array): string | undefined {
  // An empty string is an empty field, said as such.
  if (type === UNICODE) return text(data);
  if (type === BYTES || type === GUID_TYPE) return undefined;
  if (data.length === 8) return String(u64le(data, 0));
  if (data.length === 4) return String(u32le(data, 0));
  if (data.length === 2) return String(u16le(data, 0));
  return undefined;
}

function slice(bytes: Uint8Array, at: number, length: number): Uint8Array {
  if (at + length > bytes.length)
    throw corrupt(`ASF record runs past its object`);
  return bytes.subarray(at, at + length);
}

const CONTENT_LABELS = [
  'Title',
  'Author',
  'Copyright',
  'Description',
  'Rating',
];

export function contentDescription(bytes: Uint8Array): AsfField[] {
  let at = OBJECT_HEADER_BYTES + CONTENT_LABELS.length * 2;
  return CONTENT_LABELS.map((name, i) => {
    const length = u16le(bytes, OBJECT_HEADER_BYTES + i * 2);
    const start = at;
    at += length;
    // A length of 0 is a string not given (3.10); a terminator alone is one given empty.
    if (length === 0) return null;
    return { name, start, end: at, value: text(slice(bytes, start, length)) };
  }).filter((f) => f !== null);
}

export function extendedDescriptors(bytes: Uint8Array): AsfField[] {
  const count = u16le(bytes, OBJECT_HEADER_BYTES);
  const out: AsfField[] = [];
  let at = OBJECT_HEADER_BYTES + 2;
  for (let i = 0; i < count; i++) {
    const start = at;
    const nameLength = u16le(bytes, at);
    const name = text(slice(bytes, at + 2, nameLength));
    at += 2 + nameLength;
    const type = u16le(bytes, at);
    const dataLength = u16le(bytes, at + 2);
    const shown = value(type, slice(bytes, at + 4, dataLength));
    at += 4 + dataLength;
    out.push({
      name,
      start,
      end: at,
      ...(shown !== undefined && { value: shown }),
    });
  }
  return out;
}

/** Records of a Metadata or Metadata Library object (same layout). */
export function metadataRecords(bytes: Uint8Array): AsfField[] {
  const count = u16le(bytes, OBJECT_HEADER_BYTES);
  const out: AsfField[] = [];
  let at = OBJECT_HEADER_BYTES + 2;
  for (let i = 0; i < count; i++) {
    const start = at;
    const nameLength = u16le(bytes, at + 4);
    const type = u16le(bytes, at + 6);
    const dataLength = u32le(bytes, at + 8);
    const name = text(slice(bytes, at + 12, nameLength));
    const shown = value(type, slice(bytes, at + 12 + nameLength, dataLength));
    at += 12 + nameLength + dataLength;
    out.push({
      name,
      start,
      end: at,
      ...(shown !== undefined && { value: shown }),
    });
  }
  return out;
}
