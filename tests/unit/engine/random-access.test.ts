import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  OutputBuilder,
  planAccess,
  planToBlob,
} from '../../../workers/engine/output-plan';
import { blobAccess } from '../../../workers/engine/random-access';

const INPUT = Uint8Array.from({ length: 1000 }, (_, i) => (i * 7) % 256);
const input = new Blob([INPUT]);

/** Any range read through `access` holds what the assembled output holds there. */
async function expectEveryRange(
  access: { read(offset: number, length: number): Promise<Uint8Array> },
  whole: Uint8Array,
): Promise<void> {
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
}

describe('planAccess', () => {
  it('reads any range of a planned output exactly as the assembled Blob holds it', async () => {
    const plan = new OutputBuilder()
      .copy(0, 100)
      .push(Uint8Array.of(1, 2, 3))
      .copy(400, 700)
      .push(new Uint8Array(50).fill(9))
      .copy(900, 1000)
      .build();
    const whole = new Uint8Array(
      await (await planToBlob(input, plan)).arrayBuffer(),
    );
    const access = planAccess(blobAccess(input), plan);
    expect(access.size).toBe(whole.length);
    await expectEveryRange(access, whole);
  });

  it('reads many small copied ranges lying close together with one read of the input', async () => {
    // An archive rewritten member by member: a new header, then the member's data copied.
    const builder = new OutputBuilder();
    for (let at = 0; at + 10 <= INPUT.length; at += 25)
      builder.push(Uint8Array.of(at % 256, 0xaa)).copy(at, at + 10);
    const plan = builder.copy(990, 1000).build();
    const whole = new Uint8Array(
      await (await planToBlob(input, plan)).arrayBuffer(),
    );
    let reads = 0;
    const counted = blobAccess(input);
    const access = planAccess(
      {
        size: counted.size,
        read: (offset, length) => {
          reads++;
          return counted.read(offset, length);
        },
      },
      plan,
    );
    expect(await access.read(0, whole.length)).toEqual(whole);
    expect(reads).toBe(1);
    await expectEveryRange(access, whole);
  });

  it('reads copied ranges far apart in the input each on its own', async () => {
    const big = new Uint8Array(300_000).map((_, i) => i % 253);
    const plan = new OutputBuilder()
      .copy(0, 10)
      .push(Uint8Array.of(1))
      .copy(299_000, 299_010)
      .build();
    const lengths: number[] = [];
    const counted = blobAccess(new Blob([big]));
    const access = planAccess(
      {
        size: counted.size,
        read: (offset, length) => {
          lengths.push(length);
          return counted.read(offset, length);
        },
      },
      plan,
    );
    expect(await access.read(0, 21)).toEqual(
      Uint8Array.from([
        ...big.subarray(0, 10),
        1,
        ...big.subarray(299_000, 299_010),
      ]),
    );
    expect(lengths).toEqual([10, 10]);
  });

  it('reads deferred bytes, made once per segment while reads stay in it', async () => {
    const made = Uint8Array.from({ length: 300 }, (_, i) => (i * 13) % 256);
    let makes = 0;
    const plan = new OutputBuilder()
      .copy(0, 100)
      .add({
        kind: 'deferred',
        size: made.length,
        make: async () => {
          makes++;
          return made.slice();
        },
      })
      .copy(900, 1000)
      .build();
    const whole = new Uint8Array(
      await (await planToBlob(input, plan)).arrayBuffer(),
    );
    expect(whole.subarray(100, 400)).toEqual(made);
    makes = 0;
    const access = planAccess(blobAccess(input), plan);
    expect(access.size).toBe(500);
    for (let at = 0; at < 500; at += 50)
      expect(await access.read(at, 50)).toEqual(whole.subarray(at, at + 50));
    expect(makes).toBe(1);
  });

  it('fails when deferred bytes are not the size they promised', async () => {
    const plan = new OutputBuilder()
      .add({ kind: 'deferred', size: 10, make: async () => new Uint8Array(9) })
      .build();
    await expect(planToBlob(input, plan)).rejects.toThrow(/not 10/);
  });

  it('reads an empty plan as an empty file', async () => {
    const access = planAccess(blobAccess(input), []);
    expect(access.size).toBe(0);
  });
});
