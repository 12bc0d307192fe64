import type { ByteSource } from './byte-source';
import type { Finding } from './findings';
import type { ByteRange, EngineContext } from './engine-types';
import type { FormatId, Sniffed } from './format-catalog';
import type { KnownContentMap } from './known-content';
import type { OutputPlan } from './output-plan';

export type { ByteRange, EngineContext } from './engine-types';
export type { FormatId, Sniffed } from './format-catalog';

/** What a nested file (an image inside an SVG, a PDF, a zip) was found to hold, and its clean copy. */
export interface NestedClean {
  readonly format: Sniffed;
  /** Everything the nested file held: removable findings and ones kept on purpose. */
  readonly findings: readonly Finding[];
  /** The nested file cleaned and verified, as bytes. */
  readonly bytes: Uint8Array;
}

/**
 * The whole engine, handed to modules whose files hold files of other formats (images in an SVG,
 * a PDF or an Office zip). Formats never import the engine itself: that would be an import cycle.
 */
export interface NestedEngine {
  /** Lists what the bytes hold without cleaning them. */
  inspect(
    bytes: Uint8Array,
  ): Promise<{ format: Sniffed; findings: readonly Finding[] }>;
  /**
   * Lists what bytes [start, end) of `src` hold without reading them into memory. Entropy data
   * the caller's context knows (`knownOpaque`, verify-after-clean) is not searched again.
   */
  inspectSlice(
    src: ByteSource,
    start: number,
    end: number,
  ): Promise<{
    format: Sniffed;
    findings: readonly Finding[];
    /** The nested file's opaque ranges, in `src`'s offsets. */
    opaque?: readonly ByteRange[];
  }>;
  /** Cleans the bytes with their own module and verifies the result, or throws EngineError. */
  clean(bytes: Uint8Array): Promise<NestedClean>;
  /**
   * As `clean`, but gives the cleaned file as a plan over `bytes` instead of assembling it: a
   * container that can make the bytes again later (a zip member it can inflate again) need not
   * hold them.
   */
  cleanPlanned(bytes: Uint8Array): Promise<NestedPlannedClean>;
  /**
   * Cleans bytes [start, end) of `src` (a stored zip member, a PDF image stream) without reading
   * them all into memory: the plan is in `src`'s offsets, ready to splice into the outer plan.
   * `knownOpaque`: the slice's image data already proven, in the slice's offsets, when the caller
   * holds it apart from the engine's own (a container's held content, `knownContent`).
   * `use.copiedAsPlanned`: the caller puts the plan in its own as it is, so each of its copied
   * ranges is copied by the host's writer, which may then check what the slice's module took on
   * trust (`checked-copy.ts`); a caller that reads the slice's output itself does not say so.
   */
  cleanSlice(
    src: ByteSource,
    start: number,
    end: number,
    knownOpaque?: readonly ByteRange[],
    use?: { readonly copiedAsPlanned?: boolean },
  ): Promise<NestedSliceClean>;
  /**
   * Analyses `src` from `start` to its end as a file of its own (a FLAC stream behind an ID3v2
   * tag), without copying it. Finding locations count from `start`; the plan is in `src`'s
   * offsets, so the caller can return it as its own. The caller's verify-after-clean covers it.
   */
  analyzeRange(
    src: ByteSource,
    start: number,
    /** Its media type, read from the file itself: the module declaring it, without sniffing. */
    as?: string,
  ): Promise<{ format: Sniffed; analysis: Analysis }>;
}

/** A nested file in memory cleaned and verified, as a plan over its bytes. */
export interface NestedPlannedClean {
  readonly format: Sniffed;
  readonly findings: readonly Finding[];
  readonly plan: OutputPlan;
  /** The cleaned file's proven image data, in its own (output) offsets. */
  readonly proven?: readonly ByteRange[];
}

/** A nested file cleaned where it lies in its container. */
export interface NestedSliceClean {
  readonly format: Sniffed;
  readonly findings: readonly Finding[];
  /** The cleaned nested file, as a plan over the container's bytes. */
  readonly plan: OutputPlan;
  /** The nested file's opaque ranges (its image data), in the container's offsets. */
  readonly opaque?: readonly ByteRange[];
}

/** What a module's analysis gets: the caller's context plus the nested engine. */
export interface AnalysisContext extends EngineContext {
  /**
   * Ranges of this file already proven to be image or sample data. Verify-after-clean passes the
   * input's `opaque` ranges mapped to the output (byte-identical copies), so a module may skip
   * what it would only re-read to find their end (a JPEG's entropy-coded data).
   */
  readonly knownOpaque?: readonly ByteRange[];
  /**
   * During verify-after-clean: compressed data of this file whose content the clean holds, by the
   * offset where it starts (a spliced photo in a document), read instead of inflated again.
   */
  readonly knownContent?: KnownContentMap;
  readonly nested: NestedEngine;
  /** How deep this file sits inside others (0 for the visitor's file); the engine bounds it. */
  readonly depth: number;
}

/**
 * One walk of a file: what it holds and how to clean it, so what the report shows and what
 * cleaning removes come from the same walk and cannot drift apart.
 */
export interface Analysis {
  /** Every metadata item found: removable ones, and ones kept on purpose (with `kept` set). */
  readonly findings: readonly Finding[];
  /**
   * The cleaned file as a plan over the input. Throws EngineError when it cannot fully clean.
   * Called at most once, after the findings were read.
   */
  plan(): OutputPlan | Promise<OutputPlan>;
  /**
   * Input ranges that hold image or sample data (entropy-coded data, IDAT, mdat, Clusters, audio
   * frames), sorted and not overlapping. The residue scan after the clean skips them; without
   * them it scans only small outputs.
   */
  readonly opaque?: readonly ByteRange[];
  /**
   * Input ranges of metadata the module keeps on purpose after checking it (an Orientation-only
   * EXIF, an ICC profile), sorted: the residue scan skips them as well.
   */
  readonly checked?: readonly ByteRange[];
  /**
   * Opaque ranges of files nested in this one and cleaned where they lie (a photo in a PDF or a
   * stored zip member), in this file's offsets, sorted. Verify-after-clean hands them on as
   * `knownOpaque`, so the photo's module does not scan its image data a second time, and the
   * residue scan skips them as the nested clean's own scan did. Unlike `opaque`, declaring them
   * does not make the residue scan read the rest of a large file.
   */
  readonly nestedOpaque?: readonly ByteRange[];
  /** The format as the walk found it, when the sniffer could only guess (a zip's kind of document). */
  readonly format?: Sniffed;
}

/**
 * What tells a module's files from their first bytes: the half of a module the registry holds,
 * in `formats/<name>/sniff.ts`, so identifying a file loads no parser (the CLI loads a module's
 * parsers only for the files it sniffs).
 */
export interface FormatSniffer {
  /** Every id this module can answer, with MIME types and extensions (drives the drop zone). */
  readonly formats: readonly {
    id: FormatId;
    mime: string;
    extensions: readonly string[];
  }[];
  /** Looks at the first SNIFF_BYTES of the file (fewer if the file is shorter). */
  sniff(head: Uint8Array): Sniffed | null;
}

/**
 * One module per format family, all with the same face: its sniffer and one `analyze` that
 * serves the report and the clean. A format is added by writing a module and adding one line to
 * the registry (the checklist is in workers/engine/README.md).
 */
export interface FormatModule extends FormatSniffer {
  /** One walk of the file: its findings and the plan that cleans it. */
  analyze(
    src: ByteSource,
    format: Sniffed,
    ctx: AnalysisContext,
  ): Promise<Analysis>;
}
