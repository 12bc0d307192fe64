/**
 * Telemetry samples (GPS per frame) live in mdat. They are read to tell whether anything is left
 * (so inspecting a cleaned file finds nothing) and overwritten with zeros in place.
 */
import { EngineError, throwIfAborted } from '../../errors';
import { MAX_METADATA_BYTES } from '../../limits';
import type { Patch } from '../../shared/in-place';
import { isZero } from './box';
import type { ByteRange } from './sample-table';
import type { WindowedReader } from '../../windowed-reader';

/** Sorted, with touching or overlapping ranges joined. */
export function mergeRanges(ranges: readonly ByteRange[]): ByteRange[] {
  const sorted = [...ranges].sort((a, b) => a.start - b.start);
  const merged: ByteRange[] = [];
  for (const range of sorted) {
    const last = merged.at(-1);
    if (last && range.start <= last.end) {
      merged[merged.length - 1] = {
        start: last.start,
        end: Math.max(last.end, range.end),
      };
    } else merged.push(range);
  }
  return merged;
}

function totalBytes(ranges: readonly ByteRange[]): number {
  return ranges.reduce((n, r) => n + r.end - r.start, 0);
}

/** True when any byte in the ranges is not zero. */
export async function hasData(
  reader: WindowedReader,
  ranges: readonly ByteRange[],
  signal: AbortSignal | undefined,
): Promise<boolean> {
  if (totalBytes(ranges) > MAX_METADATA_BYTES)
    throw new EngineError(
      'too-large',
      'telemetry track larger than the metadata limit',
    );
  for (const { start, end } of ranges) {
    throwIfAborted(signal);
    const bytes = await reader.readExact(start, end - start);
    if (!isZero(bytes, 0, bytes.length)) return true;
  }
  return false;
}

export function zeroPatches(ranges: readonly ByteRange[]): Patch[] {
  return ranges.map(({ start, end }) => ({
    offset: start,
    data: new Uint8Array(end - start),
  }));
}
