import { throwIfAborted } from './errors';
import type { ReadMeter } from './byte-source';
import type { EngineContext } from './engine-types';

/** The bar moves in steps of at least this much, so a file costs at most ~200 progress calls. */
export const PROGRESS_STEP = 1 / 200;

/** The share of the bar the analysis of the input takes; verify-after-clean takes the rest. */
export const ANALYSIS_SHARE = 0.5;

/** One pass of a file: its reads, and what its module says of its own progress. */
export interface ProgressPass extends ReadMeter {
  /**
   * A module's own fraction of the pass (members of a zip done, say), for work its reads do not
   * show (nested files cleaned from bytes in memory). The bar shows the further of the two.
   */
  reached(fraction: number): void;
}

/**
 * One file's progress, measured from its reads rather than by each module: every byte a module
 * reads passes through its ByteSource, so the bytes read over the file's size is how far a walk
 * that reads a large part of the file (an entropy scan, a block or frame walk, an object walk)
 * has come. A module that reads only headers finishes in a moment and jumps to the end.
 *
 * The file's passes (the analysis, then verify-after-clean) each own a span of the bar, and
 * reports only ever grow, so the bar never goes back. Every read also checks the signal, so
 * Cancel stops long work at the next read.
 */
export class ProgressMeter {
  private shown = 0;

  constructor(private readonly ctx: EngineContext) {}

  /** A meter for one pass over `size` bytes that fills the bar from `from` to `to`. */
  pass(from: number, to: number, size: number): ProgressPass {
    let bytes = 0;
    return {
      reached: (fraction) =>
        this.report(from + (to - from) * Math.min(1, Math.max(0, fraction))),
      read: (length) => {
        throwIfAborted(this.ctx.signal);
        if (!this.ctx.onProgress) return;
        bytes += length;
        const done = size > 0 ? Math.min(1, bytes / size) : 1;
        this.report(from + (to - from) * done);
      },
    };
  }

  /** Reports `fraction` if it moves the bar by at least a step (or completes it). */
  report(fraction: number): void {
    const onProgress = this.ctx.onProgress;
    if (!onProgress) return;
    const next = Math.min(1, fraction);
    if (next < this.shown + PROGRESS_STEP && next < 1) return;
    if (next <= this.shown) return;
    this.shown = next;
    onProgress(next);
  }
}
