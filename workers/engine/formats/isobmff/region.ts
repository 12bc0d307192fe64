/**
 * A metadata box read into memory (moov, a HEIF meta, a moof) and edited on a copy. The edits are
 * turned into same-size patches by comparing the copy with the original, so every rule that
 * changes a byte only has to say which byte.
 */
import { ascii } from '../../bytes';
import type { Patch } from '../../shared/in-place';
import type { Box } from './box';

/** Runs of changed bytes closer than this merge into one patch. */
const PATCH_MERGE_GAP = 32;
const FREE_TYPE = ascii('free');
const TYPE_OFFSET = 4;

export class Region {
  readonly edited: Uint8Array;

  constructor(
    /** The box's bytes as they are in the file. */
    readonly bytes: Uint8Array,
    /** File offset of bytes[0]. */
    readonly base: number,
  ) {
    this.edited = bytes.slice();
  }

  /** Turns `box` into a `free` box of the same size with a zeroed payload (14496-12 8.1.2). */
  free(box: Box): void {
    this.edited.set(FREE_TYPE, box.start - this.base + TYPE_OFFSET);
    this.zero(box.payload, box.end);
  }

  /** True when `box` was already turned into free space by an earlier edit. */
  isFree(box: Box): boolean {
    const at = box.start - this.base + TYPE_OFFSET;
    return FREE_TYPE.every((b, i) => this.edited[at + i] === b);
  }

  /** Zeroes file offsets [from, to) inside this region. */
  zero(from: number, to: number): void {
    this.edited.fill(0, from - this.base, to - this.base);
  }

  /** The edits as same-size patches at file offsets. */
  patches(): Patch[] {
    const patches: Patch[] = [];
    const { bytes, edited } = this;
    let i = 0;
    while (i < bytes.length) {
      if (bytes[i] === edited[i]) {
        i++;
        continue;
      }
      const start = i;
      let end = i + 1;
      for (let j = end; j < bytes.length && j - end < PATCH_MERGE_GAP; j++) {
        if (bytes[j] !== edited[j]) end = j + 1;
      }
      patches.push({
        offset: this.base + start,
        data: edited.slice(start, end),
      });
      i = end;
    }
    return patches;
  }
}
