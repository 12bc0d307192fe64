import type { ByteRange } from './engine-types';
import type { RandomAccess } from './random-access';

/**
 * What a cleaned file is made of: ranges of the input kept as they are, small new byte arrays, and
 * bytes made again each time they are read (see `DeferredSegment`). The plan never holds the
 * input's bytes, so building it is O(metadata).
 */
export type Segment =
  | { readonly kind: 'copy'; readonly start: number; readonly end: number }
  | { readonly kind: 'bytes'; readonly data: Uint8Array }
  | DeferredSegment;

/**
 * New bytes too large to keep until the output is written (a photo inside an Office document,
 * inflated and cleaned): the plan keeps how to make them, and whoever reads or writes the output
 * makes them then, one at a time. `make` gives the same `size` bytes every time it is called.
 */
export interface DeferredSegment {
  readonly kind: 'deferred';
  readonly size: number;
  readonly make: () => Promise<Uint8Array>;
  /** Ranges of the made bytes that are proven image data, which verify-after-clean need not scan. */
  readonly proven?: readonly ByteRange[];
}

export type OutputPlan = readonly Segment[];

export function segmentSize(s: Segment): number {
  switch (s.kind) {
    case 'copy':
      return s.end - s.start;
    case 'bytes':
      return s.data.length;
    case 'deferred':
      return s.size;
  }
}

/** A deferred segment's bytes, checked against the size it promised. */
export async function madeBytes(s: DeferredSegment): Promise<Uint8Array> {
  const bytes = await s.make();
  if (bytes.length !== s.size)
    throw new Error(`deferred bytes: ${bytes.length}, not ${s.size}`);
  return bytes;
}

export class OutputBuilder {
  private readonly segments: Segment[] = [];

  /** Keeps input bytes [start, end); adjacent copies merge into one. */
  copy(start: number, end: number): this {
    if (end <= start) return this;
    const last = this.segments.at(-1);
    if (last?.kind === 'copy' && last.end === start) {
      this.segments[this.segments.length - 1] = {
        kind: 'copy',
        start: last.start,
        end,
      };
    } else {
      this.segments.push({ kind: 'copy', start, end });
    }
    return this;
  }

  push(data: Uint8Array): this {
    if (data.length > 0) this.segments.push({ kind: 'bytes', data });
    return this;
  }

  /** Adds a segment of another plan as it is (copies still merge with their neighbours). */
  add(segment: Segment): this {
    if (segment.kind === 'copy') return this.copy(segment.start, segment.end);
    if (segment.kind === 'bytes') return this.push(segment.data);
    if (segment.size > 0) this.segments.push(segment);
    return this;
  }

  build(): OutputPlan {
    return [...this.segments];
  }
}

/** The plan with every copied range moved `by` bytes: a plan over a range, in the file's offsets. */
export function shiftPlan(plan: OutputPlan, by: number): OutputPlan {
  return plan.map((s) =>
    s.kind === 'copy'
      ? { kind: 'copy', start: s.start + by, end: s.end + by }
      : s,
  );
}

export function planSize(plan: OutputPlan): number {
  return plan.reduce((n, s) => n + segmentSize(s), 0);
}

/** The parts of what a plan over `input` describes, in order, without copying `input`. */
export async function* planParts(
  input: Uint8Array,
  plan: OutputPlan,
): AsyncGenerator<Uint8Array> {
  for (const s of plan) {
    if (s.kind === 'copy') yield input.subarray(s.start, s.end);
    else if (s.kind === 'bytes') yield s.data;
    else yield await madeBytes(s);
  }
}

