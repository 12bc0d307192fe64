/**
 * The engine's one path through a file: sniff, one analysis by the file's module, the plan, and
 * the verification of the planned output. `index.ts` wraps it so foreign exceptions become typed.
 */
import { ByteSource } from './byte-source';
import { EngineError, throwIfAborted } from './errors';
import { removable, keptOnPurpose, type Finding } from './findings';
import type {
  Analysis,
  ByteRange,
  EngineContext,
  FormatModule,
  NestedEngine,
  NestedPlannedClean,
  Sniffed,
} from './format-module';
import { formatCatalog } from './format-catalog';
import {
  MAX_DOCUMENT_BYTES,
  MAX_NESTED_DEPTH,
  SNIFF_BYTES,
  maxBytesFor,
} from './limits';
import {
  planBytes,
  segmentSize,
  shiftPlan,
  type OutputPlan,
} from './output-plan';
import { ANALYSIS_SHARE, ProgressMeter, type ReadMeter } from './progress';
import {
  bytesAccess,
  planAccess,
  rangeAccess,
  type RandomAccess,
} from './random-access';
import { formatModules } from './registry';
import { findResidue, opaqueInOutput } from './residue-scan';

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

/**
 * The file's module: the first whose signature matches, or, when a container already read what
 * the file is (`as`, a media type), the module that declares that type.
 */
async function identify(
  src: ByteSource,
  as?: string,
): Promise<[FormatModule, Sniffed]> {
  if (as !== undefined) {
    for (const module of formatModules) {
      const format = module.formats.find((f) => f.mime === as);
      if (format)
        return [
          module,
          {
            id: format.id,
            mime: format.mime,
            extension: format.extensions[0]!,
          },
        ];
    }
    throw new EngineError('unsupported', `files of type ${as.slice(0, 80)}`);
  }
  const head = await src.read(0, SNIFF_BYTES);
  for (const module of formatModules) {
    const sniffed = module.sniff(head);
    if (sniffed) return [module, sniffed];
  }
  throw new EngineError('unsupported', 'no format matched the file signature');
}

/**
 * The size limit of the file's family, by its sniffed format. A format missing from the catalog
 * gets the strictest limit: failing closed on size costs a refusal, never an unbounded parse.
 */
export function sizeLimitFor(id: Sniffed['id']): number {
  const entry = formatCatalog.find((e) => e.id === id);
  return entry ? maxBytesFor(entry.kind) : MAX_DOCUMENT_BYTES;
}

export interface Analyzed {
  readonly src: ByteSource;
  readonly module: FormatModule;
  readonly format: Sniffed;
  readonly analysis: Analysis;
  /** The file's progress: the analysis filled the first part of the bar, verify fills the rest. */
  readonly progress: ProgressMeter;
}

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
  const limit = sizeLimitFor(sniffed.id);
  if (src.size > limit)
    throw new EngineError(
      'too-large',
      `${sniffed.id} of ${src.size} bytes, over ${limit}`,
    );
  throwIfAborted(ctx.signal);
  // The reads through `src` are the progress; a module's own fractions map into the same pass.
  const analysis = await module.analyze(src, sniffed, {
    ...(ctx.signal && { signal: ctx.signal }),
    ...(ctx.onProgress && { onProgress: pass.reached }),
    ...(ctx.dropUncleanable && { dropUncleanable: true }),
    depth,
    ...(ctx.knownOpaque && { knownOpaque: ctx.knownOpaque }),
    nested: nestedEngine(
      ctx,
      depth + 1,
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

/** Opaque ranges proven in `src` (an analysed file): valid only for that very source. */
interface KnownOpaque {
  readonly src: ByteSource;
  readonly ranges: readonly ByteRange[];
}

/**
 * The known ranges that lie inside [start, end) of `src`, counted from `start`; none when `src`
 * is not the source they were proven in (bytes a module decoded into a buffer of its own).
 */
function knownInSlice(
  known: KnownOpaque | undefined,
  src: ByteSource,
  start: number,
  end: number,
): { knownOpaque?: ByteRange[] } {
  if (!known || known.src !== src) return {};
  const inside = known.ranges
    .filter((r) => r.start >= start && r.end <= end)
    .map((r) => ({ start: r.start - start, end: r.end - start }));
  return inside.length ? { knownOpaque: inside } : {};
}

/**
 * Nested files cleaned in memory (an inflated photo), each with its image data's ranges: proven by
 * the clean's own entropy scan and copied byte-identical. A container that writes such bytes into
 * its output lets its verify-after-clean take those ranges as known instead of scanning them again.
 * Keyed by the very array the clean returned, so a copy of it is never taken for it.
 */
const provenInBytes = new WeakMap<Uint8Array, readonly ByteRange[]>();

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

/** Verifies a plan by analysing the output it describes: nothing removable may be left. */
export async function verifiedPlan(
  { src, module, format, analysis, progress }: Analyzed,
  ctx: EngineContext,
  depth: number,
): Promise<CleanPlanResult> {
  throwIfAborted(ctx.signal);
  const plan = await analysis.plan();
  throwIfAborted(ctx.signal);
  const outputAccess = planAccess(src.input, plan);
  const pass = progress.pass(ANALYSIS_SHARE, 1, outputAccess.size);
  const output = new ByteSource(outputAccess, pass);
  const opaque = analysis.opaque;
  // The input's image data as it sits in the output, its own and that of photos cleaned where
  // they lie: proven entropy data, so no module scans it a second time.
  const proven = [...(opaque ?? []), ...(analysis.nestedOpaque ?? [])].sort(
    (a, b) => a.start - b.start,
  );
  const known = [
    ...(proven.length ? opaqueInOutput(plan, proven) : []),
    ...provenInOutput(plan),
  ].sort((a, b) => a.start - b.start);
  const knownOpaque = known.length ? known : undefined;
  const after = await module.analyze(output, format, {
    ...(ctx.signal && { signal: ctx.signal }),
    ...(ctx.onProgress && { onProgress: pass.reached }),
    ...(ctx.dropUncleanable && { dropUncleanable: true }),
    depth,
    nested: nestedEngine(
      ctx,
      depth + 1,
      pass,
      knownOpaque && { src: output, ranges: knownOpaque },
    ),
    ...(knownOpaque ? { knownOpaque } : {}),
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

const shifted = (ranges: readonly ByteRange[], by: number): ByteRange[] =>
  ranges.map((r) => ({ start: r.start + by, end: r.end + by }));

/** The engine as a nested file's container sees it: same rules, one level deeper. */
function nestedEngine(
  { signal, dropUncleanable }: EngineContext,
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
    const analyzed = await analyzeInput(bytesAccess(bytes), ctx, depth);
    const result = await verifiedPlan(analyzed, ctx, depth);
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
      const { format, analysis } = await analyzeInput(
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
      const { format, analysis } = await analyzeInput(
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
      const { format, analysis } = await analyzeInput(
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
      if (proven) provenInBytes.set(cleaned, proven);
      return { ...result, bytes: cleaned };
    },
    cleanPlanned: cleanedPlan,
    async cleanSlice(src, start, end) {
      const slice = rangeAccess(src.input, start, end);
      const analyzed = await analyzeInput(
        slice,
        { ...ctx, ...knownInSlice(known, src, start, end) },
        depth,
        outer,
      );
      const result = await verifiedPlan(analyzed, ctx, depth);
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
