import fc from 'fast-check';
import { randomBytes } from 'node:crypto';
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { nodeCodecs } from '../../../cli/node-codecs';
import {
  inflateRawAsync,
  inflateRawAsyncChecked,
  withProbes,
  withTrailingProbe,
} from '../../../workers/browser-codecs';
import { ByteSource } from '../../../workers/engine/byte-source';
import { crc32Js } from '../../../workers/engine/shared/crc32';
import { isEngineError } from '../../../workers/engine/errors';
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

describe("the browser's gzip inflate of a raw stream, lent as inflateRawAsyncChecked", () => {
  it('gives the same bytes as Node zlib when the CRC-32 is right, and rejects every wrong one', async () => {
    await fc.assert(
      fc.asyncProperty(
        data,
        fc.integer({ min: 1, max: 0xffffffff }),
        async (plain, flip) => {
          const raw = deflateRawSync(plain);
          const crc = crc32Js(plain);
          const right = await answer(() =>
            inflateRawAsyncChecked(raw, plain.length, crc),
          );
          expect(right).toBe(await answer(() => node(raw, plain.length)));
          expect(right).toBe(Buffer.from(plain).toString('hex'));
          expect(
            await answer(() =>
              inflateRawAsyncChecked(raw, plain.length, (crc ^ flip) >>> 0),
            ),
          ).toBe('broken');
        },
      ),
      { numRuns: 60 },
    );
  });

  it('answers null past the declared size and rejects a broken or short stream, as Node zlib', async () => {
    const plain = new TextEncoder().encode('metaclean '.repeat(200));
    const raw = deflateRawSync(plain);
    const crc = crc32Js(plain);
    const checked = (stream: Uint8Array, size: number) =>
      answer(() => inflateRawAsyncChecked(stream, size, crc));
    expect(await checked(raw, plain.length - 1)).toBe('past size');
    expect(await checked(raw.subarray(0, raw.length >> 1), plain.length)).toBe(
      'broken',
    );
    // Shorter than declared: the gzip trailer's length no longer matches.
    expect(await checked(raw, plain.length + 1)).toBe('broken');
    const bomb = deflateRawSync(new Uint8Array(64 * 1024 * 1024));
    expect(await inflateRawAsyncChecked(bomb, 1024 * 1024, 0)).toBeNull();
  });

  it("is not lent where the host's gzip inflate takes bytes after a member (Node's does)", async () => {
    const probed = await withProbes({ inflateRawAsync });
    expect(probed.inflateRawAsyncChecked).toBeUndefined();
    expect(probed.inflateRawAsyncRejectsTrailing).toBe(false);
  });
});

describe('a member read through a checked native inflate', () => {
  /** As Chromium's gzip inflate: checks the CRC-32, rejects bytes after the stream. */
  const strictChecked: HostCodecs = {
    inflateRawAsyncChecked: (raw, size, crc) => {
      const out = nodeCodecs().inflateRawEnd!(raw, size);
      if (out && out.consumed !== raw.length)
        return Promise.reject(new TypeError('junk after the stream'));
      if (out && crc32Js(out.bytes) !== crc)
        return Promise.reject(new TypeError('incorrect data check'));
      return Promise.resolve(out?.bytes ?? null);
    },
  };
  const plain = new Uint8Array(randomBytes(200_000));
  const raw = new Uint8Array(deflateRawSync(plain));
  const entry = (size: number, crc = crc32Js(plain)): ZipEntry =>
    ({
      name: 'a.bin',
      method: METHOD_DEFLATED,
      crc32: crc,
      uncompressedSize: plain.length,
      compressedSize: size,
      dataStart: 0,
    }) as ZipEntry;
  const read = (stream: Uint8Array, member: ZipEntry) =>
    readMemberAndStream(
      new ByteSource(new Blob([stream as Uint8Array<ArrayBuffer>])),
      member,
      1e9,
    );

  it("gives the content, and proves the stream's end only when nothing follows it", async () => {
    const junk = new Uint8Array(raw.length + 1);
    junk.set(raw);
    lendHostCodecs(strictChecked);
    try {
      const exact = await read(raw, entry(raw.length));
      expect(exact.bytes).toEqual(plain);
      expect(exact.streamEndsAtSize).toBe(true);
      const after = await read(junk, entry(junk.length));
      expect(after.bytes).toEqual(plain);
      expect(after.streamEndsAtSize).toBeUndefined();
    } finally {
      lendHostCodecs({});
    }
  });

  it('fails a wrong CRC-32 as corrupt, as the engine alone does', async () => {
    const wrong = entry(raw.length, (crc32Js(plain) ^ 1) >>> 0);
    const codes: string[] = [];
    for (const codecs of [strictChecked, {}]) {
      lendHostCodecs(codecs);
      try {
        await read(raw, wrong);
        codes.push('read');
      } catch (error) {
        codes.push(isEngineError(error) ? error.code : String(error));
      } finally {
        lendHostCodecs({});
      }
    }
    expect(codes).toEqual(['corrupt', 'corrupt']);
  });
});
