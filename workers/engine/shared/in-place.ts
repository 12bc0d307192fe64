/**
 * Turns same-size patches into an output plan: the output has the input's length and every byte
 * outside a patch stays at its offset, so the CLI can copy the file and patch it in place.
 */
import { corrupt } from '../errors';
import { OutputBuilder, type OutputPlan } from '../output-plan';

export interface Patch {
  readonly offset: number;
  readonly data: Uint8Array;
}

export function patchPlan(
  inputSize: number,
  patches: readonly Patch[],
): OutputPlan {
  const sorted = [...patches].sort((a, b) => a.offset - b.offset);
  const out = new OutputBuilder();
  let at = 0;
  for (const patch of sorted) {
    if (patch.offset < at)
      throw corrupt(`overlapping patches at ${patch.offset}`);
    if (patch.offset + patch.data.length > inputSize)
      throw corrupt(`patch at ${patch.offset} runs past the file`);
    out.copy(at, patch.offset).push(patch.data);
    at = patch.offset + patch.data.length;
  }
  return out.copy(at, inputSize).build();
}

/** Applies the patches that fall in [start, start + bytes.length) to a copy of `bytes`. */
export function applyPatches(
  bytes: Uint8Array,
  start: number,
  patches: readonly Patch[],
): Uint8Array {
  const out = bytes.slice();
  const end = start + bytes.length;
  for (const { offset, data } of patches) {
    if (offset + data.length <= start || offset >= end) continue;
    const from = Math.max(offset, start);
    const to = Math.min(offset + data.length, end);
    out.set(data.subarray(from - offset, to - offset), from - start);
  }
  return out;
}
