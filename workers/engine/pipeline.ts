/**
 * The engine's one path through a file: identify (`pipeline/identify.ts`), one analysis by the
 * file's module, the plan, and verify-after-clean (`pipeline/verify.ts`); a file inside another
 * takes the same path through `ctx.nested` (`pipeline/nested-engine.ts`). `index.ts` wraps it so
 * foreign exceptions become typed.
 */
import { ByteSource, type ReadMeter } from './byte-source';
import type { ByteRange, EngineContext } from './engine-types';
import { EngineError, throwIfAborted } from './errors';
import type { Sniffed } from './format-catalog';
import type { Finding } from './findings';
import { MAX_NESTED_DEPTH } from './limits';
import type { KnownOpaque } from './opaque-ranges';
import { ProgressMeter, ANALYSIS_SHARE } from './progress';
import type { RandomAccess } from './random-access';
import { identify } from './pipeline/identify';
import { nestedEngine, type PipelineSteps } from './pipeline/nested-engine';
import {
  verifyPlan,
  type Analyzed,
  type CleanPlanResult,
} from './pipeline/verify';

export type { Analyzed, CleanPlanResult } from './pipeline/verify';

export interface InspectResult {
  readonly format: Sniffed;
  readonly findings: Finding[];
}

const steps: PipelineSteps = {
  analyze: (input, ctx, depth, outer, as) =>
    analyzeInput(input, ctx, depth, outer, as),
  verify: (analyzed, ctx, depth) => verifiedPlan(analyzed, ctx, depth),
};

/** The nested engine of a file `depth` deep: its reads on `outer`, `known` handed down. */
const nestedAt =
  (ctx: EngineContext, depth: number) =>
  (outer: ReadMeter, known?: KnownOpaque) =>
    nestedEngine(steps, ctx, depth + 1, outer, known);

export async function analyzeInput(
  input: Blob | RandomAccess,
  ctx: EngineContext & { readonly knownOpaque?: readonly ByteRange[] },
  depth: number,
  /** A range of an outer file: its reads count towards the outer file's pass. */
  outer?: ReadMeter,
  /** The file's media type, when a container read it from the file itself. */
  as?: string,
): Promise<Analyzed> {
  if (depth > MAX_NESTED_DEPTH)
    throw new EngineError('unsupported', `files nested ${depth} deep`);
  const progress = new ProgressMeter(ctx);
  const pass = progress.pass(0, ANALYSIS_SHARE, input.size);
  const reads = outer ?? pass;
  const src = new ByteSource(input, reads);
  const [module, sniffed] = await identify(src, as);
  throwIfAborted(ctx.signal);
  // The reads through `src` are the progress; a module's own fractions map into the same pass.
  const analysis = await module.analyze(src, sniffed, {
    ...(ctx.signal && { signal: ctx.signal }),
    ...(ctx.onProgress && { onProgress: pass.reached }),
    ...(ctx.dropUncleanable && { dropUncleanable: true }),
    ...(ctx.keepLayout && { keepLayout: true }),
    ...(ctx.checkedCopy && { checkedCopy: ctx.checkedCopy }),
    depth,
    ...(ctx.knownOpaque && { knownOpaque: ctx.knownOpaque }),
    nested: nestedAt(ctx, depth)(
      reads,
      ctx.knownOpaque && { src, ranges: ctx.knownOpaque },
    ),
  });
  return {
    src,
    module,
    format: analysis.format ?? sniffed,
    analysis,
    progress,
  };
}

/** Verifies a plan by analysing the output it describes: nothing removable may be left. */
export function verifiedPlan(
  analyzed: Analyzed,
  ctx: EngineContext,
  depth: number,
): Promise<CleanPlanResult> {
  // The output's analysis proves, it never claims: its nested files get no checked copy.
  const { checkedCopy: _claimsOnInput, ...proving } = ctx;
  return verifyPlan(analyzed, proving, depth, nestedAt(proving, depth));
}
