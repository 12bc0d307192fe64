/** Half-open byte ranges [start, end): merging, and subtracting the ranges that must not change. */
export type Range = readonly [start: number, end: number];

export function mergeRanges(ranges: readonly Range[]): Range[] {
  const sorted = ranges.filter(([s, e]) => e > s).sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [start, end] of sorted) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

/** The parts of `ranges` outside every range of `protectedRanges` (both merged first). */
export function subtractRanges(
  ranges: readonly Range[],
  protectedRanges: readonly Range[],
): Range[] {
  const guards = mergeRanges(protectedRanges);
  const out: Range[] = [];
  for (const [start, end] of mergeRanges(ranges)) {
    let at = start;
    for (const [gs, ge] of guards) {
      if (ge <= at || gs >= end) continue;
      if (gs > at) out.push([at, gs]);
      at = Math.max(at, ge);
    }
    if (at < end) out.push([at, end]);
  }
  return out;
}
