/**
 * A label or value the engine wrote in its own English ("hidden sheet", "bytes after the end",
 * "timecode (time of day)") in the visitor's words; the file's own names stay as written.
 */
import type { IntlShape } from 'react-intl';
import type { FieldId } from '../../../workers/engine/fields';
import { phraseOf } from '../../../workers/engine/phrases';

/** The words for `text` when it is one of the engine's phrases, else `null`. */
export function phraseWords(
  intl: IntlShape,
  text: string,
  field: FieldId,
): string | null {
  const phrase = phraseOf(text, field);
  if (!phrase) return null;
  const name = phrase.name ?? '';
  return intl.formatMessage(
    { id: `report.phrase.${phrase.id}` },
    { name, count: Number(name) || 0 },
  );
}
