import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { indexOfBytes } from '../../../workers/engine/bytes';

/** The plain definition: the first offset at or after `from` where every byte of `needle` matches. */
function naive(haystack: Uint8Array, needle: Uint8Array, from: number): number {
  for (let i = Math.max(0, from); i <= haystack.length - needle.length; i++) {
    if (needle.every((b, j) => haystack[i + j] === b)) return i;
  }
  return -1;
}

describe('the one byte search', () => {
  it('finds what the plain definition finds, from any offset', () => {
    // A small alphabet makes partial matches and repeats common.
    const bytes = fc
      .uint8Array({ maxLength: 64 })
      .map((b) => b.map((x) => x % 3));
    fc.assert(
      fc.property(
        bytes,
        bytes.map((b) => b.subarray(0, 4)),
        fc.integer({ min: -4, max: 70 }),
        (haystack, needle, from) => {
          expect(indexOfBytes(haystack, needle, from)).toBe(
            naive(haystack, needle, from),
          );
        },
      ),
    );
  });
});
