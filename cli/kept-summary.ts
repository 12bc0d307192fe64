/**
 * The report line's "kept" part: each thing kept on purpose named once, with how many times and
 * why in words ("header or footer text ×8 (check before sharing)"), never the reason's id.
 */
import type { Finding, KeepReason } from '../workers/engine/index';
import { escapeForTerminal } from './report-text';

const WHY: Readonly<Record<KeepReason, string>> = {
  orientation: 'keeps the picture the right way up',
  'color-profile': 'keeps the colors accurate',
  playback: 'needed to play the file',
  accessibility: 'captions and descriptions people rely on',
  structure: 'needed for the file to open',
  review: 'check before sharing',
};

export function keptSummary(kept: readonly Finding[]): string {
  const counts = new Map<string, { label: string; why: string; n: number }>();
  for (const f of kept) {
    if (f.kept === undefined) continue;
    const key = `${f.label}\u0000${f.kept}`;
    const seen = counts.get(key);
    if (seen) seen.n += 1;
    else counts.set(key, { label: f.label, why: WHY[f.kept], n: 1 });
  }
  return [...counts.values()]
    .map(
      ({ label, why, n }) =>
        `${escapeForTerminal(label)}${n > 1 ? ` ×${n}` : ''} (${why})`,
    )
    .join(', ');
}
