/**
 * Values written for people: dates in the visitor's calendar words, "1/458 s", "f/1.8",
 * "261 m", "43.47° N, 11.89° E", and "binary data, 1.2 KB" instead of bytes nobody can read.
 */
import type { IntlShape } from 'react-intl';
import { formatBytes } from '../../components/format-bytes';
import {
  FIELDS,
  type FieldId,
  type FieldValueForm,
} from '../../../workers/engine/fields';
import { actionWords } from './event-action';
import { phraseWords } from './phrase-words';
import { pictureWords } from './picture-value';
import { softwareName } from './software-name';

/** ISO 8601 as the engine writes dates: date, optional time, optional zone. */
const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/;

export interface ParsedDate {
  /** The wall-clock time as written, stored as UTC so no time zone shifts it. */
  readonly date: Date;
  readonly hasTime: boolean;
  /** The value was in UTC (`Z`), as video containers store it. */
  readonly utc: boolean;
  /** `YYYY-MM-DD`, to tell whether several dates fall on one day. */
  readonly day: string;
}

export function parseDate(value: string | undefined): ParsedDate | null {
  const match = value ? ISO_DATE.exec(value.trim()) : null;
  if (!match) return null;
  const [, y, mo, d, h, mi, s, zone] = match;
  const date = new Date(
    Date.UTC(
      Number(y),
      Number(mo) - 1,
      Number(d),
      Number(h ?? 0),
      Number(mi ?? 0),
      Number(s ?? 0),
    ),
  );
  if (Number.isNaN(date.getTime())) return null;
  return {
    date,
    hasTime: h !== undefined,
    utc: zone === 'Z',
    day: `${y}-${mo}-${d}`,
  };
}

export function formatDate(intl: IntlShape, parsed: ParsedDate): string {
  return intl.formatDate(parsed.date, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    ...(parsed.hasTime ? { hour: 'numeric', minute: '2-digit' } : {}),
    timeZone: 'UTC',
    ...(parsed.utc && parsed.hasTime ? { timeZoneName: 'short' } : {}),
  });
}

/** "43.467448, 11.885127" (decimal degrees, as the engine reports positions). */
const DECIMAL_PAIR = /^\s*(-?\d{1,3}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)/;

export interface LatLon {
  readonly lat: number;
  readonly lon: number;
}

export function parseLatLon(value: string | undefined): LatLon | null {
  const match = value ? DECIMAL_PAIR.exec(value) : null;
  if (!match) return null;
  const lat = Number(match[1]);
  const lon = Number(match[2]);
  if (Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  return { lat, lon };
}

/** Two decimals of a degree: about a kilometre, enough to recognise the place. */
const COORDINATE_DIGITS = 2;

export function formatLatLon(intl: IntlShape, { lat, lon }: LatLon): string {
  const degrees = (n: number) =>
    intl.formatNumber(Math.abs(n), {
      minimumFractionDigits: COORDINATE_DIGITS,
      maximumFractionDigits: COORDINATE_DIGITS,
    });
  return intl.formatMessage(
    { id: 'report.value.coordinates' },
    {
      lat: degrees(lat),
      north: lat >= 0 ? 'yes' : 'no',
      lon: degrees(lon),
      east: lon >= 0 ? 'yes' : 'no',
    },
  );
}

/** How the engine writes the size of a block it does not decode. */
const BYTE_COUNT = /^(?:image, )?(\d+) bytes(?:, not parsed)?$/;
/** C0 controls other than tab and line breaks, and the replacement character of bad UTF-8. */
// eslint-disable-next-line no-control-regex -- control characters are what this looks for
const UNREADABLE_CHAR = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffd]/g;
/** A value with this share of unreadable characters is binary, not text. */
const UNREADABLE_SHARE = 0.1;
const MAX_TEXT_CHARS = 200;

function isUnreadable(value: string): boolean {
  const bad = value.match(UNREADABLE_CHAR)?.length ?? 0;
  return bad > 0 && bad / value.length >= UNREADABLE_SHARE;
}

function binary(intl: IntlShape, bytes: number | undefined): string {
  return bytes === undefined
    ? intl.formatMessage({ id: 'report.value.binary' })
    : intl.formatMessage(
        { id: 'report.value.binary-size' },
        { size: formatBytes(intl, bytes) },
      );
}

