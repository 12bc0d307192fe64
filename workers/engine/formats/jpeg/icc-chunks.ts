/**
 * The ICC profile's words (metadata/icc-text.ts) zeroed across its APP2 chunks: one profile may
 * span several chunks, numbered from 1 (ICC.1:2010 B.4), so it is joined in their order, scrubbed
 * whole, and each chunk whose bytes changed is replaced by the same chunk with the new bytes, at
 * the same length. What the words said is reported on the first chunk. A second profile's
 * chunks are scrubbed on their own.
 */
import { startsWithAscii } from '../../bytes';
import { scrubIccPieces } from '../../metadata/icc-text';
import type { JpegSegment } from './layout';
import { APP2, ID } from './markers';
import {
  ICC_PROFILE_AT,
  ICC_SEQUENCE_AT,
  segmentBytes,
  type SegmentAction,
} from './segment-rules';

interface Decision {
  readonly segment: JpegSegment;
  readonly action: SegmentAction;
}

const sameBytes = (a: Uint8Array, b: Uint8Array) =>
  a.length === b.length && a.every((v, i) => v === b[i]);

interface Chunk<D extends Decision> {
  readonly d: D;
  readonly index: number;
  readonly payload: Uint8Array;
}

/**
 * The chunks in file order cut into profiles: a chunk whose number the profile being gathered
 * already has starts another (a file may carry two, as when a tool added its own beside a
 * camera's), which is scrubbed on its own, since its tag table is not the first profile's.
 */
function profiles<D extends Decision>(
  chunks: readonly Chunk<D>[],
): Chunk<D>[][] {
  const groups: Chunk<D>[][] = [];
  let numbers = new Set<number>();
  for (const chunk of chunks) {
    const sequence = chunk.payload[ICC_SEQUENCE_AT]!;
    if (groups.length === 0 || numbers.has(sequence)) {
      groups.push([]);
      numbers = new Set();
    }
    groups.at(-1)!.push(chunk);
    numbers.add(sequence);
  }
  return groups;
}

export function scrubIccChunks<D extends Decision>(
  decisions: readonly D[],
  payloads: ReadonlyMap<JpegSegment, Uint8Array>,
): D[] {
  const chunks = decisions
    .map((d, index) => ({ d, index, payload: payloads.get(d.segment)! }))
    .filter(
      ({ d, payload }) =>
        d.segment.marker === APP2 &&
        d.action.kind === 'keep' &&
        payload.length > ICC_PROFILE_AT &&
        startsWithAscii(payload, ID.ICC),
    );
  const out = [...decisions];
  for (const profile of profiles(chunks)) scrubProfile(profile, out);
  return out;
}

/** One profile's chunks scrubbed as one (ICC.1:2010 B.4: joined in their numbers' order). */
function scrubProfile<D extends Decision>(
  unordered: readonly Chunk<D>[],
  out: D[],
): void {
  const chunks = [...unordered].sort(
    (a, b) => a.payload[ICC_SEQUENCE_AT]! - b.payload[ICC_SEQUENCE_AT]!,
  );
  const pieces = chunks.map((c) => c.payload.subarray(ICC_PROFILE_AT));
  const scrubbed = scrubIccPieces(pieces, 'APP2 ICC_PROFILE');
  if (!scrubbed.pieces) return;
  const scrubbedPieces = scrubbed.pieces;
  chunks.forEach((chunk, i) => {
    const piece = scrubbedPieces[i]!;
    const findings = [
      ...chunk.d.action.findings,
      ...(i === 0 ? scrubbed.findings : []),
    ];
    if (sameBytes(piece, pieces[i]!)) {
      out[chunk.index] = { ...chunk.d, action: { kind: 'keep', findings } };
      return;
    }
    const payload = new Uint8Array(chunk.payload);
    payload.set(piece, ICC_PROFILE_AT);
    out[chunk.index] = {
      ...chunk.d,
      action: { kind: 'replace', findings, bytes: segmentBytes(APP2, payload) },
    };
  });
}
