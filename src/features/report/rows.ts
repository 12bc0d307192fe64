/**
 * The rows of the friendly report: per category, one row per field and value (the same camera
 * maker from EXIF and XMP is one row), a file's many timestamps folded into one, values that
 * mean nothing alone (camera setting codes, word counts, a language tag) counted in one row per
 * kind, and at most a few rows per category until the visitor asks for the rest, so a file with
 * 100,000 findings costs one pass and a handful of nodes.
 */
import type { IntlShape } from 'react-intl';
import type {
  Finding,
  FindingCategory,
  FindingItem,
} from '../../../workers/engine/index';
import { FIELDS, type FieldLabel } from '../../../workers/engine/fields';
import {
  formatDate,
  formatValue,
  isEmptyValue,
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
  /** The file inside this one the row's findings belong to (a photo in a document); absent for the file's own. */
  readonly item?: FindingItem;
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
  // Counted details per field and item: a document's word count and its photo's camera codes
  // are two rows, each saying whose it is.
  const details = new Map<
    string,
    { label: FieldLabel; item?: FindingItem; count: number }
  >();
  let rest = findings;
  if (category === 'time') {
    // Each owner's dates fold apart: the document's and its photo's are two rows.
    const byOwner = new Map<
      string,
      { item?: FindingItem; dates: ParsedDate[]; of: Finding[] }
    >();
    for (const f of findings) {
      const parsed =
        FIELDS[f.field].value === 'date' ? parseDate(f.value) : null;
      if (!parsed) continue;
      const owner = f.item?.name ?? '';
      const entry = byOwner.get(owner) ?? { item: f.item, dates: [], of: [] };
      entry.dates.push(parsed);
      entry.of.push(f);
      byOwner.set(owner, entry);
    }
    const folded = new Set<Finding>();
    for (const { item, dates, of } of byOwner.values()) {
      if (dates.length < 2) continue;
      rows.push({ ...foldedDates(intl, dates), ...(item && { item }) });
      for (const f of of) folded.add(f);
    }
    if (folded.size) rest = findings.filter((f) => !folded.has(f));
  }
  const emptyRows: Row[] = [];
  let shown = rows.length;
  let more = 0;
  for (const f of rest) {
    const { field } = f;
    const label = FIELDS[field].label as FieldLabel;
    const owner = f.item?.name ?? '';
    if (!standsAlone(field, f.value)) {
      const detailKey = `${label}\u0000${owner}`;
      const counted = details.get(detailKey);
      if (counted) counted.count += 1;
      else {
        shown += 1;
        details.set(detailKey, { label, item: f.item, count: 1 });
      }
      continue;
    }
    // Empty fields of one kind are one row, whatever blanks they held, listed after the values.
    const empty = isEmptyValue(f.value);
    const key = `${label}\u0000${empty ? '' : f.value}\u0000${owner}`;
    if (seen.has(key)) continue;
    // Past the cap, items are counted, not formatted: a hostile file's 100,000 rows cost little.
    if (shown >= cap) {
      more += 1;
      continue;
    }
    seen.add(key);
    shown += 1;
    (empty ? emptyRows : rows).push({
      label,
      value: formatValue(intl, field, f.value),
      ...(f.item && { item: f.item }),
    });
  }
  rows.push(...emptyRows);
  for (const { label, item, count } of details.values())
    rows.push({
      label,
      value: intl.formatMessage({ id: 'report.value.details' }, { count }),
      ...(item && { item }),
    });
  return { category, rows, more };
}