/** The bytes a plan over `input` describes, assembled in one buffer (a nested file in memory). */
export async function planBytes(
  input: Uint8Array,
  plan: OutputPlan,
): Promise<Uint8Array> {
  const out = new Uint8Array(planSize(plan));
  let at = 0;
  for await (const part of planParts(input, plan)) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * Turns a plan into a Blob made of slices of the input: no input byte is copied here. Deferred
 * bytes are made one at a time and handed to the Blob, which the browser may keep on disk.
 */
export async function planToBlob(
  input: Blob,
  plan: OutputPlan,
  type = '',
): Promise<Blob> {
  const parts: BlobPart[] = [];
  for (const s of plan) {
    if (s.kind === 'copy') parts.push(input.slice(s.start, s.end));
    else if (s.kind === 'bytes') parts.push(s.data as Uint8Array<ArrayBuffer>);
    else
      parts.push(new Blob([(await madeBytes(s)) as Uint8Array<ArrayBuffer>]));
  }
  return new Blob(parts, { type });
}

/**
 * A plan whose output has the input's size and keeps every copied range at its own offset can be
 * written as "copy the file, then patch these ranges" (the CLI does it with the kernel's copy).
 * Returns the patches, or null when the plan moves bytes.
 */
export function inPlacePatches(
  inputSize: number,
  plan: OutputPlan,
): { offset: number; data: Uint8Array }[] | null {
  const patches: { offset: number; data: Uint8Array }[] = [];
  let pos = 0;
  for (const s of plan) {
    if (s.kind === 'copy') {
      if (s.start !== pos) return null;
      pos = s.end;
    } else if (s.kind === 'bytes') {
      patches.push({ offset: pos, data: s.data });
      pos += s.data.length;
    } else {
      // Deferred bytes are large new content: never a patch of the input.
      return null;
    }
  }
  return pos === inputSize ? patches : null;
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
  // The planned output's bytes go straight into the caller's array: a copied range is read into
  // its place there, with no array of its own to copy from. Several copied ranges that lie close
  // together in the input (an archive's thousands of small members) are read at once instead.
  const readInto = async (offset: number, out: Uint8Array) => {
    const length = out.length;
    const copies: { start: number; place: Uint8Array }[] = [];
    let i = lastSegmentAtOrBefore(starts, offset);
    let filled = 0;
    while (filled < length && i < plan.length) {
      const segment = plan[i]!;
      const from = offset + filled - starts[i]!;
      const take = Math.min(length - filled, segmentSize(segment) - from);
      const place = out.subarray(filled, filled + take);
      if (segment.kind === 'copy')
        copies.push({ start: segment.start + from, place });
      else
        place.set(
          segment.kind === 'bytes'
            ? segment.data.subarray(from, from + take)
            : (await bytesOf(segment)).subarray(from, from + take),
        );
      filled += take;
      i++;
    }
    if (
      copies.length > 1 &&
      length <= copies.length * SMALL_COPY_BYTES &&
      (await readTogether(input, copies, length))
    )
      return out;
    for (const { start, place } of copies) {
      if (input.readInto) await input.readInto(start, place);
      else place.set(await input.read(start, place.length));
    }
    return out;
  };
  return {
    size,
    read: (offset, length) => readInto(offset, new Uint8Array(length)),
    readInto,
  };
}

/**
 * Copied ranges are read in one read of the input span that holds them all when that span is at
 * most this many times the bytes asked for (plus `SPAN_SLACK_BYTES`): a read of what lies between
 * them costs less than a read of each, and no more memory than a few times the read.
 */
const SPAN_PER_READ = 2;
/**
 * Only copies this short on average are read together: large ones (a photo's data in a PDF) are
 * read each on its own, so the bytes between them are never read for nothing.
 */
const SMALL_COPY_BYTES = 16 * 1024;
const SPAN_SLACK_BYTES = 64 * 1024;

/** Fills every copy's place from one read of the input span they lie in; false if too far apart. */
async function readTogether(
  input: RandomAccess,
  copies: readonly { start: number; place: Uint8Array }[],
  length: number,
): Promise<boolean> {
  let lo = Infinity;
  let hi = 0;
  for (const { start, place } of copies) {
    lo = Math.min(lo, start);
    hi = Math.max(hi, start + place.length);
  }
  if (hi - lo > length * SPAN_PER_READ + SPAN_SLACK_BYTES) return false;
  const span = await input.read(lo, hi - lo);
  // Short only past the input's end, where reading each copy answers as it always did.
  if (span.length < hi - lo) return false;
  for (const { start, place } of copies)
    place.set(span.subarray(start - lo, start - lo + place.length));
  return true;
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
