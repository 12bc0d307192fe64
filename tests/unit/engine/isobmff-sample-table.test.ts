/** Where a track's samples lie, from hand-built sample tables (stsc runs, stz2, co64). */
import { describe, expect, it } from 'vitest';
import { parseBoxHeader } from '../../../workers/engine/formats/isobmff/box';
import { chunkRanges } from '../../../workers/engine/formats/isobmff/sample-table';
import { box, concat } from '../../helpers/isobmff-fixtures';

const FULL_BOX = new Uint8Array(4);
const FILE_SIZE = 10_000;

function words(...values: number[]): Uint8Array {
  const out = new Uint8Array(values.length * 4);
  values.forEach((v, i) => new DataView(out.buffer).setUint32(i * 4, v));
  return out;
}

function co64(...offsets: number[]): Uint8Array {
  const out = new Uint8Array(4 + offsets.length * 8);
  const view = new DataView(out.buffer);
  view.setUint32(0, offsets.length);
  offsets.forEach((o, i) => view.setBigUint64(4 + i * 8, BigInt(o)));
  return box('co64', concat(FULL_BOX, out));
}

function ranges(...children: Uint8Array[]) {
  const stbl = box('stbl', concat(...children));
  return chunkRanges(
    { bytes: stbl, base: 0 },
    parseBoxHeader(stbl, 0, 0, stbl.length),
    FILE_SIZE,
  );
}

describe('chunk ranges', () => {
  it('expands stsc runs over chunks and sums stsz sizes per chunk', () => {
    const found = ranges(
      box('stsc', concat(FULL_BOX, words(2, 1, 2, 1, 3, 1, 1))),
      box('stsz', concat(FULL_BOX, words(0, 5, 10, 20, 30, 40, 50))),
      box('stco', concat(FULL_BOX, words(3, 100, 1000, 2000))),
    );
    expect(found).toEqual([
      { start: 100, end: 130 },
      { start: 1000, end: 1070 },
      { start: 2000, end: 2050 },
    ]);
  });

  it('reads compact sizes (stz2, 4-bit) and 64-bit chunk offsets (co64)', () => {
    const found = ranges(
      box('stsc', concat(FULL_BOX, words(1, 1, 2, 1))),
      box(
        'stz2',
        concat(
          FULL_BOX,
          Uint8Array.of(0, 0, 0, 4),
          words(3),
          Uint8Array.of(0x12, 0x30),
        ),
      ),
      co64(5000, 6000),
    );
    expect(found).toEqual([
      { start: 5000, end: 5003 },
      { start: 6000, end: 6003 },
    ]);
  });

  it('uses one size for every sample when stsz says so', () => {
    const found = ranges(
      box('stsc', concat(FULL_BOX, words(1, 1, 4, 1))),
      box('stsz', concat(FULL_BOX, words(25, 4))),
      box('stco', concat(FULL_BOX, words(1, 200))),
    );
    expect(found).toEqual([{ start: 200, end: 300 }]);
  });

  it('fails as corrupt when a chunk runs past the file', () => {
    expect(() =>
      ranges(
        box('stsc', concat(FULL_BOX, words(1, 1, 1, 1))),
        box('stsz', concat(FULL_BOX, words(500, 1))),
        box('stco', concat(FULL_BOX, words(1, FILE_SIZE - 10))),
      ),
    ).toThrow(expect.objectContaining({ code: 'corrupt' }));
  });

  it('fails as corrupt when a table claims more entries than its box holds', () => {
    expect(() =>
      ranges(
        box('stsc', concat(FULL_BOX, words(1, 1, 1, 1))),
        box('stsz', concat(FULL_BOX, words(0, 1_000_000))),
        box('stco', concat(FULL_BOX, words(1, 0))),
      ),
    ).toThrow(expect.objectContaining({ code: 'corrupt' }));
  });
});
