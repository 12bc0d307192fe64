import fc from 'fast-check';
import { randomBytes } from 'node:crypto';
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { nodeCodecs } from '../../../cli/node-codecs';
import {
  inflateRawAsync,
  withTrailingProbe,
} from '../../../workers/browser-codecs';
import { ByteSource } from '../../../workers/engine/byte-source';
import { crc32Js } from '../../../workers/engine/shared/crc32';
import {
  lendHostCodecs,
  type HostCodecs,
} from '../../../workers/engine/shared/host-codecs';
import { METHOD_DEFLATED } from '../../../workers/engine/shared/zip/format';
import { readMemberAndStream } from '../../../workers/engine/shared/zip/member';
import type { ZipEntry } from '../../../workers/engine/shared/zip/read';

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

describe('the probe of whether DecompressionStream refuses bytes after a stream', () => {
  /** As Chromium: bytes after the stream's end reject (Node's zlib tells how many it took). */
  const strict: HostCodecs = {
    inflateRawAsync: (raw, size) => {
      const out = nodeCodecs().inflateRawEnd!(raw, size);
      if (out && out.consumed !== raw.length)
        return Promise.reject(new TypeError('junk after the stream'));
      return Promise.resolve(out?.bytes ?? null);
    },
  };

  it("answers no for Node's, which reads past them", async () => {
    const probed = await withTrailingProbe({ inflateRawAsync });
    expect(probed.inflateRawAsyncRejectsTrailing).toBe(false);
  });

  it("answers yes for a strict one, whose whole answer then proves the stream's end", async () => {
    const probed = await withTrailingProbe(strict);
    expect(probed.inflateRawAsyncRejectsTrailing).toBe(true);
    // Noise, so the stream is long enough for the native inflate (NATIVE_ASYNC_MIN_BYTES).
    const plain = new Uint8Array(randomBytes(200_000));
    const raw = new Uint8Array(deflateRawSync(plain));
    const junk = new Uint8Array(raw.length + 1);
    junk.set(raw);
    const entry = (size: number): ZipEntry =>
      ({
        name: 'a.bin',
        method: METHOD_DEFLATED,
        crc32: crc32Js(plain),
        uncompressedSize: plain.length,
        compressedSize: size,
        dataStart: 0,
      }) as ZipEntry;
    lendHostCodecs(probed);
    try {
      for (const [stream, exact] of [
        [raw, true],
        [junk, undefined],
      ] as const) {
        const src = new ByteSource(new Blob([stream]));
        const read = await readMemberAndStream(src, entry(stream.length), 1e9);
        expect(read.bytes).toEqual(plain);
        expect(read.streamEndsAtSize).toBe(exact);
      }
    } finally {
      lendHostCodecs({});
    }
  });
});
