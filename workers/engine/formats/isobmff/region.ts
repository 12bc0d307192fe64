/**
 * A metadata box read into memory (moov, a HEIF meta, a moof) and edited on a copy. The edits are
 * turned into same-size patches by comparing the copy with the original, so every rule that
 * changes a byte only has to say which byte.
 */
import { ascii, writeU32be } from '../../bytes';
import type { Patch } from '../../shared/in-place';
import type { Box } from './box';

/** Runs of changed bytes closer than this merge into one patch. */
const PATCH_MERGE_GAP = 32;
const FREE_TYPE = ascii('free');
const TYPE_OFFSET = 4;

/** A stretch of the region's copy that an edit wrote: indexes [from, to) into its bytes. */
type Span = readonly [from: number, to: number];

export class Region {
  /** The copy every edit writes; only through the methods below, which note where. */
  private readonly edited: Uint8Array;
  /**
   * Where edits wrote: only these stretches are compared for patches. A moov is some 35 KB per
   * minute of a movie and an edit a few hundred bytes; comparing every byte was a sixth of an
   * in-place clean's own time.
   */
  private readonly spans: Span[] = [];

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
    this.write(FREE_TYPE, box.start + TYPE_OFFSET);
    this.zero(box.payload, box.end);
  }

  /** True when `box` was already turned into free space by an earlier edit. */
  isFree(box: Box): boolean {
    const at = box.start - this.base + TYPE_OFFSET;
    return FREE_TYPE.every((b, i) => this.edited[at + i] === b);
  }

  /** True when file offsets [from, to) inside this region hold only zeros, as edited. */
  isZero(from: number, to: number): boolean {
    return this.edited
      .subarray(from - this.base, to - this.base)
      .every((b) => b === 0);
  }

  /** Zeroes file offsets [from, to) inside this region. */
  zero(from: number, to: number): void {
    this.edited.fill(0, from - this.base, to - this.base);
    this.note(from - this.base, to - this.base);
  }

  /** Writes `data` at file offset `offset` inside this region. */
  write(data: Uint8Array, offset: number): void {
    const at = offset - this.base;
    this.edited.set(data, at);
    this.note(at, at + data.length);
  }

  /** Writes `v` as a big-endian u32 at file offset `offset` inside this region. */
  writeU32be(offset: number, v: number): void {
    const at = offset - this.base;
    writeU32be(this.edited, at, v);
    this.note(at, at + 4);
  }

  /** The edits as same-size patches at file offsets. */
  patches(): Patch[] {
    const patches: Patch[] = [];
    const { bytes, edited } = this;
    let start = -1;
    let end = -1;
    for (const [from, to] of mergedSpans(this.spans)) {
      for (let i = from; i < to; i++) {
        if (bytes[i] === edited[i]) continue;
        if (start >= 0 && i - end < PATCH_MERGE_GAP) {
          end = i + 1;
          continue;
        }
        if (start >= 0) patches.push(this.patch(start, end));
        start = i;
        end = i + 1;
      }
    }
    if (start >= 0) patches.push(this.patch(start, end));
    return patches;
  }

  private patch(start: number, end: number): Patch {
    return { offset: this.base + start, data: this.edited.slice(start, end) };
  }

  /** Notes indexes [from, to) as written, read as `fill` reads them (a negative one from the end). */
  private note(from: number, to: number): void {
    const length = this.edited.length;
    const index = (i: number) =>
      Math.min(length, Math.max(0, i < 0 ? length + i : i));
    const start = index(from);
    const end = index(to);
    if (end > start) this.spans.push([start, end]);
  }
}

/** The spans in order, overlapping and touching ones joined, so each index is compared once. */
function mergedSpans(spans: readonly Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [from, to] of sorted) {
    const last = merged.at(-1);
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else merged.push([from, to]);
  }
  return merged;
}
