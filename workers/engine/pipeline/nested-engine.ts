/**
 * The engine as a container sees it (`ctx.nested`): the same steps for a file inside another,
 * one level deeper, with the inner file's ranges and findings in the container's terms.
 */
import type { ReadMeter } from '../byte-source';
import type { ByteRange, EngineContext } from '../engine-types';
import { EngineError } from '../errors';
import type { NestedEngine, NestedPlannedClean } from '../format-module';
import {
  knownInSlice,
  markProven,
  opaqueInOutput,
  shifted,
  type KnownOpaque,
} from '../opaque-ranges';
import { planBytes, shiftPlan } from '../output-plan';
import { bytesAccess, rangeAccess, type RandomAccess } from '../random-access';
import type { Analyzed, CleanPlanResult } from './verify';

/** The pipeline's two steps, handed in so this file and the pipeline do not import each other. */
export interface PipelineSteps {
  analyze(
    input: RandomAccess,
    ctx: EngineContext & { readonly knownOpaque?: readonly ByteRange[] },
    depth: number,
    outer?: ReadMeter,
    as?: string,
  ): Promise<Analyzed>;
  verify(
    analyzed: Analyzed,
    ctx: EngineContext,
    depth: number,
  ): Promise<CleanPlanResult>;
}

/** The engine as a nested file's container sees it: same rules, one level deeper. */
export function nestedEngine(
  steps: PipelineSteps,
  { signal, dropUncleanable, checkedCopy }: EngineContext,
  depth: number,
  /** The outer file's pass: ranges of the outer file (a photo in a PDF) read through it. */
  outer: ReadMeter,
  known?: KnownOpaque,
): NestedEngine {
  const ctx: EngineContext = {
    ...(signal && { signal }),
    ...(dropUncleanable && { dropUncleanable }),
  };
  const cleanedPlan = async (
    bytes: Uint8Array,
  ): Promise<NestedPlannedClean> => {
    const analyzed = await steps.analyze(bytesAccess(bytes), ctx, depth);
    const result = await steps.verify(analyzed, ctx, depth);
    const opaque = analyzed.analysis.opaque;
    return {
      format: result.format,
      findings: [...result.removed, ...result.kept],
      plan: result.plan,
      ...(opaque && { proven: opaqueInOutput(result.plan, opaque) }),
    };
  };
  return {
    async inspect(bytes) {
      const { format, analysis } = await steps.analyze(
        bytesAccess(bytes),
        ctx,
        depth,
      );
      return { format, findings: analysis.findings };
    },
    async analyzeRange(src, start, as) {
      if (start < 0 || start > src.size)
        throw new EngineError(
          'corrupt',
          `range from ${start} outside the file`,
        );
      const { format, analysis } = await steps.analyze(
        rangeAccess(src.input, start, src.size),
        ctx,
        depth,
        outer,
        as,
      );
      return {
        format,
        analysis: {
          findings: analysis.findings,
          plan: async () => shiftPlan(await analysis.plan(), start),
          ...(analysis.opaque && { opaque: shifted(analysis.opaque, start) }),
          ...(analysis.checked && {
            checked: shifted(analysis.checked, start),
          }),
          ...(analysis.nestedOpaque && {
            nestedOpaque: shifted(analysis.nestedOpaque, start),
          }),
        },
      };
    },
    async inspectSlice(src, start, end) {
      const { format, analysis } = await steps.analyze(
        rangeAccess(src.input, start, end),
        { ...ctx, ...knownInSlice(known, src, start, end) },
        depth,
        outer,
      );
      return {
        format,
        findings: analysis.findings,
        ...(analysis.opaque && { opaque: shifted(analysis.opaque, start) }),
      };
    },
    async clean(bytes) {
      const { proven, plan, ...result } = await cleanedPlan(bytes);
      const cleaned = await planBytes(bytes, plan);
      if (proven) markProven(cleaned, proven);
      return { ...result, bytes: cleaned };
    },
    cleanPlanned: cleanedPlan,
    async cleanSlice(src, start, end, knownOpaque, use) {
      const slice = rangeAccess(src.input, start, end);
      const analyzed = await steps.analyze(
        slice,
        {
          ...ctx,
          // Only a container that copies the slice's plan as it is lets its writer check claims.
          ...(use?.copiedAsPlanned && checkedCopy && { checkedCopy }),
          ...(knownOpaque
            ? { knownOpaque }
            : knownInSlice(known, src, start, end)),
        },
        depth,
        outer,
      );
      const result = await steps.verify(analyzed, ctx, depth);
      const opaque = analyzed.analysis.opaque;
      return {
        format: result.format,
        findings: [...result.removed, ...result.kept],
        plan: shiftPlan(result.plan, start),
        ...(opaque && { opaque: shifted(opaque, start) }),
      };
    },
  };
}
