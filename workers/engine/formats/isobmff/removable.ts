/**
 * Which boxes go whole, wherever they sit in moov, trak, mdia or moof: user data, metadata, XMP,
 * QuickTime `©xyz`-style atoms and vendor uuid boxes. Each becomes a `free` box of the same size
 * with a zeroed payload, so no chunk offset moves (ISO/IEC 14496-12 8.1.2 allows free space anywhere).
 */
import { isEngineError } from '../../errors';
import { finding, type Finding } from '../../findings';
import { payloadBytes, type Box } from './box';
import type { Region } from './region';
import { describeBox } from './user-data';
import { isStructuralUuid } from './uuids';

const COPYRIGHT_SIGN = 0xa9;
/** `ilst` and `keys` belong in a `meta`, but demuxers read them wherever they find them. */
const REMOVABLE_TYPES = new Set([
  'udta',
  'meta',
  'ilst',
  'keys',
  'XMP_',
  'uuid',
]);

export function isRemovable(region: Region, box: Box): boolean {
  if (box.type.charCodeAt(0) === COPYRIGHT_SIGN) return true;
  if (!REMOVABLE_TYPES.has(box.type)) return false;
  if (box.type !== 'uuid') return true;
  return !isStructuralUuid(payloadBytes(region.bytes, region.base, box));
}

/**
 * What the box held, for the report. The box goes whole whatever its insides look like, so a
 * malformed or absurdly nested inside is reported as unreadable rather than stopping the clean.
 */
function describeSafely(region: Region, box: Box, path: string): Finding[] {
  try {
    return describeBox(region, box, path);
  } catch (error) {
    if (!isEngineError(error) || error.code !== 'corrupt') throw error;
    return [finding('other.data', box.type, path, 'unreadable')];
  }
}

/** Reports a removable box and turns it into free space. */
export function removeBox(
  region: Region,
  box: Box,
  path: string,
  findings: Finding[],
): void {
  // One at a time: a spread of a million findings would overflow the call stack.
  for (const found of describeSafely(region, box, path)) findings.push(found);
  region.free(box);
}
