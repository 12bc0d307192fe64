import {
  madeBytes,
  segmentSize,
  type DeferredSegment,
  type OutputPlan,
} from './output-plan';

/**
 * Anything the engine can read at random offsets: a Blob in the browser, a file handle in the CLI
 * (Node 20's file Blobs misreport sizes past 4 GiB and read slowly), or a planned output.
 */
export interface RandomAccess {
  readonly size: number;
  /** Bytes [offset, offset + length), already clamped to `size` by the caller. */
  read(offset: number, length: number): Promise<Uint8Array>;
}

export function blobAccess(blob: Blob): RandomAccess {
  return {
    size: blob.size,
    read: async (offset, length) =>
      new Uint8Array(await blob.slice(offset, offset + length).arrayBuffer()),
  };
}

/**
 * Bytes already in memory (a nested file a container inflated or decoded): read without the copy
 * and the asynchronous reads a Blob would cost. Each read is a copy, so no caller can change them.
 */
export function bytesAccess(bytes: Uint8Array): RandomAccess {
  return {
    size: bytes.length,
    read: async (offset, length) => bytes.slice(offset, offset + length),
  };
}

/** Bytes [start, end) of `input`, read as a file of their own. */
export function rangeAccess(
  input: RandomAccess,
  start: number,
  end: number,
): RandomAccess {
  return {
    size: end - start,
    read: (offset, length) => input.read(start + offset, length),
  };
}

/**
 * The output a plan describes, read without assembling it: copied ranges come from the input,
 * new bytes from the plan. Deferred bytes are made when first read and kept until another
 * deferred segment is read (reads go forward through a file), so one of them is in memory at a time.
 * Verify-after-clean inspects this.
 */
export function planAccess(
  input: RandomAccess,
  plan: OutputPlan,
): RandomAccess {
  const starts: number[] = [];
  let size = 0;
  for (const s of plan) {
    starts.push(size);
    size += segmentSize(s);
  }
  let made: { segment: DeferredSegment; bytes: Uint8Array } | null = null;
  const bytesOf = async (segment: DeferredSegment): Promise<Uint8Array> => {
    if (made?.segment !== segment)
      made = { segment, bytes: await madeBytes(segment) };
    return made.bytes;
  };
  return {
    size,
    async read(offset, length) {
      const out = new Uint8Array(length);
      let i = lastSegmentAtOrBefore(starts, offset);
      let filled = 0;
      while (filled < length && i < plan.length) {
        const segment = plan[i]!;
        const from = offset + filled - starts[i]!;
        const take = Math.min(length - filled, segmentSize(segment) - from);
        const bytes =
          segment.kind === 'copy'
            ? await input.read(segment.start + from, take)
            : segment.kind === 'bytes'
              ? segment.data.subarray(from, from + take)
              : (await bytesOf(segment)).subarray(from, from + take);
        out.set(bytes, filled);
        filled += take;
        i++;
      }
      return out;
    },
  };
}

function lastSegmentAtOrBefore(
  starts: readonly number[],
  offset: number,
): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
