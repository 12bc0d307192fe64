/** ID3v1/1.1 (last 128 bytes, `TAG`) and the extended `TAG+` block that may precede it. */
import { decodeLatin1, startsWith, ascii } from '../../bytes';
import { finding, type Finding, type FindingCategory } from '../../findings';

export const ID3V1_BYTES = 128;
export const ID3V1_EXTENDED_BYTES = 227;
const TAG = ascii('TAG');
const TAG_PLUS = ascii('TAG+');

/** [label, offset, length, category] of the text fields. */
type Field = readonly [string, number, number, FindingCategory];
const V1_FIELDS: readonly Field[] = [
  ['Title', 3, 30, 'other'],
  ['Artist', 33, 30, 'author'],
  ['Album', 63, 30, 'other'],
  ['Year', 93, 4, 'time'],
  ['Comment', 97, 30, 'comment'],
];
const EXTENDED_FIELDS: readonly Field[] = [
  ['Title', 4, 60, 'other'],
  ['Artist', 64, 60, 'author'],
  ['Album', 124, 60, 'other'],
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
  return fields.flatMap(([label, at, length, category]) => {
    const text = decodeLatin1(b.subarray(at, at + length))
      .replace(/\0.*$/s, '')
      .trim();
    return text ? [finding(category, label, location, text)] : [];
  });
}

/** Findings of a 128-byte ID3v1 tag; a tag with only empty fields still reports itself. */
export function id3v1Findings(tag: Uint8Array, location: string): Finding[] {
  const where = `${location} ID3v1`;
  const found = fieldFindings(tag, V1_FIELDS, where);
  return found.length > 0 ? found : [finding('other', 'ID3v1', where)];
}

export function id3v1ExtendedFindings(
  tag: Uint8Array,
  location: string,
): Finding[] {
  const where = `${location} ID3v1 TAG+`;
  const found = fieldFindings(tag, EXTENDED_FIELDS, where);
  return found.length > 0 ? found : [finding('other', 'TAG+', where)];
}
