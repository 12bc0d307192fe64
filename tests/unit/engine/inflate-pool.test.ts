import fc from 'fast-check';
import { randomBytes } from 'node:crypto';
import { deflateRawSync } from 'node:zlib';
import { MessageChannel } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import {
  inflateBlobAsyncChecked,
  inflateRawAsync,
  inflateRawAsyncChecked,
} from '../../../workers/browser-codecs';
import { ByteSource } from '../../../workers/engine/byte-source';
import {
  blobAccess,
  type RandomAccess,
} from '../../../workers/engine/random-access';
import { isEngineError } from '../../../workers/engine/errors';
import { crc32Js } from '../../../workers/engine/shared/crc32';
import {
  lendHostCodecs,
  type HostCodecs,
} from '../../../workers/engine/shared/host-codecs';
import { METHOD_DEFLATED } from '../../../workers/engine/shared/zip/format';
import { readMemberAndStream } from '../../../workers/engine/shared/zip/member';
import type { ZipEntry } from '../../../workers/engine/shared/zip/read';
import {
  helperCount,
  InflatePool,
  onHelpers,
  QUEUED_PER_HELPER,
  type InflateHelper,
} from '../../../workers/inflate-pool';
import {
  answerInflate,
  replyTransfer,
  type InflateRequest,
} from '../../../workers/inflate-request';

/** The clean worker's own DecompressionStream inflates (workers/browser-codecs.ts). */
const own: HostCodecs = {
  inflateRawAsync,
  inflateRawAsyncChecked,
  inflateBlobAsyncChecked,
};

/**
 * A helper as `inflate.worker.ts` is one, over a message port: requests and answers cross a real
 * structured clone with their buffers transferred. `asked` counts what it was sent, `blobs` the
 * requests of a stream it reads itself from a Blob.
 */
function portHelper(): InflateHelper & { asked: number; blobs: number } {
  const { port1, port2 } = new MessageChannel();
  port2.on('message', (request: InflateRequest) => {
    void answerInflate(request).then((reply) =>
      port2.postMessage(reply, replyTransfer(reply) as ArrayBuffer[]),
    );
  });
  const helper = {
    asked: 0,
    blobs: 0,
    postMessage(message: InflateRequest, transfer: Transferable[]) {
      helper.asked++;
      if ('stream' in message) helper.blobs++;
      port1.postMessage(message, transfer as ArrayBuffer[]);
    },
    addEventListener(type: string, listener: (event: never) => void) {
      if (type === 'message')
        port1.on('message', (data) => listener({ data } as never));
    },
  };
  return helper;
}

/** A helper that never answers; `fail()` fires its error event, as a worker that crashed. */
function silentHelper(): InflateHelper & { fail(): void; asked: number } {
  const errors: (() => void)[] = [];
  const helper = {
    asked: 0,
    postMessage() {
      helper.asked++;
    },
    addEventListener(type: string, listener: never) {
      if (type === 'error') errors.push(listener as () => void);
    },
    fail: () => errors.forEach((listener) => listener()),
  };
  return helper;
}

/** What an inflate answers: its bytes, null past the size, or that it rejected. */
async function answer(run: () => Promise<Uint8Array | null>): Promise<string> {
  try {
    const out = await run();
    return out === null ? 'past size' : Buffer.from(out).toString('hex');
  } catch {
    return 'rejected';
  }
}

const pooled = (...helpers: InflateHelper[]) => {
  let made = 0;
  return onHelpers(
    own,
    new InflatePool(() => helpers[made++]!, helpers.length),
  );
};

// Repetitive bytes compress well, so streams hold back-references as zip members do.
const data = fc.uint8Array({ maxLength: 3000 }).map((b) => b.map((x) => x % 5));

afterEach(() => lendHostCodecs({}));

describe('helperCount', () => {
  it('leaves one core to the clean worker, makes at least one helper and at most two', () => {
    expect([undefined, 1, 2, 3, 4, 16].map(helperCount)).toEqual([
      1, 1, 1, 2, 2, 2,
    ]);
  });
});

