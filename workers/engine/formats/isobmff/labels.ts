/** Report categories for QuickTime user-data atoms, iTunes items and QuickTime metadata keys. */
import type { FindingCategory } from '../../findings';

/** iTunes ilst items and QuickTime udta text atoms by type (0xA9 is the © sign). */
const ITEM_CATEGORIES: Readonly<Record<string, FindingCategory>> = {
  '\u00a9xyz': 'location',
  '\u00a9day': 'time',
  '\u00a9ART': 'author',
  aART: 'author',
  '\u00a9aut': 'author',
  '\u00a9wrt': 'author',
  '\u00a9dir': 'author',
  '\u00a9prd': 'author',
  '\u00a9cpy': 'author',
  cprt: 'author',
  '\u00a9cmt': 'comment',
  '\u00a9des': 'comment',
  '\u00a9inf': 'comment',
  desc: 'comment',
  ldes: 'comment',
  '\u00a9too': 'software',
  '\u00a9swr': 'software',
  '\u00a9enc': 'software',
  '\u00a9req': 'software',
  '\u00a9mak': 'device',
  '\u00a9mod': 'device',
  covr: 'thumbnail',
};

/** Keyword rules for reverse-DNS keys (com.apple.quicktime.make) and freeform `----` names. */
const KEYWORD_CATEGORIES: readonly [RegExp, FindingCategory][] = [
  [/location|iso6709|gps|latitude|longitude/i, 'location'],
  [/date|time/i, 'time'],
  [/make|model|device|camera|serial|lens/i, 'device'],
  [/software|encoder|tool|firmware/i, 'software'],
  [/author|artist|copyright|creator|publisher|owner/i, 'author'],
  [/comment|description|keywords/i, 'comment'],
  [/artwork|cover|thumbnail/i, 'thumbnail'],
];

export function itemCategory(type: string): FindingCategory {
  return ITEM_CATEGORIES[type] ?? keyCategory(type);
}

/** Apple's reverse-DNS prefix says nothing about the field (and contains "time"). */
const QUICKTIME_KEY_PREFIX = /^com\.apple\.quicktime\./i;

/** Files repeat the same few keys; a hostile one repeats one a million times. */
const keyCategories = new Map<string, FindingCategory>();
const MAX_CACHED_KEYS = 4096;

export function keyCategory(key: string): FindingCategory {
  const cached = keyCategories.get(key);
  if (cached) return cached;
  const field = key.replace(QUICKTIME_KEY_PREFIX, '');
  const category =
    KEYWORD_CATEGORIES.find(([pattern]) => pattern.test(field))?.[1] ?? 'other';
  if (keyCategories.size < MAX_CACHED_KEYS) keyCategories.set(key, category);
  return category;
}
