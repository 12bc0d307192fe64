import type { Finding } from '../workers/engine/index';

/** Human-readable lines for a file's findings, grouped by category, for the terminal. */
export function findingLines(findings: readonly Finding[]): string[] {
  const byCategory = new Map<string, Finding[]>();
  for (const f of findings) {
    byCategory.set(f.category, [...(byCategory.get(f.category) ?? []), f]);
  }
  const lines: string[] = [];
  for (const [category, items] of byCategory) {
    lines.push(`  ${category}:`);
    for (const f of items) {
      const value = f.value === undefined ? '' : ` = ${oneLine(f.value)}`;
      const kept = f.kept ? ` (kept: ${f.kept})` : '';
      lines.push(`    ${f.label}${value}  [${f.location}]${kept}`);
    }
  }
  return lines;
}

/** Control characters in metadata must not reach the terminal as escape sequences. */
function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ');
}

export function countByCategory(findings: readonly Finding[]): string {
  const counts = new Map<string, number>();
  for (const f of findings)
    counts.set(f.category, (counts.get(f.category) ?? 0) + 1);
  return [...counts].map(([c, n]) => `${c} ${n}`).join(', ');
}
