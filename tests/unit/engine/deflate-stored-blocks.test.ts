import { deflateSync } from 'fflate';
import * as zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { walkBlocks } from '../../../workers/engine/shared/deflate/block-walk';
import {
  STORED_BLOCK_MAX,
  storedBlocks,
} from '../../../workers/engine/shared/deflate/stored-blocks';
import { random } from '../../helpers/seeded-random';

/** The stream up to the end of its first final block: what a splice takes of a new start. */
function toFinalBlock(stream: Uint8Array, size: number): Uint8Array {
  const walk = walkBlocks(stream, Infinity, size);
  expect(walk?.end?.out).toBe(size);
  return stream.subarray(0, Math.ceil(walk!.end!.bit / 8));
}

/** Byte for byte (`toEqual` walks a typed array element by element: seconds for these sizes). */
const same = (a: Uint8Array, b: Uint8Array): boolean =>
  Buffer.from(a.buffer, a.byteOffset, a.length).equals(b);

const LENGTHS = [
  0,
  1,
  4096,
  STORED_BLOCK_MAX - 1,
  STORED_BLOCK_MAX,
  STORED_BLOCK_MAX + 1,
  2 * STORED_BLOCK_MAX,
  2 * STORED_BLOCK_MAX + 7,
  200_000,
];

describe('stored blocks', () => {
  it('are the blocks fflate writes at level 0, to its final block, and inflate to the bytes', () => {
    const rand = random(22);
    for (const length of LENGTHS) {
      const data = new Uint8Array(length).map(() => Math.floor(rand() * 256));
      const ours = storedBlocks(data);
      const fflate = deflateSync(data, { level: 0 });
      expect(
        same(toFinalBlock(ours, length), toFinalBlock(fflate, length)),
      ).toBe(true);
      expect(toFinalBlock(ours, length).length).toBe(ours.length);
      expect(same(zlib.inflateRawSync(ours), data)).toBe(true);
    }
  });
});
