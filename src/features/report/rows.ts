/**
 * The rows of the friendly report: per category, one row per field and value (the same camera
 * maker from EXIF and XMP is one row), a file's many timestamps folded into one, and at most a
 * few rows per category, so a file with 100,000 findings costs one pass and a handful of nodes.
 */
import type { IntlShape } from 'react-intl';
import type { Finding, FindingCategory } from '../../../workers/engine/index';
import { fieldOf, type FieldId } from './fields';
import { formatDate, formatValue, parseDate, type ParsedDate } from './values';

/** Rows a category shows before "and N more"; the technical details list the rest. */
export const ROWS_PER_CATEGORY = 8;

export interface Row {
  /** `dates` is the folded row of several timestamps. */
  readonly field: FieldId | 'dates';
  readonly value: string;
}

export interface CategoryRows {
  readonly category: FindingCategory;
  readonly rows: readonly Row[];
  /** Items past the cap (the technical details list them). */
  readonly more: number;
}

/** Field ids by raw label: a file repeats a few labels many times. */
export function fieldCache(): (f: Finding) => FieldId {
  const cache = new Map<string, FieldId>();
  return (f) => {
    const key = `${f.category}\u0000${f.label}`;
    let field = cache.get(key);
    if (field === undefined) {
      field = fieldOf(f);
      cache.set(key, field);
    }
    return field;
  };
}

function foldedDates(intl: IntlShape, dates: readonly ParsedDate[]): Row {
  let first = dates[0]!;
  let last = first;
  for (const d of dates) {
    if (d.date < first.date) first = d;
    if (d.date > last.date) last = d;
  }
  const day = (d: ParsedDate) => formatDate(intl, { ...d, hasTime: false });
  const value =
    first.day === last.day
      ? intl.formatMessage(
          { id: 'report.value.dates-same-day' },
          { count: dates.length, date: day(first) },
        )
      : intl.formatMessage(
          { id: 'report.value.dates-range' },
          { count: dates.length, first: day(first), last: day(last) },
        );
  return { field: 'dates', value };
}

/** One category's rows, folding repeated values and the dates of a file with many of them. */
export function categoryRows(
  intl: IntlShape,
  category: FindingCategory,
  findings: readonly Finding[],
  fieldFor: (f: Finding) => FieldId = fieldOf,
  cap = ROWS_PER_CATEGORY,
): CategoryRows {
  const rows: Row[] = [];
  const seen = new Set<string>();
  let rest = findings;
  if (category === 'time') {
    const dates: ParsedDate[] = [];
    const undated: Finding[] = [];
    for (const f of findings) {
      const parsed = parseDate(f.value);
      if (parsed) dates.push(parsed);
      else undated.push(f);
    }
    if (dates.length > 1) {
      rows.push(foldedDates(intl, dates));
      rest = undated;
    }
  }
  let index = 0;
  for (; index < rest.length && rows.length < cap; index++) {
    const f = rest[index]!;
    const field = fieldFor(f);
    const key = `${field}\u0000${f.value ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    rows.push({ field, value: formatValue(intl, field, f.value) });
  }
  // Past the cap, items are counted, not read: a hostile file's 100,000 rows cost nothing more.
  return { category, rows, more: rest.length - index };
}
