/**
 * Where in a file a finding was, in the visitor's words where the engine wrote the words ("first
 * frame at byte 211", "comment extension"); the file's own names (`Segment/Info`, `APP1 Exif`, a
 * zip member's path) stay as written.
 */
import type { IntlShape } from 'react-intl';
import { locationParts } from '../../../workers/engine/location-phrases';

/** The location in the visitor's words, or `null` when the engine wrote none of it. */
export function locationWords(
  intl: IntlShape,
  location: string,
  depth = 0,
): string | null {
  const parts = locationParts(location);
  if (parts.every((p) => 'text' in p)) return null;
  return parts
    .map((p) => {
      if ('text' in p) return p.text;
      // A name may itself be a place the engine named ("inline image on page 3").
      const name =
        p.name === undefined
          ? ''
          : depth < 2
            ? (locationWords(intl, p.name, depth + 1) ?? p.name)
            : p.name;
      return intl.formatMessage({ id: `report.where.${p.id}` }, { name });
    })
    .join('');
}
