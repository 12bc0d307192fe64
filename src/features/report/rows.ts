/**
 * The rows of the friendly report: per category, one row per field and value (the same camera
 * maker from EXIF and XMP is one row), a file's many timestamps folded into one, values that
 * mean nothing alone (camera setting codes, word counts, a language tag) counted in one row per
 * kind, and at most a few rows per category until the visitor asks for the rest, so a file with
 * 100,000 findings costs one pass and a handful of nodes.
 */
import type { IntlShape } from 'react-intl';
import type { Finding, FindingCategory } from '../../../workers/engine/index';
import { FIELDS, type FieldLabel } from '../../../workers/engine/fields';
import {
  formatDate,
  formatValue,
  parseDate,
  standsAlone,
  type ParsedDate,
} from './values';

/** Rows a category shows before "and N more". */
export const ROWS_PER_CATEGORY = 8;
/** Rows a category shows once opened; past this, the technical details list the rest. */
export const ROWS_WHEN_OPEN = 200;

export interface Row {
  /** The field's words: the message `report.field.<label>` (`dates` for folded timestamps). */
  readonly label: FieldLabel | 'dates';
  readonly value: string;
}

export interface CategoryRows {
  readonly category: FindingCategory;
  readonly rows: readonly Row[];
  /** Rows past the cap, counted, not built. */
  readonly more: number;
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
  return { label: 'dates', value };
}

/** One category's rows, folding repeated values, dates and details. */
export function categoryRows(
  intl: IntlShape,
  category: FindingCategory,
  findings: readonly Finding[],
  cap = ROWS_PER_CATEGORY,
): CategoryRows {
  const rows: Row[] = [];
  const seen = new Set<string>();
  const details = new Map<FieldLabel, number>();
  let rest = findings;
  if (category === 'time') {
    const dates: ParsedDate[] = [];
    const undated: Finding[] = [];
    for (const f of findings) {
      const parsed =
        FIELDS[f.field].value === 'date' ? parseDate(f.value) : null;
      if (parsed) dates.push(parsed);
      else undated.push(f);
    }
    if (dates.length > 1) {
      rows.push(foldedDates(intl, dates));
      rest = undated;
    }
  }
  let shown = rows.length;
  let more = 0;
  for (const f of rest) {
    const { field } = f;
    const label = FIELDS[field].label as FieldLabel;
    if (!standsAlone(field, f.value)) {
      if (!details.has(label)) shown += 1;
      details.set(label, (details.get(label) ?? 0) + 1);
      continue;
    }
    const key = `${label}\u0000${f.value ?? ''}`;
    if (seen.has(key)) continue;
    // Past the cap, items are counted, not formatted: a hostile file's 100,000 rows cost little.
    if (shown >= cap) {
      more += 1;
      continue;
    }
    seen.add(key);
    shown += 1;
    rows.push({ label, value: formatValue(intl, field, f.value) });
  }
  for (const [label, count] of details)
    rows.push({
      label,
      value: intl.formatMessage({ id: 'report.value.details' }, { count }),
    });
  return { category, rows, more };
}
