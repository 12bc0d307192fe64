/**
 * SeekHead entries that point at a level-1 element we voided whole (Tags, Attachments) are voided
 * too, so the index does not announce metadata that is gone (RFC 9559 5.1.1.1). A SeekHead holds
 * only Seek entries, and a Seek only its SeekID and SeekPosition (5.1.1.1 to 5.1.1.1.2): any other
 * child (a tool's own element) is voided and reported, as in Tracks and Segment Info, and a Void
 * that holds anything is zero-filled (void-contents.ts).
 */
import { noteCrc, type Analysis } from './targets';
import type { EbmlCursor } from './cursor';
import { readUint } from './ebml';
import type { Element } from './ebml';
import { SEEK, SEEK_HEAD, SEEK_ID, SEEK_POSITION } from './ids';
import { ANY_MASTER, voidUnknown } from './keep-walk';
import type { Segment } from './segment';
import { emptyVoid } from './void-contents';

const MAX_POSITION_BYTES = 8;
const LOCATION = 'Segment/SeekHead';
const SEEK_HEAD_CHILDREN = new Set([SEEK, ...ANY_MASTER]);
const SEEK_CHILDREN = new Set([SEEK_ID, SEEK_POSITION, ...ANY_MASTER]);

/** Voids each of `children` its master may not hold, zero-fills a Void's old bytes; true on a change. */
async function voidOthers(
  cursor: EbmlCursor,
  children: readonly Element[],
  allowed: ReadonlySet<number>,
  into: Analysis,
): Promise<boolean> {
  let changed = false;
  for (const child of children) {
    if (await emptyVoid(cursor, child, LOCATION, into)) changed = true;
    if (allowed.has(child.id)) continue;
    voidUnknown(child, LOCATION, into);
    changed = true;
  }
  return changed;
}

export async function scanSeekHeads(
  cursor: EbmlCursor,
  segment: Segment,
  into: Analysis,
): Promise<void> {
  const voided = new Set(
    into.targets.filter((t) => !t.replacement).map((t) => t.element.offset),
  );
  for (const seekHead of segment.level1.filter((e) => e.id === SEEK_HEAD)) {
    const seeks = await cursor.children(seekHead, 2);
    let changed = await voidOthers(cursor, seeks, SEEK_HEAD_CHILDREN, into);
    for (const seek of seeks.filter((e) => e.id === SEEK)) {
      const fields = await cursor.children(seek, 3);
      if (await pointsAtVoided(cursor, segment, fields, voided)) {
        // Voided whole: what it holds goes with it.
        into.targets.push({ element: seek, findings: [] });
        changed = true;
      } else if (await voidOthers(cursor, fields, SEEK_CHILDREN, into)) {
        noteCrc(into, seek, fields, 2, true);
        changed = true;
      }
    }
    noteCrc(into, seekHead, seeks, 1, changed);
  }
}

/** Whether a Seek's position is that of a level-1 element voided whole. */
async function pointsAtVoided(
  cursor: EbmlCursor,
  segment: Segment,
  fields: readonly Element[],
  voided: ReadonlySet<number>,
): Promise<boolean> {
  const position = fields.find((e) => e.id === SEEK_POSITION);
  if (!position || position.end - position.dataOffset > MAX_POSITION_BYTES)
    return false;
  const bytes = await cursor.src.readExact(
    position.dataOffset,
    position.end - position.dataOffset,
  );
  return voided.has(segment.dataOffset + readUint(bytes));
}