describe('the inflates done by a helper worker', () => {
  it('give the same bytes, nulls and rejections as the clean worker inflating itself', async () => {
    await fc.assert(
      fc.asyncProperty(
        data,
        fc.integer({ min: -2, max: 2 }),
        fc.nat(),
        async (plain, off, cut) => {
          const whole = deflateRawSync(plain);
          // Whole, cut short (broken), or with a byte after its end.
          const streams = [
            whole,
            whole.subarray(0, cut % (whole.length + 1)),
            Buffer.concat([whole, Buffer.of(0)]),
          ];
          const size = Math.max(0, plain.length + off);
          const crc = crc32Js(plain);
          const helper = portHelper();
          const helped = pooled(helper);
          for (const raw of streams) {
            expect(await answer(() => helped.inflateRawAsync!(raw, size))).toBe(
              await answer(() => own.inflateRawAsync!(raw, size)),
            );
            for (const c of [crc, (crc ^ 1) >>> 0])
              expect(
                await answer(() =>
                  helped.inflateRawAsyncChecked!(raw, size, c),
                ),
              ).toBe(
                await answer(() => own.inflateRawAsyncChecked!(raw, size, c)),
              );
          }
          expect(helper.asked).toBe(streams.length * 3);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("stops a bomb at the declared size, and leaves the caller's stream whole", async () => {
    const bomb = new Uint8Array(deflateRawSync(new Uint8Array(64 << 20)));
    const before = Buffer.from(bomb);
    const helped = pooled(portHelper());
    expect(await helped.inflateRawAsync!(bomb, 1 << 20)).toBeNull();
    // The helper was sent a copy: the stream the engine keeps is neither moved nor changed.
    expect(bomb.byteLength).toBe(before.length);
    expect(Buffer.from(bomb).equals(before)).toBe(true);
  });

  it('copies the next stream into the buffer a whole answer handed back', async () => {
    const plain = new Uint8Array(randomBytes(20_000));
    const raw = deflateRawSync(plain);
    const helper = portHelper();
    const sent: ArrayBuffer[] = [];
    const handedBack: ArrayBuffer[] = [];
    const watched: InflateHelper = {
      postMessage(message, transfer) {
        if ('raw' in message) sent.push(message.raw.buffer as ArrayBuffer);
        helper.postMessage(message, transfer);
      },
      addEventListener(type: 'message' | 'error', listener: never) {
        if (type !== 'message') return;
        helper.addEventListener('message', (event) => {
          if ('spare' in event.data && event.data.spare)
            handedBack.push(event.data.spare);
          (listener as (e: typeof event) => void)(event);
        });
      },
    };
    const helped = pooled(watched);
    for (let i = 0; i < 3; i++)
      expect(await helped.inflateRawAsync!(raw, plain.length)).toEqual(plain);
    expect(handedBack).toHaveLength(3);
    expect(sent[1]).toBe(handedBack[0]);
    expect(sent[2]).toBe(handedBack[1]);
  });
});

describe('where no helper can take an inflate', () => {
  const plain = new TextEncoder().encode('metaclean '.repeat(300));
  const raw = deflateRawSync(plain);

  it('inflates on the clean worker while every helper is busy', async () => {
    const busy = silentHelper();
    const helped = pooled(busy);
    // The one the loop waits for and those read ahead: then it has no room.
    for (let i = 0; i < QUEUED_PER_HELPER; i++)
      void helped.inflateRawAsync!(raw, plain.length).catch(() => undefined);
    expect(await helped.inflateRawAsync!(raw, plain.length)).toEqual(plain);
    expect(busy.asked).toBe(QUEUED_PER_HELPER);
  });

  it('rejects what a failed helper was asked, and inflates on the clean worker after', async () => {
    const broken = silentHelper();
    const helped = pooled(broken);
    const asked = helped.inflateRawAsync!(raw, plain.length);
    broken.fail();
    await expect(asked).rejects.toThrow();
    expect(await helped.inflateRawAsync!(raw, plain.length)).toEqual(plain);
    expect(broken.asked).toBe(1);
  });

  it('inflates on the clean worker where no helper can be made', async () => {
    const helped = onHelpers(
      own,
      new InflatePool(() => {
        throw new Error('no nested workers here');
      }, 1),
    );
    expect(await helped.inflateRawAsync!(raw, plain.length)).toEqual(plain);
    const read = await helped.inflateBlobAsyncChecked!(
      { blob: new Blob([raw]), start: 0, end: raw.length },
      plain.length,
      crc32Js(plain),
    );
    expect(read.bytes).toEqual(plain);
    expect(read.raw).toEqual(new Uint8Array(raw));
  });
});

describe('a member read by the engine with the helpers lent', () => {
  // Incompressible, so its stream is large enough for the native inflate (NATIVE_ASYNC_MIN_BYTES).
  const plain = new Uint8Array(randomBytes(70_000));
  const raw = new Uint8Array(deflateRawSync(plain));
  /** Bytes before the member in the file: its stream is a range inside it. */
  const before = new Uint8Array(randomBytes(1000));
  const entry = (
    crc = crc32Js(plain),
    stream: Uint8Array = raw,
    size = plain.length,
  ): ZipEntry =>
    ({
      name: 'a.jpg',
      method: METHOD_DEFLATED,
      crc32: crc,
      uncompressedSize: size,
      compressedSize: stream.length,
      dataStart: before.length,
    }) as ZipEntry;

  /** A Blob that counts its slices on this thread (its copy in the helper is a plain Blob). */
  class SlicedBlob extends Blob {
    slices = 0;
    override slice(...args: Parameters<Blob['slice']>): Blob {
      this.slices++;
      return super.slice(...args);
    }
  }

  /**
   * A file of `before` then `stream`, its reads on this thread counted in `bytesRead` and its
   * slices in `blob.slices`.
   */
  function file(
    stream: Uint8Array,
  ): RandomAccess & { bytesRead: number; blob: SlicedBlob } {
    const blob = new SlicedBlob([before, stream] as Uint8Array<ArrayBuffer>[]);
    const inner = blobAccess(blob);
    const counted = {
      ...inner,
      blob,
      bytesRead: 0,
      read: (offset: number, length: number) => {
        counted.bytesRead += length;
        return inner.read(offset, length);
      },
    };
    return counted;
  }

  /** The member's bytes, or its error code, with `codecs` lent. */
  async function read(
    codecs: HostCodecs,
    member: ZipEntry,
    stream: Uint8Array = raw,
  ): Promise<string> {
    lendHostCodecs(codecs);
    try {
      const out = await readMemberAndStream(
        new ByteSource(file(stream)),
        member,
        1e9,
      );
      // Compared as buffers: a deep comparison of 70 KB takes a tenth of a second.
      expect(Buffer.from(out.raw).equals(stream)).toBe(true);
      return Buffer.from(out.bytes).toString('hex');
    } catch (error) {
      return isEngineError(error) ? error.code : String(error);
    } finally {
      lendHostCodecs({});
    }
  }

  it('gives the bytes and errors of the portable engine alone', async () => {
    const helper = portHelper();
    for (const member of [entry(), entry((crc32Js(plain) ^ 1) >>> 0)])
      expect(await read(pooled(helper), member)).toBe(await read({}, member));
    expect(await read({}, entry())).toBe(Buffer.from(plain).toString('hex'));
    expect(await read({}, entry(0))).toBe('corrupt');
    expect(helper.asked).toBeGreaterThan(0);
  });

  it('gives them for whole, cut and trailing-byte streams read from the file by the helper', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat(),
        fc.integer({ min: -1, max: 1 }),
        fc.boolean(),
        async (cut, off, rightCrc) => {
          const streams = [
            raw,
            raw.subarray(0, cut % raw.length),
            Uint8Array.from([...raw, 0]),
          ];
          const crc = rightCrc ? crc32Js(plain) : (crc32Js(plain) ^ 1) >>> 0;
          const helper = portHelper();
          for (const stream of streams) {
            const member = entry(crc, stream, plain.length + off);
            expect(await read(pooled(helper), member, stream)).toBe(
              await read({}, member, stream),
            );
          }
          expect(helper.blobs).toBeGreaterThan(0);
        },
      ),
      { numRuns: 8 },
    );
  });

  it('leaves the reading of a member still in the file to the helper', async () => {
    const helper = portHelper();
    const source = file(raw);
    lendHostCodecs(pooled(helper));
    const out = await readMemberAndStream(new ByteSource(source), entry(), 1e9);
    expect(Buffer.from(out.bytes).equals(plain)).toBe(true);
    // The stream as the helper read it, for the splice, and proven to end at its last byte.
    expect(Buffer.from(out.raw).equals(raw)).toBe(true);
    expect(out.streamEndsAtSize).toBe(true);
    expect(helper.blobs).toBe(1);
    // The clean worker read none of the stream itself, nor copied it to the helper.
    expect(source.bytesRead).toBe(0);
    // Nor sliced the file: a slice of a File costs a message to the browser's blob registry.
    expect(source.blob.slices).toBe(0);
  });

  it('stops a bomb read from the file at the declared size, as the engine does alone', async () => {
    // Large enough a stream for the native inflate (NATIVE_ASYNC_MIN_BYTES).
    const bomb = new Uint8Array(deflateRawSync(new Uint8Array(72 << 20)));
    const helper = portHelper();
    const helped = pooled(helper);
    await expect(
      helped.inflateBlobAsyncChecked!(
        { blob: new Blob([bomb]), start: 0, end: bomb.length },
        1 << 20,
        0,
      ),
    ).rejects.toThrow();
    const member = entry(0, bomb, 1 << 20);
    expect(await read(helped, member, bomb)).toBe('corrupt');
    expect(helper.blobs).toBe(2);
  });
});
