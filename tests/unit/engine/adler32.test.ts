import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { adler32 } from '../../../workers/engine/shared/adler32';

describe('adler32', () => {
  it('is 1 for no bytes (RFC 1950 8.2)', () => {
    expect(adler32(new Uint8Array(0))).toBe(1);
  });

  it('matches the checksum Node’s zlib ends a stream with, past the sums’ reduction', () => {
    // 20,000 bytes of 0xFF cross NMAX several times with the largest sums.
    for (const data of [
      Buffer.from('Wikipedia'),
      Buffer.alloc(20_000, 0xff),
      Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 7) & 0xff)),
    ]) {
      const stream = deflateSync(data);
      expect(adler32(data)).toBe(stream.readUInt32BE(stream.length - 4));
    }
  });
});
