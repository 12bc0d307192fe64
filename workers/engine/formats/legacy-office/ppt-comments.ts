/**
 * The parts of a PowerPoint comment ([MS-PPT] 2.4.23 Comment10Container) that say who, what and
 * when: its author and initials (CStrings 0 and 2) become NULs, its text (CString 1, and any
 * other) spaces, and the date of its Comment10Atom (2.4.22) zeros. The comment stays where it
 * is, empty, so no record moves and a reader still finds the structure it expects.
 */
import { u16le } from '../../bytes';
import type { FieldId } from '../../fields';
import { isBlank } from './storage';

const RT_CSTRING = 0x0fba;
const RT_COMMENT10_ATOM = 0x2ee1;
/** [MS-PPT] 2.4.23: which CString of the container says what. */
const CSTRINGS: ReadonlyMap<number, [FieldId, string]> = new Map([
  [0, ['author.person', 'Comment author']],
  [2, ['author.person', 'Comment initials']],
]);
/**
 * Any other CString of a comment is taken for its text (instance 1): one at an instance 2.4.23
 * does not list still travels with the file, so it is emptied too.
 */
const TEXT: [FieldId, string] = ['content.emptied-comment', 'Comment text'];
/** [MS-PPT] 2.4.22 Comment10Atom: nIndex (4 bytes), then datetime, a 16-byte SystemTime. */
const DATE_AT = 4;
const SYSTEM_TIME_BYTES = 16;
const SPACE = 0x20;
const MONTHS = 12;
const DAYS = 31;
const HOURS = 24;
const MINUTES = 60;
const SECONDS = 60;

/** What one atom of a comment holds, and the bytes of the same size that replace it. */
export interface CommentPart {
  readonly field: FieldId;
  readonly label: string;
  readonly value: string | undefined;
  /** Where the replacement starts in the atom's data. */
  readonly at: number;
  readonly blank: Uint8Array;
}

/** Whether an atom of a Comment10Container is one this module reads. */
export const isCommentPart = (type: number): boolean =>
  type === RT_CSTRING || type === RT_COMMENT10_ATOM;

/** The part an atom of a comment holds, or null when it holds nothing to remove. */
export function commentPart(
  type: number,
  instance: number,
  data: Uint8Array,
): CommentPart | null {
  if (type === RT_COMMENT10_ATOM) return commentDate(data);
  if (type !== RT_CSTRING) return null;
  const named = CSTRINGS.get(instance);
  const text = new TextDecoder('utf-16le').decode(data);
  if (isBlank(text)) return null;
  const blank = new Uint8Array(data.length);
  if (!named) for (let i = 0; i + 1 < blank.length; i += 2) blank[i] = SPACE;
  const [field, label] = named ?? TEXT;
  return { field, label, value: text.trim(), at: 0, blank };
}

/** [MS-DTYP] 2.3.13 SYSTEMTIME: year, month, day of week, day, hour, minute, second, ms. */
function commentDate(data: Uint8Array): CommentPart | null {
  if (data.length < DATE_AT + SYSTEM_TIME_BYTES) return null;
  const time = data.subarray(DATE_AT, DATE_AT + SYSTEM_TIME_BYTES);
  if (time.every((b) => b === 0)) return null;
  const [year, month, , day, hour, minute, second] = Array.from(
    { length: 7 },
    (_, i) => u16le(time, i * 2),
  ) as number[];
  const two = (n: number) => String(n).padStart(2, '0');
  const valid =
    month! >= 1 &&
    month! <= MONTHS &&
    day! >= 1 &&
    day! <= DAYS &&
    hour! < HOURS &&
    minute! < MINUTES &&
    second! < SECONDS;
  return {
    field: 'time.created',
    label: 'Comment10Atom datetime',
    value: valid
      ? `${year}-${two(month!)}-${two(day!)}T${two(hour!)}:${two(minute!)}:${two(second!)}`
      : undefined,
    at: DATE_AT,
    blank: new Uint8Array(SYSTEM_TIME_BYTES),
  };
}
