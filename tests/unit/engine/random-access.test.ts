import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OutputBuilder, planToBlob } from '../../../workers/engine/output-plan';
import { blobAccess, planAccess } from '../../../workers/engine/random-access';

const INPUT = Uint8Array.from({ length: 1000 }, (_, i) => (i * 7) % 256);
const input = new Blob([INPUT]);

describe('planAccess', () => {
  it('reads any range of a planned output exactly as the assembled Blob holds it', async () => {
    const plan = new OutputBuilder()
      .copy(0, 100)
      .push(Uint8Array.of(1, 2, 3))
      .copy(400, 700)
      .push(new Uint8Array(50).fill(9))
      .copy(900, 1000)
      .build();
    const whole = new Uint8Array(await planToBlob(input, plan).arrayBuffer());
    const access = planAccess(blobAccess(input), plan);
    expect(access.size).toBe(whole.length);
    await fc.assert(
      fc.asyncProperty(
        fc.nat(whole.length - 1),
        fc.nat(whole.length),
        async (offset, length) => {
          const n = Math.min(length, whole.length - offset);
          expect(await access.read(offset, n)).toEqual(
            whole.subarray(offset, offset + n),
          );
        },
      ),
      { numRuns: 200 },
    );
  });

  it('reads an empty plan as an empty file', async () => {
    const access = planAccess(blobAccess(input), []);
    expect(access.size).toBe(0);
  });
});
