/**
 * A last pass over every container box held in a region, whatever the path: a metadata box that
 * the structured walks did not reach (an `ilst` under `stbl`, a `udta` under `dinf` or `edts`, a
 * `meta` under a top-level `trak`) is still reported and turned into free space. Demuxers such as
 * FFmpeg's read `udta`, `meta`, `ilst` and `keys` under any container they descend into, so being
 * in an odd place never makes metadata invisible. The walk keeps its own stack (no recursion) and
 * stops at `MAX_DEPTH`, so neither depth nor count of boxes is the input's to choose. A `free` or
 * `skip` box it meets keeps its size, but not what it holds (free-contents.ts).
 */
import { corrupt } from '../../errors';
import type { Finding } from '../../findings';
import { MAX_DEPTH, MAX_ENTRIES } from '../../limits';
import { childrenOf, type Box } from './box';
import { FREE_SPACE_TYPES, emptyFreeBox } from './free-contents';
import type { Region } from './region';
import { isRemovable, removeBox } from './removable';

/** Boxes made only of boxes (ISO/IEC 14496-12 and QuickTime), where metadata could be nested. */
export const CONTAINER_TYPES = new Set([
  'moov',
  'trak',
  'mdia',
  'minf',
  'stbl',
  'dinf',
  'edts',
  'mvex',
  'moof',
  'traf',
  'mfra',
  'tref',
  'sinf',
  'schi',
  'gmhd',
  'tapt',
  'clip',
  'matt',
  'wave',
]);

interface Pending {
  readonly box: Box;
  readonly path: string;
  readonly depth: number;
}

/** Removes every metadata box under `root` that is still in place. */
export function sweepMetadata(
  region: Region,
  root: Box,
  findings: Finding[],
): void {
  const stack: Pending[] = [{ box: root, path: root.type, depth: 0 }];
  let visited = 0;
  while (stack.length > 0) {
    const { box, path, depth } = stack.pop()!;
    if (depth > MAX_DEPTH)
      throw corrupt(`boxes nested too deep at ${box.start}`);
    for (const child of childrenOf(region.bytes, region.base, box)) {
      if (++visited > MAX_ENTRIES)
        throw corrupt('too many boxes in one container');
      if (region.isFree(child) || FREE_SPACE_TYPES.has(child.type)) {
        const emptied = emptyFreeBox(region, child, `${path}/${child.type}`);
        if (emptied) findings.push(emptied);
        continue;
      }
      if (isRemovable(region, child)) removeBox(region, child, path, findings);
      else if (CONTAINER_TYPES.has(child.type))
        stack.push({
          box: child,
          path: `${path}/${child.type}`,
          depth: depth + 1,
        });
    }
  }
}
