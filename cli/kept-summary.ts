/**
 * The report line's "kept" part, in words: each reason once ("color profile, orientation"), and
 * the things kept for the person to check counted ("8 things to check before sharing"). The
 * engine's labels are tag names (`ICC_Profile`, `NETSCAPE2.0`), so they stay in `--inspect`'s
 * words and `--json`, not here.
 */
import type { Finding, KeepReason } from '../workers/engine/index';

const KEPT: Readonly<Record<Exclude<KeepReason, 'review'>, string>> = {
  orientation: 'orientation',
  'color-profile': 'color profile',
  playback: 'what playback needs',
  accessibility: 'captions and descriptions',
  structure: 'what the file needs to open',
};

const ORDER: readonly KeepReason[] = [
  'orientation',
  'color-profile',
  'playback',
  'accessibility',
  'structure',
  'review',
];

export function keptSummary(kept: readonly Finding[]): string {
  const counts = new Map<KeepReason, number>();
  for (const f of kept)
    if (f.kept !== undefined) counts.set(f.kept, (counts.get(f.kept) ?? 0) + 1);
  return ORDER.filter((r) => counts.has(r))
    .map((r) => (r === 'review' ? reviewWords(counts.get(r) ?? 0) : KEPT[r]))
    .join(', ');
}

const reviewWords = (n: number): string =>
  `${n} ${n === 1 ? 'thing' : 'things'} to check before sharing (see --inspect)`;
