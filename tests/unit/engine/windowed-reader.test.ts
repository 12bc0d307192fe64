import { describe, expect, it } from 'vitest';
import { ByteSource } from '../../../workers/engine/byte-source';
import { WindowedReader } from '../../../workers/engine/windowed-reader';

const bytes = Uint8Array.from({ length: 200_000 }, (_, i) => i % 251);
const source = () => new WindowedReader(new ByteSource(new Blob([bytes])));

describe('windowed reader', () => {
  it('returns the same bytes as the blob, from the window or not', async () => {
    const src = source();
    for (const [offset, length] of [
      [0, 8],
      [10, 100],
      [65_530, 20],
      [199_990, 50],
      [1000, 50_000],
      [1000, 100_000],
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
    await expect(source().byte(200_000)).rejects.toMatchObject({
      code: 'corrupt',
    });
  });

  it('serves neighbouring small reads from one read of the source', async () => {
    let reads = 0;
    const counted = new ByteSource({
      size: bytes.length,
      read: async (offset, length) => {
        reads++;
        return bytes.slice(offset, offset + length);
      },
    });
    const reader = new WindowedReader(counted);
    for (let at = 0; at < 60_000; at += 8) await reader.read(at, 8);
    expect(reads).toBe(1);
    expect(reader.cachedByte(100)).toBe(bytes[100]);
    expect(reader.cachedByte(150_000)).toBe(-1);
  });
});
