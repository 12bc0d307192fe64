/**
 * The engine's two smallest shapes, in a file that imports only the checked copy's type (itself
 * free of core imports), so every core file can name them without importing another
 * (format-module.ts, output-plan.ts and progress.ts once formed a type cycle through them).
 */
import type { CheckedCopy } from './checked-copy';

/** Bytes [start, end) of a file. */
export interface ByteRange {
  readonly start: number;
  readonly end: number;
}

/** What the caller of the engine hands it: a way to cancel, a place for progress, and choices. */
export interface EngineContext {
  readonly signal?: AbortSignal;
  /** Fraction done, 0..1; called at most a few hundred times per file. */
  readonly onProgress?: (fraction: number) => void;
  /**
   * Remove the parts the engine cannot clean (an attachment of an unknown type), each named in
   * the report as removed, instead of failing with `uncleanable-part`: the person's choice.
   */
  readonly dropUncleanable?: boolean;
  /**
   * The output must keep the input's size and layout, so it can be written as patches into the
   * file itself (the CLI's `--in-place`): a module that would leave out free space keeps it.
   */
  readonly keepLayout?: boolean;
  /**
   * The host writes the output from this input and checks the ranges claimed here as it copies
   * them (`checked-copy.ts`): a module may take a long range of image data on trust. Only the
   * file's own analysis and the slices a container copies as they are see it; verify-after-clean
   * and files decoded into memory do not.
   */
  readonly checkedCopy?: CheckedCopy;
}
