/** Field ids of QuickTime user-data atoms, iTunes items and QuickTime metadata keys. */
import type { FieldId } from '../../fields';

/** iTunes ilst items and QuickTime udta text atoms by type (0xA9 is the © sign). */
const ITEM_FIELDS: Readonly<Record<string, FieldId>> = {
  '\u00a9xyz': 'gps.position',
  '\u00a9day': 'time.created',
  '\u00a9ART': 'author.name',
  aART: 'author.name',
  '\u00a9aut': 'author.name',
  '\u00a9wrt': 'author.name',
  '\u00a9dir': 'author.name',
  '\u00a9prd': 'author.name',
  '\u00a9cpy': 'author.copyright',
  cprt: 'author.copyright',
  '\u00a9nam': 'content.title',
  '\u00a9cmt': 'content.comment',
  '\u00a9des': 'content.description',
  '\u00a9inf': 'content.description',
  desc: 'content.description',
  ldes: 'content.description',
  '\u00a9too': 'software.encoder',
  '\u00a9swr': 'software.creator',
  '\u00a9enc': 'software.encoder',
  '\u00a9req': 'software.detail',
  '\u00a9mak': 'device.make',
  '\u00a9mod': 'device.model',
  covr: 'thumbnail.image',
};

/** Keyword rules for reverse-DNS keys (com.apple.quicktime.make) and freeform `----` names. */
const KEYWORD_FIELDS: readonly [RegExp, FieldId][] = [
  [/iso6709|^location$|gps\.?position/i, 'gps.position'],
  [/location\.name|location\.body|place/i, 'place.name'],
  [/location|gps|latitude|longitude|direction|accuracy/i, 'gps.detail'],
  [/creationdate|date|time/i, 'time.created'],
  [/^make$|\.make$|manufacturer/i, 'device.make'],
  [/model/i, 'device.model'],
  [/serial/i, 'identifier.serial'],
  [/lens/i, 'device.lens'],
  [/device|camera/i, 'device.name'],
  [/software|encoder|tool|firmware/i, 'software.creator'],
  [/copyright/i, 'author.copyright'],
  [/author|artist|creator|publisher|owner/i, 'author.name'],
  [/title|displayname/i, 'content.title'],
  [/keywords/i, 'content.keywords'],
  [/comment/i, 'content.comment'],
  [/description/i, 'content.description'],
  [/artwork|cover|thumbnail/i, 'thumbnail.image'],
  [/content\.identifier|uuid|identifier/i, 'identifier.unique'],
];

export function itemField(type: string): FieldId {
  return ITEM_FIELDS[type] ?? keyField(type);
}

/** Apple's reverse-DNS prefix says nothing about the field (and contains "time"). */
const QUICKTIME_KEY_PREFIX = /^com\.apple\.quicktime\./i;

/** Files repeat the same few keys; a hostile one repeats one a million times. */
const keyFields = new Map<string, FieldId>();
const MAX_CACHED_KEYS = 4096;

export function keyField(key: string): FieldId {
  const cached = keyFields.get(key);
  if (cached) return cached;
  const name = key.replace(QUICKTIME_KEY_PREFIX, '');
  const field =
    KEYWORD_FIELDS.find(([pattern]) => pattern.test(name))?.[1] ?? 'other.data';
  if (keyFields.size < MAX_CACHED_KEYS) keyFields.set(key, field);
  return field;
}
