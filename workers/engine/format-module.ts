import type { ByteSource } from './byte-source';
import type { Finding } from './findings';
import type { OutputPlan } from './output-plan';

/** Stable ids of the formats the engine knows; the report and the CLI print them. */
export type FormatId =
  | 'jpeg'
  | 'png'
  | 'webp'
  | 'gif'
  | 'tiff'
  | 'heic'
  | 'avif'
  | 'svg'
  | 'bmp'
  | 'mp4'
  | 'mov'
  | 'webm'
  | 'mkv'
  | 'avi'
  | 'wmv'
  | 'flv'
  | 'mp3'
  | 'flac'
  | 'ogg'
  | 'wav'
  | 'aiff'
  | 'pdf'
  | 'docx'
  | 'xlsx'
  | 'pptx'
  | 'odt'
  | 'ods'
  | 'odp'
  | 'odg'
  | 'epub';

export interface EngineContext {
  readonly signal?: AbortSignal;
  /** Fraction done, 0..1; called at most a few hundred times per file. */
  readonly onProgress?: (fraction: number) => void;
}

/** The result of sniffing: a module may refine the id (e.g. ISOBMFF tells heic from avif from mp4). */
export interface Sniffed {
  readonly id: FormatId;
  readonly mime: string;
  /** The usual extension, without the dot, for the report ("this .jpg is really a PNG"). */
  readonly extension: string;
}

/**
 * One module per format family, all with the same face. A format is added by writing a module and
 * adding one line to the registry.
 */
export interface FormatModule {
  /** Every id this module can answer, with MIME types and extensions (drives the drop zone). */
  readonly formats: readonly {
    id: FormatId;
    mime: string;
    extensions: readonly string[];
  }[];
  /** Looks at the first SNIFF_BYTES of the file (fewer if the file is shorter). */
  sniff(head: Uint8Array): Sniffed | null;
  /** Every metadata item found: removable ones, and ones kept on purpose (with `kept` set). */
  inspect(
    src: ByteSource,
    format: Sniffed,
    ctx: EngineContext,
  ): Promise<Finding[]>;
  /** The cleaned file as a plan over the input. Throws EngineError when it cannot fully clean. */
  clean(
    src: ByteSource,
    format: Sniffed,
    ctx: EngineContext,
  ): Promise<OutputPlan>;
}
