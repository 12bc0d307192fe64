/** Report findings for the entries of one IFD (IFD0/IFD1/Exif/Interop share the main tag table). */
import { finding, type Finding } from '../findings';
import {
  DATE_TAGS,
  MAIN_TAGS,
  TAG,
  XP_TAGS,
  tagName,
  type TagInfo,
} from './exif-tags';
import type { ValueOf } from './gps';
import { entryUint, type ByteOrder, type IfdEntry } from './tiff-ifd';
import { entryText, isoDate, userCommentText, utf16Text } from './tiff-values';

/** Orientation values defined by TIFF 6.0 (1 = upright, 2..8 = mirrored and/or rotated). */
export const ORIENTATION_UPRIGHT = 1;
export const ORIENTATION_MAX = 8;

/** Tags that only point at other structures; what they point at is reported instead. */
const POINTER_TAGS: ReadonlySet<number> = new Set([
  TAG.EXIF_IFD,
  TAG.GPS_IFD,
  TAG.INTEROP_IFD,
  TAG.SUB_IFDS,
  TAG.THUMBNAIL_OFFSET,
  TAG.THUMBNAIL_LENGTH,
]);

function readable(
  entry: IfdEntry,
  value: Uint8Array,
  order: ByteOrder,
): string | undefined {
  if (XP_TAGS.has(entry.tag)) return utf16Text(value, 'le');
  if (entry.tag === TAG.USER_COMMENT) return userCommentText(value, order);
  const text = entryText(entry, value, order);
  return text !== undefined && DATE_TAGS.has(entry.tag) ? isoDate(text) : text;
}

/** A valid Orientation value of an entry, or undefined. */
export function orientationOf(
  entry: IfdEntry,
  valueOf: ValueOf,
  order: ByteOrder,
): number | undefined {
  const value = valueOf(entry);
  const n = value ? entryUint(entry, value, order) : undefined;
  return n !== undefined && n >= ORIENTATION_UPRIGHT && n <= ORIENTATION_MAX
    ? n
    : undefined;
}

/** The finding for one entry, or none for pointers and technical tags. */
export function entryFinding(
  entry: IfdEntry,
  valueOf: ValueOf,
  order: ByteOrder,
  location: string,
  table: ReadonlyMap<number, TagInfo> = MAIN_TAGS,
): Finding[] {
  if (POINTER_TAGS.has(entry.tag)) return [];
  const [label, field] = tagName(table, entry.tag);
  if (entry.tag === TAG.ORIENTATION && table === MAIN_TAGS) {
    const n = orientationOf(entry, valueOf, order);
    return [
      finding(
        'image.orientation',
        label,
        location,
        n === undefined ? undefined : String(n),
        'orientation',
      ),
    ];
  }
  if (field === null) return [];
  if (entry.tag === TAG.MAKER_NOTE) {
    return [
      finding(field, label, location, `${entry.valueSize} bytes, not parsed`),
    ];
  }
  const value = valueOf(entry);
  return [
    finding(
      field,
      label,
      location,
      value ? readable(entry, value, order) : undefined,
    ),
  ];
}

/** The EXIF thumbnail of IFD1 (a JPEG at ThumbnailOffset), reported as one finding. */
export function thumbnailFinding(
  entries: readonly IfdEntry[],
  valueOf: ValueOf,
  order: ByteOrder,
  location: string,
): Finding[] {
  const length = entries.find((e) => e.tag === TAG.THUMBNAIL_LENGTH);
  const hasOffset = entries.some((e) => e.tag === TAG.THUMBNAIL_OFFSET);
  if (!hasOffset) return [];
  const value = length && valueOf(length);
  const bytes = length && value ? entryUint(length, value, order) : undefined;
  return [
    finding(
      'thumbnail.image',
      'ThumbnailImage',
      location,
      bytes === undefined ? undefined : `${bytes} bytes`,
    ),
  ];
}
