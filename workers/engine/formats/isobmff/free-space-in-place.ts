/**
 * Top-level free space in a clean in place. A copy leaves every free box with contents out
 * (`free-space.ts`), but a clean in place keeps the input's size and layout, so the box stays and
 * whatever a writer left in it (an old moov after an edit, a camera's leftovers) would stay with
 * it. Its contents are irrelevant to the presentation (ISO/IEC 14496-12 8.1.2), so each one that
 * holds none of the file's samples or items is read, and zeroed when it holds anything but zeros.
 *
 * The cost is bounded: the free space read this way is at most `MAX_FREE_SPACE_IN_PLACE_BYTES`
 * in all (no more than the residue scan read of it before). Past that the file fails as
 * `too-large` before a byte of it is read, since clearing it in place means reading or writing all
 * of it; a copy leaves it out without reading it.
 */
import type { ByteSource } from '../../byte-source';
import { EngineError, throwIfAborted } from '../../errors';
import { finding, type Finding } from '../../findings';
import { MAX_METADATA_BYTES } from '../../limits';
import type { Patch } from '../../shared/in-place';
import { isZero, type Box } from './box';
import { holdsData } from './free-space';
import type { ByteRange } from './sample-table';

const FREE_SPACE = new Set(['free', 'skip']);
export const isFreeSpace = (box: Pick<Box, 'type'>): boolean =>
  FREE_SPACE.has(box.type);
/** The most free space a clean in place reads, in all. */
export const MAX_FREE_SPACE_IN_PLACE_BYTES = MAX_METADATA_BYTES;
/** Free space is read in slices of this size, so no large block is held. */
const SLICE_BYTES = 1024 * 1024;

export interface FreeSpaceInPlace {
  readonly findings: Finding[];
  readonly patches: Patch[];
  /** Free boxes read and found to hold only zeros: the residue scan need not read them again. */
  readonly zeroed: ByteRange[];
}

async function holdsOnlyZeros(
  src: ByteSource,
  from: number,
  to: number,
  signal: AbortSignal | undefined,
): Promise<boolean> {
  for (let at = from; at < to; at += SLICE_BYTES) {
    throwIfAborted(signal);
    const bytes = await src.readExact(at, Math.min(SLICE_BYTES, to - at));
    if (!isZero(bytes, 0, bytes.length)) return false;
  }
  return true;
}

/** A top-level free box: its type, and where its contents lie. */
export type FreeSpace = Pick<Box, 'type' | 'start' | 'payload' | 'end'>;

/**
 * The patches that zero every top-level free box's contents where they are not zeros already.
 * `data` is where the movies' samples and the items lie (sorted): a free box holding some of them
 * is media data and stays as it is.
 */
export async function clearFreeSpaceInPlace(
  src: ByteSource,
  boxes: readonly FreeSpace[],
  data: readonly ByteRange[],
  signal: AbortSignal | undefined,
): Promise<FreeSpaceInPlace> {
  const result: FreeSpaceInPlace = { findings: [], patches: [], zeroed: [] };
  const spaces = boxes.filter(
    (b) => isFreeSpace(b) && b.end > b.payload && !holdsData(data, b),
  );
  const total = spaces.reduce((n, b) => n + b.end - b.payload, 0);
  if (total > MAX_FREE_SPACE_IN_PLACE_BYTES)
    throw new EngineError(
      'too-large',
      `${total} bytes of free space, more than an in-place clean reads; a cleaned copy (without --in-place) leaves it out unread`,
    );
  for (const box of spaces) {
    if (await holdsOnlyZeros(src, box.payload, box.end, signal)) {
      result.zeroed.push({ start: box.payload, end: box.end });
      continue;
    }
    result.findings.push(
      finding(
        'other.data',
        box.type,
        'top level',
        `${box.end - box.payload} bytes`,
      ),
    );
    result.patches.push({
      offset: box.payload,
      data: new Uint8Array(box.end - box.payload),
    });
  }
  return result;
}
