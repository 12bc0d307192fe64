/** ID3v1/1.1 (last 128 bytes, `TAG`) and the extended `TAG+` block that may precede it. */
import { decodeLatin1, startsWith, ascii } from '../../bytes';
import type { FieldId } from '../../fields';
import { finding, type Finding } from '../../findings';

export const ID3V1_BYTES = 128;
export const ID3V1_EXTENDED_BYTES = 227;
const TAG = ascii('TAG');
const TAG_PLUS = ascii('TAG+');

/** [label, offset, length, field] of the text fields. */
type Field = readonly [string, number, number, FieldId];
const V1_FIELDS: readonly Field[] = [
  ['Title', 3, 30, 'content.title'],
  ['Artist', 33, 30, 'author.name'],
  ['Album', 63, 30, 'content.detail'],
  ['Year', 93, 4, 'time.created'],
  ['Comment', 97, 30, 'content.comment'],
];
const EXTENDED_FIELDS: readonly Field[] = [
  ['Title', 4, 60, 'content.title'],
  ['Artist', 64, 60, 'author.name'],
  ['Album', 124, 60, 'content.detail'],
];

export const isId3v1 = (b: Uint8Array, at: number): boolean =>
  startsWith(b, TAG, at);
export const isId3v1Extended = (b: Uint8Array, at: number): boolean =>
  startsWith(b, TAG_PLUS, at);

function fieldFindings(
  b: Uint8Array,
  fields: readonly Field[],
  location: string,
): Finding[] {
  return fields.flatMap(([label, at, length, field]) => {
    const text = decodeLatin1(b.subarray(at, at + length))
      .replace(/\0.*$/s, '')
      .trim();
    return text ? [finding(field, label, location, text)] : [];
  });
}

/** Findings of a 128-byte ID3v1 tag; a tag with only empty fields still reports itself. */
export function id3v1Findings(tag: Uint8Array, location: string): Finding[] {
  const where = `${location} ID3v1`;
  const found = fieldFindings(tag, V1_FIELDS, where);
  return found.length > 0 ? found : [finding('other.data', 'ID3v1', where)];
}

export function id3v1ExtendedFindings(
  tag: Uint8Array,
  location: string,
): Finding[] {
  const where = `${location} ID3v1 TAG+`;
  const found = fieldFindings(tag, EXTENDED_FIELDS, where);
  return found.length > 0 ? found : [finding('other.data', 'TAG+', where)];
}
