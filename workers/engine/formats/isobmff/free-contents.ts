/**
 * Free space (ISO/IEC 14496-12 8.1.2): a `free` or `skip` box, whose contents are irrelevant and
 * may be anything. An editor that deletes a box by retyping it `free` (QuickTime does) leaves the
 * old box inside, a place or a name any reader of the bytes finds, so one that holds anything but
 * zeros is emptied where it stands, its size kept, and reported.
 */
import { finding, type Finding } from '../../findings';
import type { Box } from './box';
import type { Region } from './region';

export const FREE_SPACE_TYPES: ReadonlySet<string> = new Set(['free', 'skip']);

/** Zeroes `box`'s payload when it holds anything; what it was, or null when it held nothing. */
export function emptyFreeBox(
  region: Region,
  box: Box,
  location: string,
): Finding | null {
  if (region.isZero(box.payload, box.end)) return null;
  region.zero(box.payload, box.end);
  return finding(
    'other.data',
    `${box.type} box contents`,
    location,
    `${box.end - box.payload} bytes`,
  );
}
