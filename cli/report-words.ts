/**
 * The terminal's words for findings: the site's English, from the same field table (`FIELDS`)
 * and the same value forms, so `--inspect` says "Place: 36.12° N, 115.17° W" where the site does,
 * never a raw tag name or a number without its unit. The item a finding belongs to is named
 * ("in image1.jpeg inside this document"); raw names and locations stay in `--json`.
 */
import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import report from '../i18n/messages/report/en.json';
import uploader from '../i18n/messages/uploader/en.json';
import { keptOnPurpose, removable } from '../workers/engine/findings';
import type {
  Finding,
  FindingCategory,
  ItemKind,
  KeepReason,
} from '../workers/engine/index';
import {
  groupByCategory,
  groupByKeepReason,
} from '../src/features/report/groups';
import { categoryRows } from '../src/features/report/rows';
import { oneLine } from './report-text';

/**
 * Made on the first words asked for: a plain clean prints none, and making it at load time cost
 * every run of the command a tenth of its start.
 */
let madeIntl: IntlShape | undefined;
const intl = (): IntlShape =>
  (madeIntl ??= createIntl(
    { locale: 'en', messages: { ...uploader, ...report } },
    createIntlCache(),
  ));

/**
 * The site keeps "6.5 KB" on one line with U+00A0; a terminal does not wrap at spaces, and a plain
 * one is what `grep "6.5 KB"` finds.
 */
const NO_BREAK_SPACE = /\u00a0/g;

/** Every row the site would show once opened, with no cap: the terminal lists them all. */
const NO_CAP = Number.MAX_SAFE_INTEGER;

const words = (id: string): string => intl().formatMessage({ id });

/** "image1.jpeg inside this document", from an item's path through its containers. */
export function itemPhrase(item: Finding['item'], container: ItemKind): string {
  if (!item) return `this ${container}`;
  const innermost = item.name.split(' / ').pop() ?? item.name;
  const base = innermost.slice(innermost.lastIndexOf('/') + 1) || innermost;
  return `${base} inside this ${container}`;
}

function categoryLines(
  category: FindingCategory,
  findings: readonly Finding[],
): string[] {
  const { rows } = categoryRows(intl(), category, findings, NO_CAP);
  return [
    `    ${words(`report.category.${category}`)}:`,
    ...rows.map((r) => `      ${words(`report.field.${r.label}`)}: ${r.value}`),
  ];
}

/** Findings by the item they belong to: the file's own first, then each item in order. */
function byItem(findings: readonly Finding[]): Map<string, Finding[]> {
  const groups = new Map<string, Finding[]>([['', []]]);
  for (const f of findings) {
    const key = f.item?.name ?? '';
    const group = groups.get(key);
    if (group) group.push(f);
    else groups.set(key, [f]);
  }
  return groups;
}

/** The removable findings in words, per item and category, as the site's rows. */
export function removableLines(
  findings: readonly Finding[],
  container: ItemKind,
): string[] {
  const lines: string[] = [];
  for (const group of byItem(findings).values()) {
    if (!group.length) continue;
    const item = group[0]!.item;
    // A nested item's full path when its name alone does not say where it is.
    const path = item?.name.includes('/') ? ` (${item.name})` : '';
    lines.push(`  In ${itemPhrase(item, container)}${path}:`);
    for (const { key, findings: of } of groupByCategory(group))
      lines.push(...categoryLines(key, of));
  }
  return lines;
}

/** What is kept on purpose, once per reason, in words. */
export function keptLines(findings: readonly Finding[]): string[] {
  const reasons = groupByKeepReason(findings).map(({ key }) => key);
  if (!reasons.length) return [];
  return [
    `  ${words('report.kept')}:`,
    ...reasons.map((r: KeepReason) => `    ${words(`report.kept.${r}`)}`),
  ];
}

/**
 * Human-readable lines for a file's findings, for the terminal: per item (the file's own, then
 * each file inside it) and category, in the site's English words and value forms, then what is
 * kept on purpose. `container` is what the file is ("inside this document").
 */
export function findingLines(
  findings: readonly Finding[],
  container: ItemKind = 'file',
): string[] {
  return [
    ...removableLines(findings.filter(removable), container),
    ...keptLines(findings.filter(keptOnPurpose)),
  ].map((line) => oneLine(line).replace(NO_BREAK_SPACE, ' '));
}
