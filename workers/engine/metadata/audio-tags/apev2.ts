/** APEv1/APEv2 tags (wiki.hydrogenaud.io "APEv2 specification"): a 32-byte footer `APETAGEX`. */
import {
  ascii,
  decodeLatin1,
  decodeText,
  startsWith,
  u32le,
} from '../../bytes';
import type { FieldId } from '../../fields';
import { finding, type Finding } from '../../findings';

export const APE_FOOTER_BYTES = 32;
const APE_MAGIC = ascii('APETAGEX');
const SIZE_AT = 12;
const FLAGS_AT = 20;
const HAS_HEADER = 0x80000000;
const ITEM_HEADER_BYTES = 8;
const ITEM_KIND_SHIFT = 1;
const ITEM_KIND_MASK = 3;
const ITEM_KIND_BINARY = 1;

const FIELDS_BY_KEY: Readonly<Record<string, FieldId>> = {
  title: 'content.title',
  artist: 'author.name',
  composer: 'author.name',
  conductor: 'author.name',
  publisher: 'author.organization',
  copyright: 'author.copyright',
  comment: 'content.comment',
  year: 'time.created',
  'record date': 'time.created',
  'record location': 'place.name',
  isrc: 'identifier.unique',
  'cover art (front)': 'thumbnail.image',
  'cover art (back)': 'thumbnail.image',
};

export const isApeFooter = (b: Uint8Array, at: number): boolean =>
  startsWith(b, APE_MAGIC, at);

/** Bytes from the tag's first byte to the footer's end, read from the footer at 0 of `footer`. */
export function apeTagBytes(footer: Uint8Array): number {
  const size = u32le(footer, SIZE_AT);
  const header = u32le(footer, FLAGS_AT) & HAS_HEADER ? APE_FOOTER_BYTES : 0;
  return size + header;
}

/** Findings of a whole APE tag (header, items, footer); at least one. */
export function apeFindings(tag: Uint8Array, location: string): Finding[] {
  const where = `${location} APE`;
  const footer = tag.subarray(tag.length - APE_FOOTER_BYTES);
  const hasHeader = (u32le(footer, FLAGS_AT) & HAS_HEADER) !== 0;
  const itemsEnd = tag.length - APE_FOOTER_BYTES;
  const found: Finding[] = [];
  let at = hasHeader ? APE_FOOTER_BYTES : 0;
  while (at + ITEM_HEADER_BYTES < itemsEnd) {
    const size = u32le(tag, at);
    const flags = u32le(tag, at + 4);
    const keyEnd = tag.indexOf(0, at + ITEM_HEADER_BYTES);
    if (keyEnd < 0 || keyEnd + 1 + size > itemsEnd) break;
    const key = decodeLatin1(tag.subarray(at + ITEM_HEADER_BYTES, keyEnd));
    const binary =
      ((flags >>> ITEM_KIND_SHIFT) & ITEM_KIND_MASK) === ITEM_KIND_BINARY;
    const value = binary
      ? undefined
      : decodeText(tag.subarray(keyEnd + 1, keyEnd + 1 + size));
    found.push(
      finding(
        FIELDS_BY_KEY[key.toLowerCase()] ?? 'content.detail',
        key,
        where,
        value,
      ),
    );
    at = keyEnd + 1 + size;
  }
  return found.length > 0 ? found : [finding('other.data', 'APETAGEX', where)];
}
