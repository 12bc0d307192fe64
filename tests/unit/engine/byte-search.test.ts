import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { nodeCodecs } from '../../../cli/node-codecs';
import {
  byteSearch,
  byteSearchPortable,
  indexOfBytes,
  indexOfBytesPortable,
} from '../../../workers/engine/bytes';
import { lendHostCodecs } from '../../../workers/engine/shared/host-codecs';

afterEach(() => lendHostCodecs({}));

/** The plain definition: the first offset at or after `from` where every byte of `needle` matches. */
function naive(haystack: Uint8Array, needle: Uint8Array, from: number): number {
  for (let i = Math.max(0, from); i <= haystack.length - needle.length; i++) {
    if (needle.every((b, j) => haystack[i + j] === b)) return i;
  }
  return -1;
}

// A small alphabet makes partial matches and repeats common.
const bytes = fc.uint8Array({ maxLength: 64 }).map((b) => b.map((x) => x % 3));
const needles = fc.oneof(
  bytes.map((b) => b.subarray(0, 4)),
  bytes.map((b) => b.subarray(0, 9)),
);
/** The haystack as a view into a larger buffer, as a chunk read from a file often is. */
const views = fc
  .tuple(bytes, fc.nat({ max: 8 }))
  .map(([b, skip]) =>
    new Uint8Array([...new Uint8Array(skip).fill(1), ...b]).subarray(skip),
  );

describe('the one byte search', () => {
  it('finds what the plain definition finds, from any offset', () => {
    fc.assert(
      fc.property(
        bytes,
        needles,
        fc.integer({ min: -4, max: 70 }),
        (haystack, needle, from) => {
          expect(indexOfBytes(haystack, needle, from)).toBe(
            naive(haystack, needle, from),
          );
        },
      ),
    );
  });

  it("answers the same with the host's native search lent (the CLI's Buffer.indexOf)", () => {
    lendHostCodecs(nodeCodecs());
    fc.assert(
      fc.property(
        views,
        needles,
        fc.integer({ min: -4, max: 70 }),
        (haystack, needle, from) => {
          expect(indexOfBytes(haystack, needle, from)).toBe(
            naive(haystack, needle, from),
          );
        },
      ),
    );
  });

  it('answers the same on haystacks long enough for the lent search, from either side of where it takes over', () => {
    lendHostCodecs(nodeCodecs());
    const long = fc
      .uint8Array({ minLength: 4000, maxLength: 9000 })
      .map((b) => b.map((x) => x % 3));
    fc.assert(
      fc.property(
        long,
        needles,
        fc.integer({ min: 0, max: 9000 }),
        (haystack, needle, from) => {
          expect(indexOfBytes(haystack, needle, from)).toBe(
            naive(haystack, needle, from),
          );
        },
      ),
      { numRuns: 50 },
    );
  });

  it('has a portable search and a lent one that agree wherever the lent one is called', () => {
    const native = nodeCodecs().indexOf!;
    fc.assert(
      fc.property(views, needles, fc.nat({ max: 70 }), (haystack, n, from) => {
        const needle = n.length ? n : Uint8Array.of(0);
        fc.pre(from + needle.length <= haystack.length);
        expect(native(haystack, needle, from)).toBe(
          indexOfBytesPortable(haystack, needle, from),
        );
      }),
    );
  });
});

describe('the single-byte search', () => {
  /** Many searches of one haystack, as a scan makes them: every offset of `byte`, in order. */
  function allOffsets(
    search: (byte: number, from: number) => number,
    byte: number,
    from: number,
  ): number[] {
    const found: number[] = [];
    for (let i = search(byte, from); i !== -1; i = search(byte, i + 1))
      found.push(i);
    return found;
  }

  const anyByte = fc.integer({ min: 0, max: 255 });
  /** Mostly one of the haystack's few byte values, so most searches find something. */
  const searched = fc.oneof(fc.integer({ min: 0, max: 2 }), anyByte);

  it('finds every offset the plain definition finds, from any offset', () => {
    fc.assert(
      fc.property(
        views,
        searched,
        fc.nat({ max: 70 }),
        (haystack, byte, from) => {
          expect(allOffsets(byteSearch(haystack), byte, from)).toEqual(
            allOffsets(
              (b, f) => naive(haystack, Uint8Array.of(b), f),
              byte,
              from,
            ),
          );
        },
      ),
    );
  });

  it("has a portable search and a lent one (the CLI's Buffer.indexOf) that agree on any haystack", () => {
    const lent = nodeCodecs().byteSearch!;
    fc.assert(
      fc.property(
        views,
        searched,
        fc.nat({ max: 70 }),
        (haystack, byte, from) => {
          expect(allOffsets(lent(haystack), byte, from)).toEqual(
            allOffsets(byteSearchPortable(haystack), byte, from),
          );
        },
      ),
    );
  });

  it('answers the same with the lent search on haystacks long enough for it, each a view of a larger buffer', () => {
    lendHostCodecs(nodeCodecs());
    const long = fc
      .tuple(
        fc.uint8Array({ minLength: 4104, maxLength: 9000 }),
        fc.nat({ max: 8 }),
      )
      .map(([b, skip]) => b.map((x) => x % 3).subarray(skip));
    fc.assert(
      fc.property(
        long,
        searched,
        fc.nat({ max: 9000 }),
        (haystack, byte, from) => {
          expect(allOffsets(byteSearch(haystack), byte, from)).toEqual(
            allOffsets(byteSearchPortable(haystack), byte, from),
          );
        },
      ),
      { numRuns: 50 },
    );
  });
});
