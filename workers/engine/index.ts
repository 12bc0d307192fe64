import { EngineError, isEngineError } from './errors';
import type { EngineContext } from './format-module';
import { planToBlob } from './output-plan';
import {
  analyzeInput,
  verifiedPlan,
  type CleanPlanResult,
  type InspectResult,
} from './pipeline';
import type { RandomAccess } from './random-access';

export type {
  Finding,
  FindingCategory,
  FindingItem,
  ItemKind,
  KeepReason,
} from './findings';
export {
  FIELDS,
  fieldInfo,
  isFieldId,
  type FieldId,
  type FieldInfo,
  type FieldLabel,
  type FieldValueForm,
} from './fields';
export type { EngineErrorCode } from './errors';
export type {
  Analysis,
  AnalysisContext,
  FormatId,
  NestedClean,
  NestedEngine,
  Sniffed,
  EngineContext,
} from './format-module';
export type { OutputPlan, Segment } from './output-plan';
export type { RandomAccess } from './random-access';
export { EngineError, isEngineError } from './errors';
export {
  MAX_DOCUMENT_BYTES,
  MAX_FILE_BYTES,
  MAX_MEDIA_BYTES,
  maxBytesFor,
} from './limits';
export { supportedTypes } from './registry';
export {
  lendHostCodecs,
  type HostCodecs,
  type InflatedBlob,
  type InflatedRaw,
} from './shared/host-codecs';
export type { BlobRange } from './random-access';
export {
  inPlacePatches,
  madeBytes,
  planBytes,
  planToBlob,
  planSize,
} from './output-plan';
export type { CleanPlanResult, InspectResult } from './pipeline';

export interface CleanOptions extends EngineContext {
  /** The original file name; the output is named `cleaned_` + name. */
  readonly name: string;
}

export interface CleanResult extends Omit<CleanPlanResult, 'plan'> {
  readonly blob: Blob;
  readonly name: string;
}

export const CLEANED_PREFIX = 'cleaned_';

/**
 * What the visitor and the CLI read when a parser fails in a way it did not foresee: the file
 * does not follow its format somewhere the parser trusted it. The JavaScript message
 * (`Cannot read properties of undefined`) says nothing to a person and is not passed on.
 */
export const UNFORESEEN_DETAIL =
  'the file breaks its format in a way the reader did not expect';

/**
 * Runs `work`, letting EngineErrors through and turning anything else a parser throws (a
 * RangeError from a DataView, say) into a `corrupt` EngineError, so callers only see typed errors.
 */
async function foreignErrorsAsCorrupt<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isEngineError(error)) throw error;
    throw new EngineError('corrupt', UNFORESEEN_DETAIL);
  }
}

/** Lists the metadata of a file without changing anything. */
export function inspect(
  input: Blob | RandomAccess,
  ctx: EngineContext = {},
): Promise<InspectResult> {
  return foreignErrorsAsCorrupt(async () => {
    const { format, analysis } = await analyzeInput(input, ctx, 0);
    return { format, findings: [...analysis.findings] };
  });
}

/**
 * Cleans a file into a plan, then analyses the planned output and fails closed if anything
 * removable is left (verify-after-clean).
 */
export function cleanPlan(
  input: Blob | RandomAccess,
  ctx: EngineContext = {},
): Promise<CleanPlanResult> {
  return foreignErrorsAsCorrupt(async () => {
    const analyzed = await analyzeInput(input, ctx, 0);
    const result = await verifiedPlan(analyzed, ctx, 0);
    analyzed.progress.report(1);
    return result;
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
    blob: await planToBlob(blob, plan, result.format.mime),
    name: CLEANED_PREFIX + options.name,
  };
}
