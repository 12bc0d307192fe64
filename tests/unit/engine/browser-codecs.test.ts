import fc from 'fast-check';
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { nodeCodecs } from '../../../cli/node-codecs';
import { inflateRawAsync } from '../../../workers/browser-codecs';

const node = nodeCodecs().inflateRaw!;

/** What a codec answers: its bytes, null past the size, or that it threw (rejected). */
async function answer(
  run: () => Uint8Array | null | Promise<Uint8Array | null>,
): Promise<string> {
  try {
    const out = await run();
    return out === null ? 'past size' : Buffer.from(out).toString('hex');
  } catch {
    return 'broken';
  }
}

/** Both codecs on the same stream and size. */
async function both(raw: Uint8Array, size: number): Promise<[string, string]> {
  return [
    await answer(() => inflateRawAsync(raw, size)),
    await answer(() => node(raw, size)),
  ];
}

// Repetitive bytes compress well, so streams hold back-references as zip members do.
const data = fc.uint8Array({ maxLength: 3000 }).map((b) => b.map((x) => x % 5));

describe("the browser's DecompressionStream inflate, lent as inflateRawAsync", () => {
  it('gives the same bytes as Node zlib for every stream at its declared size', async () => {
    await fc.assert(
      fc.asyncProperty(data, async (plain) => {
        const raw = deflateRawSync(plain);
        const [ours, theirs] = await both(raw, plain.length);
        expect(ours).toBe(theirs);
        expect(ours).toBe(Buffer.from(plain).toString('hex'));
      }),
      { numRuns: 60 },
    );
  });

  it('answers null past the declared size, as Node zlib does, without inflating the rest', async () => {
    await fc.assert(
      fc.asyncProperty(
        data.filter((b) => b.length > 0),
        async (plain) => {
          const raw = deflateRawSync(plain);
          expect(await both(raw, plain.length - 1)).toEqual([
            'past size',
            'past size',
          ]);
        },
      ),
      { numRuns: 40 },
    );
    // A bomb: 64 MB of zeros from a few kilobytes, stopped at 1 MB.
    const bomb = deflateRawSync(new Uint8Array(64 * 1024 * 1024));
    expect(await inflateRawAsync(bomb, 1024 * 1024)).toBeNull();
  });

  it('rejects a broken stream where Node zlib throws', async () => {
    const plain = new TextEncoder().encode('metaclean '.repeat(200));
    const raw = deflateRawSync(plain);
    // A reserved block type (BTYPE 11, RFC 1951 3.2.3) in the first header.
    const reserved = Uint8Array.of(0x07, ...raw.subarray(1));
    expect(await both(reserved, plain.length)).toEqual(['broken', 'broken']);
    // Cut short: the stream ends inside a block.
    const cut = raw.subarray(0, raw.length >> 1);
    expect(await both(cut, plain.length)).toEqual(['broken', 'broken']);
  });
});
