import {
  CheckFailed,
  type ClaimedRange,
  type RangeCheck,
} from '../workers/engine/checked-copy';
import type { FileAccess } from './file-access';

/** Read at a time when a claimed range the copy did not carry whole is checked on its own. */
const CHECK_CHUNK_BYTES = 1024 * 1024;

interface Progress {
  readonly range: ClaimedRange;
  readonly check: RangeCheck;
  /** The input offset up to which the copy has fed the range's check. */
  next: number;
  /** The copy skipped or repeated part of the range: it is checked on its own at the end. */
  apart: boolean;
}

/**
 * The checks of a clean's claimed ranges (`checked-copy.ts`), fed the input's bytes as the writer
 * copies them: a range copied whole and in order is proven by its copy; any other, copied in
 * part, out of order or not at all, is read and checked on its own once the copy is done, so a
 * claim is always proven before the output is renamed into place.
 */
export class CopyChecks {
  private readonly open: Progress[];

  constructor(ranges: readonly ClaimedRange[]) {
    const ordered = [...ranges].sort((a, b) => a.start - b.start);
    this.open = ordered.map((range) => ({
      range,
      check: range.check(),
      next: range.start,
      apart: false,
    }));
  }

  get empty(): boolean {
    return this.open.length === 0;
  }

  /** Input bytes [at, at + bytes.length), about to be written. Throws `CheckFailed`. */
  copied(at: number, bytes: Uint8Array): void {
    const end = at + bytes.length;
    for (const p of this.open) {
      // In input order: no later range meets these bytes either.
      if (p.range.start >= end) break;
      const start = Math.max(at, p.range.start);
      const stop = Math.min(end, p.range.end);
      if (start >= stop || p.apart) continue;
      if (start !== p.next) {
        p.apart = true;
        continue;
      }
      if (!p.check.feed(bytes.subarray(start - at, stop - at)))
        throw new CheckFailed(p.range);
      p.next = stop;
    }
  }

  /** Checks, from the input, every range the copy did not carry whole. Throws `CheckFailed`. */
  async finish(input: FileAccess): Promise<void> {
    let buffer: Uint8Array | undefined;
    for (const p of this.open) {
      if (!p.apart && p.next === p.range.end) continue;
      buffer ??= new Uint8Array(CHECK_CHUNK_BYTES);
      const check = p.range.check();
      for (let at = p.range.start; at < p.range.end; at += CHECK_CHUNK_BYTES) {
        const length = Math.min(CHECK_CHUNK_BYTES, p.range.end - at);
        const bytes = await input.readInto(at, buffer.subarray(0, length));
        if (bytes.length < length || !check.feed(bytes))
          throw new CheckFailed(p.range);
      }
    }
  }
}
