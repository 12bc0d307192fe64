/**
 * A font kept as a document's content is recognised by its structure, from its first bytes and
 * its size: an sfnt (TrueType `\0\1\0\0` or `true`, OpenType `OTTO`) whose table directory lies
 * inside the file, a collection (`ttcf`) whose fonts start inside it, or a WOFF / WOFF2 whose
 * header gives the file's own length. An Office obfuscated font (ECMA-376 Part 1, 17.8.1) has its
 * first 32 bytes XORed with the GUID its part is named by, and is checked once they are restored.
 */
import { u16be, u32be } from '../../bytes';

const SFNT_VERSIONS: ReadonlySet<number> = new Set([
  0x00010000, // TrueType
  0x4f54544f, // 'OTTO': CFF outlines
  0x74727565, // 'true': Apple TrueType
]);
const COLLECTION = 0x74746366; // 'ttcf'
const WOFF = 0x774f4646; // 'wOFF'
const WOFF2 = 0x774f4632; // 'wOF2'
/** The sfnt offset table: version, numTables, searchRange, entrySelector, rangeShift. */
const OFFSET_TABLE_BYTES = 12;
/** A table record: tag, checksum, offset, length. */
const TABLE_RECORD_BYTES = 16;
const TABLE_OFFSET_AT = 8;
const TABLE_LENGTH_AT = 12;
/** A font has at least the tables a renderer needs (cmap, head, hhea, maxp...). */
const MIN_TABLES = 4;
const MAX_TABLES = 256;
/** ttcf: tag, version, numFonts, then one offset per font. */
const COLLECTION_HEADER_BYTES = 12;
/** WOFF and WOFF2 headers: signature, flavor, then the whole file's length. */
const WOFF_LENGTH_AT = 8;

/** ECMA-376 Part 1, 17.8.1: the key is the GUID's 16 bytes, last first; 32 bytes are XORed. */
const OBFUSCATED_BYTES = 32;
const GUID_NAME =
  /\{?([0-9a-f]{8})-?([0-9a-f]{4})-?([0-9a-f]{4})-?([0-9a-f]{4})-?([0-9a-f]{12})\}?\.[^./]*$/i;

function sfnt(head: Uint8Array, size: number): boolean {
  if (head.length < OFFSET_TABLE_BYTES) return false;
  const tables = u16be(head, 4);
  const directoryEnd = OFFSET_TABLE_BYTES + tables * TABLE_RECORD_BYTES;
  if (tables < MIN_TABLES || tables > MAX_TABLES || directoryEnd > size)
    return false;
  if (directoryEnd > head.length) return false;
  for (let i = 0; i < tables; i++) {
    const record = OFFSET_TABLE_BYTES + i * TABLE_RECORD_BYTES;
    const offset = u32be(head, record + TABLE_OFFSET_AT);
    const length = u32be(head, record + TABLE_LENGTH_AT);
    if (offset < directoryEnd || offset + length > size) return false;
  }
  return true;
}

function collection(head: Uint8Array, size: number): boolean {
  if (head.length < COLLECTION_HEADER_BYTES) return false;
  const fonts = u32be(head, 8);
  const end = COLLECTION_HEADER_BYTES + fonts * 4;
  if (fonts < 1 || end > head.length) return false;
  for (let i = 0; i < fonts; i++) {
    const offset = u32be(head, COLLECTION_HEADER_BYTES + i * 4);
    if (offset < end || offset + OFFSET_TABLE_BYTES > size) return false;
  }
  return true;
}

/** True when `head` (a member's first bytes) and `size` are a font's. */
export function isFont(head: Uint8Array, size: number): boolean {
  if (head.length < 4) return false;
  const tag = u32be(head, 0);
  if (SFNT_VERSIONS.has(tag)) return sfnt(head, size);
  if (tag === COLLECTION) return collection(head, size);
  if (tag === WOFF || tag === WOFF2)
    return (
      head.length >= WOFF_LENGTH_AT + 4 && u32be(head, WOFF_LENGTH_AT) === size
    );
  return false;
}

/** The first bytes of an obfuscated font named by its GUID, restored; null for any other name. */
export function deobfuscated(
  head: Uint8Array,
  name: string,
): Uint8Array | null {
  const match = GUID_NAME.exec(name);
  if (!match || head.length < OBFUSCATED_BYTES) return null;
  const hex = match.slice(1).join('');
  const key = new Uint8Array(16);
  for (let i = 0; i < 16; i++)
    key[15 - i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  const out = head.slice();
  for (let i = 0; i < OBFUSCATED_BYTES; i++) out[i]! ^= key[i % 16]!;
  return out;
}