function numberOf(value: string): number | null {
  const n = Number.parseFloat(value);
  return Number.isFinite(n) ? n : null;
}

/** How the engine writes a speed (`FieldValueForm` `speed`): a number and its unit. */
const SPEED = /^\s*(-?\d+(?:\.\d+)?(?:e-?\d+)?)\s+(km\/h|mph|kn)\s*$/;
const INTL_SPEED_UNITS: Readonly<Record<string, string>> = {
  'km/h': 'kilometer-per-hour',
  mph: 'mile-per-hour',
};
/** How the engine writes a bearing: degrees, then `true` or `magnetic` when known. */
const BEARING = /^\s*(-?\d+(?:\.\d+)?(?:e-?\d+)?)(?:\s+(true|magnetic))?\s*$/;
/** A date that is only a year (ID3 `TYER`, a RIFF `ICRD` of four digits). */
const YEAR = /^\s*(\d{4})\s*$/;
const ONE_DECIMAL = 1;

function formatNumeric(
  intl: IntlShape,
  form: FieldValueForm,
  value: string,
): string | null {
  if (form === 'speed') {
    const m = SPEED.exec(value);
    if (!m) return null;
    const n = Number(m[1]);
    const unit = INTL_SPEED_UNITS[m[2]!];
    return unit
      ? intl.formatNumber(n, {
          style: 'unit',
          unit,
          maximumFractionDigits: ONE_DECIMAL,
        })
      : intl.formatMessage(
          { id: 'report.value.knots' },
          {
            speed: intl.formatNumber(n, { maximumFractionDigits: ONE_DECIMAL }),
          },
        );
  }
  if (form === 'bearing') {
    const m = BEARING.exec(value);
    if (!m) return null;
    // Narrow: the short form of English is "349 deg", an abbreviation nobody writes of a bearing.
    const degrees = intl.formatNumber(Number(m[1]), {
      style: 'unit',
      unit: 'degree',
      unitDisplay: 'narrow',
      maximumFractionDigits: 0,
    });
    return m[2]
      ? intl.formatMessage(
          { id: 'report.value.bearing' },
          { degrees, reference: m[2] },
        )
      : degrees;
  }
  const n = numberOf(value);
  if (n === null) return null;
  const unit = (name: string, digits: number) =>
    intl.formatNumber(n, {
      style: 'unit',
      unit: name,
      maximumFractionDigits: digits,
    });
  switch (form) {
    case 'exposure':
      return n > 0 && n < 1
        ? intl.formatMessage(
            { id: 'report.value.exposure' },
            { denominator: Math.round(1 / n) },
          )
        : unit('second', 1);
    case 'aperture':
      return `f/${intl.formatNumber(n, { maximumFractionDigits: 1 })}`;
    case 'focal-length':
      return unit('millimeter', 1);
    case 'metres':
      return unit('meter', 0);
    case 'minutes':
      return unit('minute', 0);
    case 'iso':
      return `ISO ${intl.formatNumber(n, { maximumFractionDigits: 0 })}`;
    case 'revision':
      return intl.formatMessage(
        { id: 'report.value.revision' },
        { revision: intl.formatNumber(n, { maximumFractionDigits: 0 }) },
      );
    default:
      return null;
  }
}

const NUMERIC_FORMS: ReadonlySet<FieldValueForm> = new Set<FieldValueForm>([
  'exposure',
  'aperture',
  'focal-length',
  'metres',
  'minutes',
  'iso',
  'revision',
  'speed',
  'bearing',
]);

/** The value is readable words or numbers (not absent, not bytes). */
export function isReadable(value: string | undefined): value is string {
  return (
    value !== undefined &&
    value !== '' &&
    value !== 'unreadable' &&
    !BYTE_COUNT.test(value) &&
    !isUnreadable(value)
  );
}

/**
 * The field is there and holds nothing (an empty property, a tag of spaces): the engine gives an
 * empty value, where an absent one means bytes it did not read as text.
 */
export function isEmptyValue(value: string | undefined): boolean {
  return value !== undefined && value.trim() === '';
}

