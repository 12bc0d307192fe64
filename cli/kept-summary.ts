/**
 * The report line's "kept" part, in words: each reason once ("color profile, orientation"), and
 * the things kept for the person to check counted ("8 things to check before sharing"). The
 * engine's labels are tag names (`ICC_Profile`, `NETSCAPE2.0`), so they stay in `--inspect`'s
 * words and `--json`, not here.
 */
import type { Finding, KeepReason } from '../workers/engine/index';
import { groupByKeepReason } from '../src/features/report/groups';

const KEPT: Readonly<Record<Exclude<KeepReason, 'review'>, string>> = {
  orientation: 'orientation',
  'color-profile': 'color profile',
  playback: 'what playback needs',
  accessibility: 'captions and descriptions',
  structure: 'what the file needs to open',
};

export function keptSummary(kept: readonly Finding[]): string {
  return groupByKeepReason(kept)
    .map(({ key, findings }) =>
      key === 'review' ? reviewWords(findings.length) : KEPT[key],
    )
    .join(', ');
}

const reviewWords = (n: number): string =>
  `${n} ${n === 1 ? 'thing' : 'things'} to check before sharing (see --inspect)`;
