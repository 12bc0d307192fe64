/**
 * metaclean as a library for Node 20+: `import { clean, inspect } from 'metaclean'`. The same
 * engine as the command line and the website, on a path, a Blob or bytes in memory. Errors are
 * typed: an `EngineError` (`unsupported`, `corrupt`, `encrypted`, `too-large`, `unclean`, ...) or a
 * `CliError` (`unreadable`, `unwritable`, `output-exists`, ...), each with a `code` and a `detail`.
 */
import {
  cleanPlan,
  inspect as inspectInput,
  lendHostCodecs,
  madeBytes,
  planSize,
  type Finding,
  type OutputPlan,
  type RandomAccess,
  type Sniffed,
} from '../workers/engine/index';
import { openFileAccess, type FileAccess } from './file-access';
import { nodeCodecs } from './node-codecs';
import { checkTarget } from './output-target';
import { writeBytes, writePlan } from './write-plan';

export { EngineError, isEngineError } from '../workers/engine/index';
export type {
  EngineErrorCode,
  Finding,
  FindingCategory,
  FormatId,
  KeepReason,
  Sniffed,
} from '../workers/engine/index';
export { CliError, isCliError, type CliErrorCode } from './cli-error';

/** What the library takes: a file's path, a Blob (a `File`, an upload), or its bytes. */
export type Input = string | Blob | Uint8Array;

export interface InspectOutcome {
  readonly format: Sniffed;
  /** Every metadata item found: removable ones, and ones kept on purpose (`kept` set). */
  readonly findings: readonly Finding[];
}

export interface CleanOutcome {
  readonly format: Sniffed;
  /** What the input had that the clean copy does not. */
  readonly removed: readonly Finding[];
  /** What the clean copy keeps on purpose (orientation, colour profile, ...), with the reason. */
  readonly kept: readonly Finding[];
  /** The clean copy, unless it was written to `output`. */
  readonly bytes?: Uint8Array;
  /** Where the clean copy was written, when `output` was given. */
  readonly output?: string;
}

export interface CleanOptions {
  /** Write the clean copy to this path (a temporary file renamed into place when complete). */
  readonly output?: string;
  /** Replace `output` if it exists; without it an existing file is never replaced. */
  readonly overwrite?: boolean;
  /**
   * Remove the parts the engine cannot clean (a PDF's attachment of an unknown type), each listed
   * in `removed`, instead of failing with `uncleanable-part`.
   */
  readonly dropUncleanable?: boolean;
  readonly signal?: AbortSignal;
}

let codecsLent = false;
function lendCodecsOnce(): void {
  if (codecsLent) return;
  lendHostCodecs(nodeCodecs());
  codecsLent = true;
}

/** Lists the metadata an input holds, changing nothing. */
export async function inspect(
  input: Input,
  options: { readonly signal?: AbortSignal } = {},
): Promise<InspectOutcome> {
  lendCodecsOnce();
  return withSource(input, (source) => inspectInput(source, options));
}

/**
 * Cleans an input: verified after cleaning (nothing removable left), lossless, or a typed error
 * and no output. Returns the clean bytes, or writes them to `options.output`.
 */
export async function clean(
  input: Input,
  options: CleanOptions = {},
): Promise<CleanOutcome> {
  lendCodecsOnce();
  return withSource(input, async (source, file) => {
    const { plan, format, removed, kept } = await cleanPlan(source, {
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.dropUncleanable ? { dropUncleanable: true } : {}),
    });
    const output = options.output;
    if (output === undefined)
      return { format, removed, kept, bytes: await assemble(source, plan) };
    checkTarget(output, file?.identity ?? NO_FILE, {
      overwrite: options.overwrite ?? false,
    });
    if (file) await writePlan(file, plan, output);
    else await writeBytes(await assemble(source, plan), output);
    return { format, removed, kept, output };
  });
}

/** An input in memory is no file on disk: no output path can be it. */
const NO_FILE = { dev: -1n, ino: -1n };

/** The bytes a plan describes, read from the input and made where new. */
async function assemble(
  source: RandomAccess,
  plan: OutputPlan,
): Promise<Uint8Array> {
  const out = new Uint8Array(planSize(plan));
  let at = 0;
  for (const segment of plan) {
    const part =
      segment.kind === 'copy'
        ? await source.read(segment.start, segment.end - segment.start)
        : segment.kind === 'bytes'
          ? segment.data
          : await madeBytes(segment);
    out.set(part, at);
    at += part.length;
  }
  return out;
}

async function withSource<T>(
  input: Input,
  work: (source: RandomAccess, file?: FileAccess) => Promise<T>,
): Promise<T> {
  if (typeof input !== 'string') {
    const bytes =
      input instanceof Uint8Array
        ? input
        : new Uint8Array(await input.arrayBuffer());
    return work({
      size: bytes.length,
      read: async (offset, length) => bytes.slice(offset, offset + length),
    });
  }
  const file = await openFileAccess(input);
  try {
    return await work(file, file);
  } finally {
    await file.close();
  }
}
