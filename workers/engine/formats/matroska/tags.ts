/** The field a Matroska tag name (RFC 9559 "Matroska Tagging" names) holds. */
import type { FieldId } from '../../fields';

const FIELD_PATTERNS: readonly [RegExp, FieldId][] = [
  [/ISO6709|COORDINATE/, 'gps.position'],
  [/LOCATION|GPS/, 'place.name'],
  [/ENCODED_BY/, 'author.name'],
  [/ENCODER|SOFTWARE|WRITING_APP|HANDLER|MUXER|TOOL/, 'software.encoder'],
  [/MAKE/, 'device.make'],
  [/MODEL/, 'device.model'],
  [/DEVICE|CAMERA/, 'device.name'],
  [/DATE|TIME|YEAR/, 'time.created'],
  [/COPYRIGHT|LICENSE/, 'author.copyright'],
  [/PUBLISHER/, 'author.organization'],
  [
    /ARTIST|AUTHOR|COMPOSER|PERFORMER|PRODUCER|DIRECTOR|LYRICIST|WRITTEN_BY|OWNER/,
    'author.name',
  ],
  [/^TITLE$/, 'content.title'],
  [/KEYWORDS/, 'content.keywords'],
  [/COMMENT/, 'content.comment'],
  [/DESCRIPTION|SYNOPSIS|SUMMARY|SUBJECT/, 'content.description'],
  [/UID|ISRC|BARCODE|CATALOG|UUID|SERIAL/, 'identifier.unique'],
];

/** The field of a tag; genre, track numbers and the like are details. */
export function tagField(name: string): FieldId {
  const upper = name.toUpperCase();
  return (
    FIELD_PATTERNS.find(([pattern]) => pattern.test(upper))?.[1] ??
    'content.detail'
  );
}
