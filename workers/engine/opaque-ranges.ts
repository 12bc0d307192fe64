/**
 * The engine's words for ranges of a file that hold image or sample data, in one place:
 *
 * - `opaque` (`Analysis.opaque`): input ranges a module found to be image or sample data
 *   (entropy-coded data, IDAT, mdat, Clusters, audio frames). The residue scan skips them.
 * - `checked` (`Analysis.checked`): input ranges of metadata a module keeps on purpose after
 *   checking it (an Orientation-only EXIF); the residue scan skips them too.
 * - `nestedOpaque` (`Analysis.nestedOpaque`): the opaque ranges of files nested in this one and
 *   cleaned where they lie (a photo in a PDF, a stored zip member), in this file's offsets.
 * - `knownOpaque` (`AnalysisContext.knownOpaque`): during verify-after-clean, the ranges of the
 *   output already proven to be image data, so a module need not search for their end again.
 * - `proven` (`DeferredSegment.proven`, `NestedPlannedClean.proven`): ranges of bytes a nested
 *   clean made (an inflated photo, cleaned) that its own scan proved to be image data.
 *
 * - claimed (`CheckedCopy`, `checked-copy.ts`): input ranges a module took as image data without
 *   reading them, for a host that proves them as it copies them (the CLI's writer).
 *
 * The helpers below carry these ranges from one set of offsets to another.
 */
import type { ByteSource } from './byte-source';
import type { ByteRange } from './engine-types';
import { segmentSize, type OutputPlan } from './output-plan';

/** Ranges moved `by` bytes (a file that starts inside another). */
export const shifted = (
  ranges: readonly ByteRange[],
  by: number,
): ByteRange[] => ranges.map((r) => ({ start: r.start + by, end: r.end + by }));

/** The input's opaque ranges as output ranges: where the plan copies them. */
export function opaqueInOutput(
  plan: OutputPlan,
  opaque: readonly ByteRange[],
): ByteRange[] {
  const out: ByteRange[] = [];
  let pos = 0;
  for (const segment of plan) {
    if (segment.kind !== 'copy') {
      pos += segmentSize(segment);
      continue;
    }
    for (const range of opaque) {
      const start = Math.max(range.start, segment.start);
      const end = Math.min(range.end, segment.end);
      if (start < end)
        out.push({
          start: pos + start - segment.start,
          end: pos + end - segment.start,
        });
    }
    pos += segment.end - segment.start;
  }
  return out;
}

/** Opaque ranges proven in `src` (an analysed file): valid only for that very source. */
export interface KnownOpaque {
  readonly src: ByteSource;
  readonly ranges: readonly ByteRange[];
}

/**
 * The known ranges that lie inside [start, end) of `src`, counted from `start`; none when `src`
 * is not the source they were proven in (bytes a module decoded into a buffer of its own).
 */
export function knownInSlice(
  known: KnownOpaque | undefined,
  src: ByteSource,
  start: number,
  end: number,
): { knownOpaque?: ByteRange[] } {
  if (!known || known.src !== src) return {};
  // The known ranges are in file order (`knownAfterClean` sorts them): a container that asks for
  // each of thousands of nested files' slices must not scan them all each time.
  const { ranges } = known;
  let low = 0;
  let high = ranges.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (ranges[mid]!.start < start) low = mid + 1;
    else high = mid;
  }
  const inside: ByteRange[] = [];
  for (let i = low; i < ranges.length && ranges[i]!.start < end; i++) {
    const r = ranges[i]!;
    if (r.end <= end)
      inside.push({ start: r.start - start, end: r.end - start });
  }
  return inside.length ? { knownOpaque: inside } : {};
}

/**
 * Nested files cleaned in memory (an inflated photo), each with its image data's ranges: proven by
 * the clean's own entropy scan and copied byte-identical. A container that writes such bytes into
 * its output lets its verify-after-clean take those ranges as known instead of scanning them again.
 * Keyed by the very array the clean returned, so a copy of it is never taken for it.
 */
const provenInBytes = new WeakMap<Uint8Array, readonly ByteRange[]>();

/** Records that `bytes` (a nested clean's output) holds image data at `proven`. */
export function markProven(
  bytes: Uint8Array,
  proven: readonly ByteRange[],
): void {
  provenInBytes.set(bytes, proven);
}

/** Where the plan writes bytes of a nested clean, their proven ranges in output offsets. */
function provenInOutput(plan: OutputPlan): ByteRange[] {
  const out: ByteRange[] = [];
  let pos = 0;
  for (const segment of plan) {
    const proven =
      segment.kind === 'bytes'
        ? provenInBytes.get(segment.data)
        : segment.kind === 'deferred'
          ? segment.proven
          : undefined;
    for (const r of proven ?? [])
      out.push({ start: pos + r.start, end: pos + r.end });
    pos += segmentSize(segment);
  }
  return out;
}

/**
 * The input's image data as it sits in the output, its own (`opaque`) and that of photos cleaned
 * where they lie (`nestedOpaque`), with the bytes of nested cleans the plan writes (`proven`):
 * verify-after-clean's `knownOpaque`, so no module scans it a second time. Undefined when none.
 */
export function knownAfterClean(
  plan: OutputPlan,
  opaque: readonly ByteRange[] | undefined,
  nestedOpaque: readonly ByteRange[] | undefined,
): ByteRange[] | undefined {
  const proven = [...(opaque ?? []), ...(nestedOpaque ?? [])].sort(
    (a, b) => a.start - b.start,
  );
  const known = [
    ...(proven.length ? opaqueInOutput(plan, proven) : []),
    ...provenInOutput(plan),
  ].sort((a, b) => a.start - b.start);
  return known.length ? known : undefined;
}
