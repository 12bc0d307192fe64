/**
 * Masters whose children RFC 9559 lists in full (Cues, Clusters): a child the list does not name
 * is a tool's own element, which players skip and which can hold anything, so it becomes a Void of
 * its size and is reported; a listed master is walked the same way, and a master whose content
 * changed gets its CRC-32 recomputed. Only element headers are read, and a Void's data
 * (void-contents.ts: one that holds anything is zero-filled).
 */
import { finding } from '../../findings';
import type { EbmlCursor } from './cursor';
import type { Element } from './ebml';
import { unknownElementLabel } from './fields';
import { CRC_32, VOID } from './ids';
import { noteCrc, type Analysis } from './targets';
import { emptyVoid } from './void-contents';

export interface WalkOptions {
  /** Offsets of elements already voided whole: not walked again. */
  readonly voided?: ReadonlySet<number>;
  /** What to read past a small child (cursor.ts); a Cluster's frames want less than metadata. */
  readonly readAhead?: number;
}

/** Each master's children; a child that is itself a key is walked too. */
export type KeepTree = ReadonlyMap<number, ReadonlySet<number>>;

/** Structure that may stand in any master (RFC 8794 11.3.1, 11.3.2). */
export const ANY_MASTER: readonly number[] = [CRC_32, VOID];

/** Makes `child`, which its master may not hold, a Void of its size, reported at `location`. */
export function voidUnknown(
  child: Element,
  location: string,
  into: Analysis,
): void {
  into.targets.push({
    element: child,
    findings: [finding('other.data', unknownElementLabel(child.id), location)],
  });
}

/** Voids what `master` (at `depth`, level 1 = 1) holds beyond `tree`; true when anything was. */
export async function voidUnlisted(
  cursor: EbmlCursor,
  master: Element,
  depth: number,
  tree: KeepTree,
  location: string,
  into: Analysis,
  options: WalkOptions = {},
): Promise<boolean> {
  const { voided, readAhead } = options;
  const allowed = tree.get(master.id);
  if (!allowed) return false;
  const children = await cursor.children(master, depth + 1, readAhead);
  let changed = false;
  for (const child of children) {
    if (voided?.has(child.offset)) continue;
    if (!allowed.has(child.id)) {
      voidUnknown(child, location, into);
      changed = true;
    } else if (await emptyVoid(cursor, child, location, into)) {
      changed = true;
    } else if (
      await voidUnlisted(
        cursor,
        child,
        depth + 1,
        tree,
        location,
        into,
        options,
      )
    ) {
      changed = true;
    }
  }
  noteCrc(into, master, children, depth, changed);
  return changed;
}
