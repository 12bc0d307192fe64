/** onMetaData keys: report categories, and the string values a player reads. */
import type { FindingCategory } from '../../findings';

/** Some encoders write codec ids as strings ("avc1", "mp4a"); players read them. */
export const PLAYBACK_STRING_KEYS = new Set(['videocodecid', 'audiocodecid']);

const PATTERNS: readonly [RegExp, FindingCategory][] = [
  [/LOCATION|GPS|LATITUDE|LONGITUDE/, 'location'],
  [/ENCODER|CREATOR|SOFTWARE|TOOL|HANDLER/, 'software'],
  [/ARTIST|AUTHOR|COPYRIGHT|COMPOSER|PUBLISHER/, 'author'],
  [/MAKE|MODEL|DEVICE|CAMERA/, 'device'],
  [/DATE|TIME|YEAR/, 'time'],
  [/COMMENT|DESCRIPTION|KEYWORDS|SUBJECT/, 'comment'],
  [/XMP/, 'history'],
];

export function keyCategory(key: string): FindingCategory {
  const upper = key.toUpperCase();
  return PATTERNS.find(([pattern]) => pattern.test(upper))?.[1] ?? 'other';
}
