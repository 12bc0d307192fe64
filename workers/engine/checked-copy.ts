/**
 * A checked copy: a host that writes the output from the input (the CLI) may let a module take a
 * long range on trust instead of reading it during the analysis (a JPEG's one scan of
 * entropy-coded data, up to its file's final EOI). The module claims the range with a check of its
 * bytes; the writer feeds the check every byte of the range as it copies it, so the pixels are
 * read once per clean, not once to prove them and again to write them. A range that fails its
 * check, or one the copy did not carry whole and in order that then fails when read on its own,
 * ends the write with `CheckFailed` and no output; the host then cleans the file again without
 * claims, exactly as a host without a checked copy does (the browser).
 *
 * Only a range of the very input the writer copies from may be claimed: bytes a container
 * inflated or decoded into memory are never copied from the input, so their claim is refused and
 * the module reads them as it always does.
 */
import { EngineError } from './errors';
import type { RandomAccess } from './random-access';

/** A check fed a range's bytes in order; `feed` answers false from the first byte that fails it. */
export interface RangeCheck {
  feed(bytes: Uint8Array): boolean;
}

/** A range of the input taken on trust, and how to check it. */
export interface ClaimedRange {
  readonly start: number;
  readonly end: number;
  /** A fresh check for one pass over the range's bytes, from its start. */
  readonly check: () => RangeCheck;
}

/** The claims of one clean, in the offsets of `input`, the file the writer copies from. */
export class CheckedCopy {
  private readonly claimed: ClaimedRange[] = [];

  constructor(readonly input: RandomAccess) {}

  /**
   * Claims bytes [start, end) of `access`, to be proven by `check` as they are copied. False,
   * and nothing claimed, when `access` is not the input or a range of it: the caller reads them.
   */
  claim(
    access: RandomAccess,
    start: number,
    end: number,
    check: () => RangeCheck,
  ): boolean {
    let offset = 0;
    let at: RandomAccess = access;
    // A nested file's bytes are put in the input's offsets through the ranges they lie in.
    while (at !== this.input) {
      if (!at.origin) return false;
      offset += at.origin.offset;
      at = at.origin.input;
    }
    this.claimed.push({ start: start + offset, end: end + offset, check });
    return true;
  }

  /** Every claim so far, in input order. */
  get ranges(): readonly ClaimedRange[] {
    return [...this.claimed].sort((a, b) => a.start - b.start);
  }
}

/**
 * A claimed range failed its check: the output is dropped. Typed `unclean`, so a host that did not
 * clean the file again would still fail closed.
 */
export class CheckFailed extends EngineError {
  constructor(range: { start: number; end: number }) {
    super(
      'unclean',
      `bytes ${range.start} to ${range.end}, taken as image data, failed their check`,
    );
  }
}

export function isCheckFailed(error: unknown): error is CheckFailed {
  return error instanceof CheckFailed;
}
