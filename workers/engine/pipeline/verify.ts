/**
 * Verify-after-clean: the planned output is analysed by the same module, which must find nothing
 * removable in it, and the ranges it copies from the input are scanned for metadata signatures.
 * What is proven image data is handed down as `knownOpaque`, so nothing is scanned twice.
 */
import { ByteSource, type ReadMeter } from '../byte-source';
import type { ByteRange, EngineContext } from '../engine-types';
import { EngineError, throwIfAborted } from '../errors';
import { keptOnPurpose, removable, type Finding } from '../findings';
import type {
  Analysis,
  FormatModule,
  NestedEngine,
  Sniffed,
} from '../format-module';
import { knownContentInOutput } from '../known-content';
import { knownAfterClean, type KnownOpaque } from '../opaque-ranges';
import { planAccess, type OutputPlan } from '../output-plan';
import { ANALYSIS_SHARE, type ProgressMeter } from '../progress';
import { findResidue } from '../residue-scan';

/** A file identified and analysed: what verify-after-clean starts from. */
export interface Analyzed {
  readonly src: ByteSource;
  readonly module: FormatModule;
  readonly format: Sniffed;
  readonly analysis: Analysis;
  /** The file's progress: the analysis filled the first part of the bar, verify fills the rest. */
  readonly progress: ProgressMeter;
}

export interface CleanPlanResult {
  readonly format: Sniffed;
  readonly plan: OutputPlan;
  /** What the input had that the output does not. */
  readonly removed: Finding[];
  /** What the output keeps on purpose, each with its reason. */
  readonly kept: Finding[];
}

/** The nested engine the output's analysis gets: its reads on `outer`, `known` handed down. */
export type NestedFor = (outer: ReadMeter, known?: KnownOpaque) => NestedEngine;

/** Verifies a plan by analysing the output it describes: nothing removable may be left. */
export async function verifyPlan(
  { src, module, format, analysis, progress }: Analyzed,
  ctx: EngineContext,
  depth: number,
  nestedFor: NestedFor,
): Promise<CleanPlanResult> {
  throwIfAborted(ctx.signal);
  const plan = await analysis.plan();
  throwIfAborted(ctx.signal);
  const outputAccess = planAccess(src.input, plan);
  const pass = progress.pass(ANALYSIS_SHARE, 1, outputAccess.size);
  const output = new ByteSource(outputAccess, pass);
  const opaque = analysis.opaque;
  const knownOpaque: readonly ByteRange[] | undefined = knownAfterClean(
    plan,
    opaque,
    analysis.nestedOpaque,
  );
  const knownContent = knownContentInOutput(plan);
  const after = await module.analyze(output, format, {
    ...(ctx.signal && { signal: ctx.signal }),
    ...(ctx.onProgress && { onProgress: pass.reached }),
    ...(ctx.dropUncleanable && { dropUncleanable: true }),
    ...(ctx.keepLayout && { keepLayout: true }),
    depth,
    nested: nestedFor(
      pass,
      knownOpaque && { src: output, ranges: knownOpaque },
    ),
    ...(knownOpaque ? { knownOpaque } : {}),
    ...(knownContent && { knownContent }),
  });
  const left = after.findings.filter(removable);
  if (left.length > 0) {
    throw new EngineError(
      'unclean',
      left.map((f) => `${f.location}: ${f.label}`).join('; '),
    );
  }
  // A nested photo's image data needs no second look either: the nested clean scanned the rest of
  // the photo for residue, as a JPEG of its own gets.
  const residue = await findResidue(src, plan, opaque, [
    ...(analysis.checked ?? []),
    ...(analysis.nestedOpaque ?? []),
  ]);
  if (residue)
    throw new EngineError('unclean', `metadata signature ${residue}`);
  return {
    format: analysis.format ?? format,
    plan,
    removed: analysis.findings.filter(removable),
    kept: after.findings.filter(keptOnPurpose),
  };
}
