import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { nodeCodecs } from '../../../cli/node-codecs';
import { ByteSource } from '../../../workers/engine/byte-source';
import {
  findScanEnd,
  SCAN_CHUNK_BYTES,
} from '../../../workers/engine/formats/jpeg/entropy-scan';
import { bytesAccess } from '../../../workers/engine/random-access';
import { lendHostCodecs } from '../../../workers/engine/shared/host-codecs';

afterEach(() => lendHostCodecs({}));

const FF = 0xff;
const EOI = 0xd9;
const RST0 = 0xd0;

/**
 * Entropy-coded data as an encoder writes it (ITU-T T.81 F.1.2.3): random bytes in which every
 * 0xFF is followed by a stuffed 0x00, with a restart marker now and then.
 */
function entropyData(length: number, seed: number): Uint8Array {
  const out = new Uint8Array(length);
  let state = seed >>> 0 || 1;
  for (let i = 0; i < length; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    out[i] = state & 0xff;
  }
  for (let i = 0; i < length - 1; i++) {
    if (out[i] !== FF) continue;
    out[i + 1] =
      (state = (state * 31 + i) >>> 0) % 97 === 0 ? RST0 + (i & 7) : 0;
    i++;
  }
  if (out[length - 1] === FF) out[length - 1] = 0;
  return out;
}

/** The plain definition: the first 0xFF at or after `from` followed by a real marker code. */
function plainScanEnd(bytes: Uint8Array, from: number): number {
  for (let i = from; i < bytes.length - 1; i++) {
    const next = bytes[i + 1]!;
    if (
      bytes[i] === FF &&
      next !== 0 &&
      next !== FF &&
      !(next >= RST0 && next <= RST0 + 7)
    )
      return i;
  }
  return -1;
}

const STEP = SCAN_CHUNK_BYTES - 1;
const BASE = entropyData(2 * STEP + 4096, 21);

/**
 * The base data with fill bytes and an EOI planted at `at` (the marker's 0xFF), the fill running
 * back from it: near a chunk's end, the fill and the marker straddle two chunks.
 */
function withMarker(at: number, fill: number): Uint8Array {
  const bytes = BASE.slice();
  // Whatever stuffed 0xFF ended just before the fill keeps its 0x00.
  bytes.fill(FF, at - fill, at + 1);
  bytes[at + 1] = EOI;
  if (bytes[at - fill - 1] === FF) bytes[at - fill - 1] = 0;
  return bytes;
}

async function scanEnd(bytes: Uint8Array, from: number): Promise<number> {
  return (await findScanEnd(new ByteSource(bytesAccess(bytes)), from, {}))
    .offset;
}

describe('the entropy-coded data scan', () => {
  it('steps over stuffed bytes, restarts and fill to the real marker, wherever it falls against the chunks, with and without the lent search', async () => {
    const near = fc.record({
      chunk: fc.integer({ min: 1, max: 2 }),
      shift: fc.integer({ min: -4, max: 4 }),
      fill: fc.nat({ max: 3 }),
      from: fc.nat({ max: 16 }),
      lend: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(near, async ({ chunk, shift, fill, from, lend }) => {
        lendHostCodecs(lend ? nodeCodecs() : {});
        const at = from + chunk * STEP + shift;
        const bytes = withMarker(at, fill);
        expect(plainScanEnd(bytes, from)).toBe(at);
        expect(await scanEnd(bytes, from)).toBe(at);
      }),
      { numRuns: 40 },
    );
  });

  it('finds the same marker in data that holds no planted one, lent search or not', async () => {
    const bytes = BASE.slice();
    bytes[bytes.length - 2] = FF;
    bytes[bytes.length - 1] = EOI;
    const expected = plainScanEnd(bytes, 0);
    expect(expected).toBe(bytes.length - 2);
    expect(await scanEnd(bytes, 0)).toBe(expected);
    lendHostCodecs(nodeCodecs());
    expect(await scanEnd(bytes, 0)).toBe(expected);
  });

  it('fails corrupt when the data ends without a marker', async () => {
    lendHostCodecs(nodeCodecs());
    await expect(scanEnd(BASE, 0)).rejects.toMatchObject({ code: 'corrupt' });
  });
});
