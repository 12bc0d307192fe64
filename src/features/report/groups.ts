import type {
  Finding,
  FindingCategory,
  KeepReason,
  Sniffed,
} from '../../../workers/engine/index';
import { entryForName, extensionOf } from '../../catalog/accepted-types';

/** The report's order: what reveals the most about a person first. */
export const CATEGORY_ORDER: readonly FindingCategory[] = [
  'location',
  'time',
  'device',
  'author',
  'identifier',
  'software',
  'history',
  'comment',
  'thumbnail',
  'other',
];

export const KEEP_REASON_ORDER: readonly KeepReason[] = [
  'orientation',
  'color-profile',
  'playback',
  'accessibility',
  'structure',
  'review',
];

export interface Group<K> {
  readonly key: K;
  readonly findings: readonly Finding[];
}

function groupBy<K>(
  findings: readonly Finding[],
  order: readonly K[],
  keyOf: (f: Finding) => K | undefined,
): Group<K>[] {
  return order
    .map((key) => ({ key, findings: findings.filter((f) => keyOf(f) === key) }))
    .filter((group) => group.findings.length > 0);
}

export function groupByCategory(
  findings: readonly Finding[],
): Group<FindingCategory>[] {
  return groupBy(findings, CATEGORY_ORDER, (f) => f.category);
}

export function groupByKeepReason(
  findings: readonly Finding[],
): Group<KeepReason>[] {
  return groupBy(findings, KEEP_REASON_ORDER, (f) => f.kept);
}

/** The extension the name claims when it does not match what the bytes are, else null. */
export function misleadingExtension(
  fileName: string,
  format: Sniffed,
): string | null {
  const ext = extensionOf(fileName);
  if (!ext || ext === format.extension) return null;
  return entryForName(fileName)?.id === format.id ? null : ext;
}
