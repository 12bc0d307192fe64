/**
 * The edited copy of a metadata box (moov, meta, moof) gives its patches from the stretches its
 * edits wrote, not from a comparison of every byte: the same patches as comparing every byte of
 * the copy with the original, over random edits (zeroed runs, writes, `free` boxes, u32 entries,
 * edits that write the bytes already there, runs that touch and overlap).
 */
import { describe, expect, it } from 'vitest';
import { Region } from '../../../workers/engine/formats/isobmff/region';
import type { Box } from '../../../workers/engine/formats/isobmff/box';
import { random } from '../../helpers/seeded-random';

const MERGE_GAP = 32;

/** Every byte compared: runs of changes closer than the gap are one patch. */
function patchesByFullCompare(
  before: Uint8Array,
  after: Uint8Array,
  base: number,
) {
  const patches: { offset: number; data: Uint8Array }[] = [];
  let i = 0;
  while (i < before.length) {
    if (before[i] === after[i]) {
      i++;
      continue;
    }
    const start = i;
    let end = i + 1;
    for (let j = end; j < before.length && j - end < MERGE_GAP; j++)
      if (before[j] !== after[j]) end = j + 1;
    patches.push({ offset: base + start, data: after.slice(start, end) });
    i = end;
  }
  return patches;
}

/** Replays the same edits on a plain copy, as the region's copy should hold them. */
function editedCopy(bytes: Uint8Array, edits: ((copy: Uint8Array) => void)[]) {
  const copy = bytes.slice();
  for (const edit of edits) edit(copy);
  return copy;
}

describe('a region of a metadata box', () => {
  it('patches what its edits changed, as a comparison of every byte does', () => {
    const next = random(21);
    const int = (n: number) => Math.floor(next() * n);
    for (let round = 0; round < 300; round++) {
      const size = 64 + int(4000);
      const base = int(1_000_000);
      const bytes = new Uint8Array(size);
      // Runs of zeroes and of text, so edits often write what is already there.
      for (let i = 0; i < size; i++) bytes[i] = next() < 0.4 ? 0 : 32 + int(90);
      const region = new Region(bytes, base);
      const replay: ((copy: Uint8Array) => void)[] = [];
      for (let e = int(12); e > 0; e--) {
        const at = int(size - 8);
        const length = 1 + int(Math.min(size - at, 200));
        const kind = int(4);
        if (kind === 0) {
          region.zero(base + at, base + at + length);
          replay.push((c) => c.fill(0, at, at + length));
        } else if (kind === 1) {
          const data = bytes.slice(at, at + length);
          if (next() < 0.5) data[int(length)] ^= 1 + int(255);
          region.write(data, base + at);
          replay.push((c) => c.set(data, at));
        } else if (kind === 2) {
          const v = next() < 0.3 ? 0 : int(2 ** 32);
          region.writeU32be(base + at, v);
          replay.push((c) =>
            c.set([v >>> 24, (v >>> 16) & 255, (v >>> 8) & 255, v & 255], at),
          );
        } else {
          const box: Box = {
            type: 'udta',
            start: base + at,
            payload: base + at + 8,
            end: base + at + Math.max(8, length),
          } as Box;
          region.free(box);
          replay.push((c) => {
            c.set([102, 114, 101, 101], at + 4);
            c.fill(0, at + 8, at + Math.max(8, length));
          });
        }
      }
      const expected = patchesByFullCompare(
        bytes,
        editedCopy(bytes, replay),
        base,
      );
      expect(region.patches()).toEqual(expected);
    }
  });

  it('gives no patch when nothing was edited, or every edit wrote the bytes already there', () => {
    const bytes = new TextEncoder().encode('\0\0\0\x10udtaCANARY09q\0\0\0\0');
    const region = new Region(bytes, 4096);
    expect(region.patches()).toEqual([]);
    region.write(bytes.slice(8, 14), 4096 + 8);
    region.zero(4096 + 20, 4096 + 24);
    expect(region.patches()).toEqual([]);
  });
});
