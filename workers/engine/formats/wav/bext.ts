/**
 * The Broadcast Wave `bext` chunk (EBU Tech 3285 v2, section 2.3): fixed-width ASCII fields for
 * the description, originator, origination date and time, a UMID, then free-form coding history.
 */
import { decodeLatin1 } from '../../bytes';
import type { FieldId } from '../../fields';
import { finding, type Finding } from '../../findings';

/** [label, offset, length, field]. */
type Field = readonly [string, number, number, FieldId];
const FIELDS: readonly Field[] = [
  ['Description', 0, 256, 'content.description'],
  ['Originator', 256, 32, 'author.organization'],
  ['OriginatorReference', 288, 32, 'identifier.unique'],
];
const DATE_AT = 320;
const DATE_BYTES = 10;
const TIME_AT = 330;
const TIME_BYTES = 8;
const UMID_AT = 348;
const UMID_BYTES = 64;
const CODING_HISTORY_AT = 602;

function text(b: Uint8Array, at: number, length: number): string {
  return decodeLatin1(b.subarray(at, at + length))
    .replace(/\0.*$/s, '')
    .trim();
}

/** `2021-03-04` and `05:06:07` (the standard allows any separator) as ISO 8601. */
function originationDate(b: Uint8Array): string {
  const date = text(b, DATE_AT, DATE_BYTES).replace(/\D/g, '-');
  const time = text(b, TIME_AT, TIME_BYTES).replace(/\D/g, ':');
  return time ? `${date}T${time}` : date;
}

export function bextFindings(b: Uint8Array, location: string): Finding[] {
  const where = `${location}/bext`;
  const found = FIELDS.flatMap(([label, at, length, field]) => {
    const value = text(b, at, length);
    return value ? [finding(field, label, where, value)] : [];
  });
  const date = originationDate(b);
  if (/\d/.test(date))
    found.push(finding('time.created', 'OriginationDate', where, date));
  if (b.subarray(UMID_AT, UMID_AT + UMID_BYTES).some((x) => x !== 0))
    found.push(finding('identifier.unique', 'UMID', where));
  const history = text(b, CODING_HISTORY_AT, b.length);
  if (history)
    found.push(finding('history.edits', 'CodingHistory', where, history));
  return found.length > 0 ? found : [finding('other.data', 'bext', where)];
}
