/** onMetaData keys: field ids, and the string values a player reads. */
import type { FieldId } from '../../fields';

/** Some encoders write codec ids as strings ("avc1", "mp4a"); players read them. */
export const PLAYBACK_STRING_KEYS = new Set(['videocodecid', 'audiocodecid']);

const PATTERNS: readonly [RegExp, FieldId][] = [
  [/LOCATION|GPS|LATITUDE|LONGITUDE/, 'gps.detail'],
  [/ENCODER|CREATOR|SOFTWARE|TOOL|HANDLER/, 'software.encoder'],
  [/COPYRIGHT/, 'author.copyright'],
  [/ARTIST|AUTHOR|COMPOSER|PUBLISHER/, 'author.name'],
  [/MAKE/, 'device.make'],
  [/MODEL/, 'device.model'],
  [/DEVICE|CAMERA/, 'device.name'],
  [/DATE|TIME|YEAR/, 'time.created'],
  [/^TITLE$/, 'content.title'],
  [/KEYWORDS/, 'content.keywords'],
  [/COMMENT/, 'content.comment'],
  [/DESCRIPTION|SUBJECT/, 'content.description'],
  [/XMP/, 'history.edits'],
];

export function keyField(key: string): FieldId {
  const upper = key.toUpperCase();
  return PATTERNS.find(([pattern]) => pattern.test(upper))?.[1] ?? 'other.data';
}
