import { ByteSource } from './byte-source';
import { EngineError, isEngineError, throwIfAborted } from './errors';
import { removable, keptOnPurpose, type Finding } from './findings';
import type { EngineContext, FormatModule, Sniffed } from './format-module';
import { SNIFF_BYTES } from './limits';
import { planToBlob, type OutputPlan } from './output-plan';
import { planAccess, type RandomAccess } from './random-access';
import { formatModules } from './registry';

export type { Finding, FindingCategory, KeepReason } from './findings';
export type { EngineErrorCode } from './errors';
export type { FormatId, Sniffed, EngineContext } from './format-module';
export type { OutputPlan, Segment } from './output-plan';
export type { RandomAccess } from './random-access';
export { EngineError, isEngineError } from './errors';
export { MAX_FILE_BYTES } from './limits';
export { supportedTypes } from './registry';
export { inPlacePatches, planToBlob, planSize } from './output-plan';

export interface CleanOptions extends EngineContext {
  /** The original file name; the output is named `cleaned_` + name. */
  readonly name: string;
}

export interface InspectResult {
  readonly format: Sniffed;
  readonly findings: Finding[];
}

export interface CleanPlanResult {
  readonly format: Sniffed;
  readonly plan: OutputPlan;
  /** What the input had that the output does not. */
  readonly removed: Finding[];
  /** What the output keeps on purpose, each with its reason. */
  readonly kept: Finding[];
}

export interface CleanResult extends Omit<CleanPlanResult, 'plan'> {
  readonly blob: Blob;
  readonly name: string;
}

export const CLEANED_PREFIX = 'cleaned_';

async function identify(src: ByteSource): Promise<[FormatModule, Sniffed]> {
  const head = await src.read(0, SNIFF_BYTES);
  for (const module of formatModules) {
    const sniffed = module.sniff(head);
    if (sniffed) return [module, sniffed];
  }
  throw new EngineError('unsupported', 'no format matched the file signature');
}

/** Wraps anything a parser throws that is not ours (RangeError from a DataView, say) as corrupt. */
async function typed<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isEngineError(error)) throw error;
    throw new EngineError(
      'corrupt',
      error instanceof Error ? error.message : String(error),
    );
  }
}

/** Lists the metadata of a file without changing anything. */
export function inspect(
  input: Blob | RandomAccess,
  ctx: EngineContext = {},
): Promise<InspectResult> {
  return typed(async () => {
    const src = new ByteSource(input);
    const [module, format] = await identify(src);
    const findings = await module.inspect(src, format, ctx);
    return { format, findings };
  });
}

/**
 * Cleans a file into a plan, then inspects the planned output and fails closed if anything
 * removable is left (verify-after-clean).
 */
export function cleanPlan(
  input: Blob | RandomAccess,
  ctx: EngineContext = {},
): Promise<CleanPlanResult> {
  return typed(async () => {
    const src = new ByteSource(input);
    const [module, format] = await identify(src);
    throwIfAborted(ctx.signal);
    const before = await module.inspect(src, format, ctx);
    throwIfAborted(ctx.signal);
    const plan = await module.clean(src, format, ctx);
    throwIfAborted(ctx.signal);
    const output = new ByteSource(planAccess(src.input, plan));
    const after = await module.inspect(output, format, {});
    const left = after.filter(removable);
    if (left.length > 0) {
      throw new EngineError(
        'unclean',
        left.map((f) => `${f.location}: ${f.label}`).join('; '),
      );
    }
    ctx.onProgress?.(1);
    return {
      format,
      plan,
      removed: before.filter(removable),
      kept: after.filter(keptOnPurpose),
    };
  });
}

/** Cleans a file: the output Blob is assembled from slices of the input plus small new parts. */
export async function clean(
  blob: Blob,
  options: CleanOptions,
): Promise<CleanResult> {
  const { plan, ...result } = await cleanPlan(blob, options);
  return {
    ...result,
    blob: planToBlob(blob, plan, result.format.mime),
    name: CLEANED_PREFIX + options.name,
  };
}