/**
 * Whether the report can show a value on its own: a number the table gives a unit, a date, a
 * position, words, or that the field was empty. A `detail` (a code, a count, a language tag) or a
 * numeric form whose value does not parse is counted instead, its raw form left to the technical
 * details.
 */
export function standsAlone(
  field: FieldId,
  value: string | undefined,
): boolean {
  const form = FIELDS[field].value;
  if (form === 'binary') return true;
  // Counted kinds count their empty ones too ("Other hidden data: 15 details").
  if (form === 'detail') return false;
  // "Last saved by: 1 detail" would count what was not there.
  if (isEmptyValue(value)) return true;
  // No value at all says nothing ("Author: binary data" would be untrue); bytes of a known size
  // are shown as such.
  if (value === undefined || value === 'unreadable') return false;
  if (!isReadable(value)) return true;
  // A date that is only a year ("1337" in an MP3's TYER) is a date, not a lone number.
  if (form === 'date' && YEAR.test(value)) return true;
  if (NUMERIC_FORMS.has(form)) return /\d/.test(value);
  return !LONE_TOKEN.test(value);
}

/** A lone letter or a bare number: nothing a reader can take in without its neighbour. */
export const LONE_TOKEN = /^\s*(?:\p{L}|[+-]?\d+(?:[.,]\d+)*)\s*$/u;

/**
 * An editing event's words: the action XMP lists in the visitor's words, and the date, when it has
 * one, in their calendar words.
 */
function formatEvent(intl: IntlShape, value: string): string {
  const split = value.indexOf(', ');
  const date = parseDate(split < 0 ? value : value.slice(0, split));
  const what = date ? (split < 0 ? '' : value.slice(split + 2)) : value;
  const words = withActionWords(intl, what);
  if (!date) return words;
  const when = formatDate(intl, date);
  return words
    ? intl.formatMessage(
        { id: 'report.value.event' },
        { what: words, date: when },
      )
    : when;
}

/**
 * The event's first part, what was done: translated when XMP lists it, quoted when not, left out
 * when the file left it empty.
 */
function withActionWords(intl: IntlShape, what: string): string {
  const [first = '', ...rest] = what.split(', ');
  // A part the file did not write (an app before the part changed) keeps its place in the value,
  // empty; it is not shown.
  const words = actionWords(intl, first);
  return [...(words === null ? [] : [words]), ...rest.filter(Boolean)].join(
    ', ',
  );
}

/** A finding's value as the report shows it; never raw bytes, never a screen of digits. */
export function formatValue(
  intl: IntlShape,
  field: FieldId,
  value: string | undefined,
): string {
  if (isEmptyValue(value))
    return intl.formatMessage({ id: 'report.value.empty' });
  if (value === undefined || value === 'unreadable')
    return binary(intl, undefined);
  const bytes = BYTE_COUNT.exec(value);
  if (bytes) return binary(intl, Number(bytes[1]));
  if (isUnreadable(value)) return binary(intl, value.length);
  const form = FIELDS[field].value;
  // Words the engine wrote for what the file holds ("timecode track"), in the visitor's words; a
  // file's own text that reads like a phrase stays the file's.
  if (form === 'phrase') return phraseWords(intl, value, field) ?? value;
  if (form === 'position') {
    const position = parseLatLon(value);
    if (position) return formatLatLon(intl, position);
  }
  if (form === 'date' || FIELDS[field].category === 'time') {
    const year = YEAR.exec(value);
    if (year)
      return intl.formatMessage({ id: 'report.value.year' }, { year: year[1] });
    const date = parseDate(value);
    if (date) return formatDate(intl, date);
  }
  if (NUMERIC_FORMS.has(form)) {
    const text = formatNumeric(intl, form, value);
    if (text) return text;
  }
  const shown =
    form === 'binary'
      ? (pictureWords(intl, value) ?? value)
      : form === 'software'
        ? softwareName(value)
        : form === 'event'
          ? formatEvent(intl, value)
          : value;
  return shown.length > MAX_TEXT_CHARS
    ? `${shown.slice(0, MAX_TEXT_CHARS)}…`
    : shown;
}
