/** Which report category a Matroska tag name (RFC 9559 "Matroska Tagging" names) falls in. */
import type { FindingCategory } from '../../findings';

const CATEGORY_PATTERNS: readonly [RegExp, FindingCategory][] = [
  [/LOCATION|GPS|ISO6709|COORDINATE/, 'location'],
  [/ENCODED_BY/, 'author'],
  [/ENCODER|SOFTWARE|WRITING_APP|HANDLER|MUXER|TOOL/, 'software'],
  [/MAKE|MODEL|DEVICE|CAMERA/, 'device'],
  [/DATE|TIME|YEAR/, 'time'],
  [
    /ARTIST|AUTHOR|COMPOSER|PERFORMER|COPYRIGHT|PRODUCER|DIRECTOR|LYRICIST|PUBLISHER|WRITTEN_BY|LICENSE|OWNER/,
    'author',
  ],
  [/COMMENT|DESCRIPTION|SYNOPSIS|SUMMARY|KEYWORDS|SUBJECT/, 'comment'],
  [/UID|ISRC|BARCODE|CATALOG|UUID|SERIAL/, 'identifier'],
];

export function tagCategory(name: string): FindingCategory {
  const upper = name.toUpperCase();
  return (
    CATEGORY_PATTERNS.find(([pattern]) => pattern.test(upper))?.[1] ?? 'other'
  );
}
