/**
 * Reading a file's content ranges for hashing: a slice at a time, neighbouring small ranges in
 * one read, and the ranges of several parts together in one pass over the file when they
 * interleave (a movie's tracks), so the file is read once however many parts it has.
 */
import type { ByteReader } from '../byte-source';
import type { ByteRange } from '../engine-types';
import { throwIfAborted } from '../errors';

/** Bytes read at a time from a part held as ranges. */
export const HASH_SLICE_BYTES = 4 * 1024 * 1024;

/**
 * Ranges closer than this are read together, the gap between them read and left out: one large
 * read costs less than thousands of small ones.
 */
export const HASH_GAP_BYTES = 64 * 1024;

/** A range and the part it belongs to, by the part's index. */
export interface TaggedRange extends ByteRange {
  readonly tag: number;
}

export const tagged = (
  ranges: readonly ByteRange[],
  tag: number,
): TaggedRange[] => ranges.map((r) => ({ start: r.start, end: r.end, tag }));

/** Where the group of ranges from `first` that one read takes ends: ascending, close, in a slice. */
function groupEnd(ranges: readonly ByteRange[], first: number): number {
  const start = ranges[first]!.start;
  let end = ranges[first]!.end;
  let next = first + 1;
  for (; next < ranges.length; next++) {
    const r = ranges[next]!;
    if (r.start < end || r.start - end > HASH_GAP_BYTES) break;
    if (r.end - start > HASH_SLICE_BYTES) break;
    end = r.end;
  }
  return next;
}

/** The bytes of `ranges` in their order, each piece with its range's tag. */
export async function* rangeSlices(
  src: ByteReader,
  ranges: readonly TaggedRange[],
  signal?: AbortSignal,
): AsyncGenerator<[number, Uint8Array]> {
  for (let i = 0; i < ranges.length;) {
    throwIfAborted(signal);
    const first = ranges[i]!;
    if (first.end - first.start >= HASH_SLICE_BYTES) {
      for (let at = first.start; at < first.end; at += HASH_SLICE_BYTES) {
        throwIfAborted(signal);
        const length = Math.min(HASH_SLICE_BYTES, first.end - at);
        yield [first.tag, await src.readExact(at, length)];
      }
      i++;
      continue;
    }
    const next = groupEnd(ranges, i);
    const block = await src.readExact(
      first.start,
      ranges[next - 1]!.end - first.start,
    );
    for (; i < next; i++) {
      const r = ranges[i]!;
      yield [r.tag, block.subarray(r.start - first.start, r.end - first.start)];
    }
  }
}

/**
 * The ranges of every part merged in file order, when reading them so keeps each part's own
 * order: each part's ranges ascend and no two ranges overlap. Null otherwise.
 */
export function interleave(
  parts: readonly (readonly ByteRange[])[],
): TaggedRange[] | null {
  for (const ranges of parts)
    for (let i = 1; i < ranges.length; i++)
      if (ranges[i]!.start < ranges[i - 1]!.end) return null;
  const merged = parts
    .flatMap((ranges, tag) => tagged(ranges, tag))
    .sort((a, b) => a.start - b.start);
  for (let i = 1; i < merged.length; i++)
    if (merged[i]!.start < merged[i - 1]!.end) return null;
  return merged;
}
