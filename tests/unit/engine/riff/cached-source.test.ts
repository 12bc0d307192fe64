import { describe, expect, it } from 'vitest';
import { CachedSource } from '../../../../workers/engine/shared/riff/cached-source';

const bytes = Uint8Array.from({ length: 200_000 }, (_, i) => i % 251);
const source = () => new CachedSource(new Blob([bytes]));

describe('cached byte source', () => {
  it('returns the same bytes as the blob, from the window or not', async () => {
    const src = source();
    for (const [offset, length] of [
      [0, 8],
      [10, 100],
      [65_530, 20],
      [199_990, 50],
      [1000, 50_000],
    ] as const) {
      const expected = bytes.slice(
        offset,
        Math.min(offset + length, bytes.length),
      );
      expect(await src.read(offset, length)).toEqual(expected);
    }
  });

  it('still fails a read past the end as corrupt', async () => {
    await expect(source().readExact(199_990, 20)).rejects.toMatchObject({
      code: 'corrupt',
    });
  });
});
