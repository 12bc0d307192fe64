/**
 * The cleaned file's plan: the input with its same-size patches, less the top-level free space
 * left out. Without ranges to leave out it is exactly the plan of a clean in place.
 */
import { corrupt } from '../../errors';
import { OutputBuilder, type OutputPlan } from '../../output-plan';
import { patchPlan, type Patch } from '../../shared/in-place';
import type { ByteRange } from './sample-table';

export function planLeavingOut(
  inputSize: number,
  patches: readonly Patch[],
  leftOut: readonly ByteRange[],
): OutputPlan {
  if (leftOut.length === 0) return patchPlan(inputSize, patches);
  const sorted = [...patches].sort((a, b) => a.offset - b.offset);
  const out = new OutputBuilder();
  let at = 0;
  let next = 0;
  for (const gap of [...leftOut, { start: inputSize, end: inputSize }]) {
    for (; next < sorted.length && sorted[next]!.offset < gap.start; next++) {
      const { offset, data } = sorted[next]!;
      // A patch inside the space left out, or across its edge, is a walk that went wrong.
      if (offset < at) throw corrupt(`overlapping patches at ${offset}`);
      if (offset + data.length > gap.start)
        throw corrupt(`patch at ${offset} runs into space left out`);
      out.copy(at, offset).push(data);
      at = offset + data.length;
    }
    out.copy(at, gap.start);
    at = gap.end;
  }
  if (next < sorted.length)
    throw corrupt(`patch at ${sorted[next]!.offset} in space left out`);
  return out.build();
}
