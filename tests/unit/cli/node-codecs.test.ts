import { randomBytes } from 'node:crypto';
import { deflateRawSync, gzipSync, inflateRawSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { nodeCodecs } from '../../../cli/node-codecs';
import { isEngineError } from '../../../workers/engine/errors';
import { crc32, crc32Js } from '../../../workers/engine/shared/crc32';
import { lendHostCodecs } from '../../../workers/engine/shared/host-codecs';
import { readZip } from '../../../workers/engine/shared/zip/read';
import {
  readMember,
  streamEndsAtLastByte,
} from '../../../workers/engine/shared/zip/member';
import { ByteSource } from '../../../workers/engine/byte-source';
import { zipSync } from 'fflate';

/** The CLI lends Node's zlib to the engine: it must answer exactly as the engine's own code. */
describe("the CLI's native codecs", () => {
  afterEach(() => lendHostCodecs({}));

  it('compute the same CRC-32 as the engine, continued from any value', () => {
    const native = nodeCodecs().crc32!;
    for (const size of [0, 1, 7, 8, 9, 1000, 65_537]) {
      const bytes = new Uint8Array(randomBytes(size));
      const previous = crc32Js(Uint8Array.of(1, 2, 3));
      expect(native(bytes, 0)).toBe(crc32Js(bytes));
      expect(native(bytes, previous)).toBe(crc32Js(bytes, previous));
    }
    lendHostCodecs(nodeCodecs());
    const bytes = new Uint8Array(randomBytes(4096));
    expect(crc32(bytes)).toBe(crc32Js(bytes));
  });

  it('inflate to exactly the declared size, and refuse a stream that holds more', () => {
    const { inflateRaw } = nodeCodecs();
    const text = new TextEncoder().encode('metaclean '.repeat(10_000));
    const raw = new Uint8Array(deflateRawSync(text));
    expect(inflateRaw!(raw, text.length)).toEqual(text);
    // A member that says it holds less than it does: a zip bomb's lie.
    expect(inflateRaw!(raw, 100)).toBeNull();
    const stackTraceLimit = Error.stackTraceLimit;
    expect(() =>
      inflateRaw!(raw.subarray(0, raw.length >> 1), text.length),
    ).toThrow();
    // The error is made without a stack, and errors after it get theirs again.
    expect(Error.stackTraceLimit).toBe(stackTraceLimit);
  });

  it("inflate a stream's start as far as its bytes go, within a bound, and compare bytes", () => {
    const { inflateRawPrefix, bytesEqual } = nodeCodecs();
    const content = new Uint8Array(randomBytes(200_000));
    const raw = new Uint8Array(deflateRawSync(content));
    const made = inflateRawPrefix!(raw.subarray(0, 100_000), content.length)!;
    // A stream cut short makes a start of its content instead of failing.
    expect(made.length).toBeGreaterThan(90_000);
    expect(made.length).toBeLessThan(100_000);
    expect(bytesEqual!(made, content.subarray(0, made.length))).toBe(true);
    expect(inflateRawPrefix!(raw, content.length)?.length).toBe(content.length);
    expect(inflateRawPrefix!(raw, content.length - 1)).toBeNull();
    expect(inflateRawPrefix!(new Uint8Array(0), 0)?.length).toBe(0);
    expect(() => inflateRawPrefix!(Uint8Array.of(0b111), 10)).toThrow();
    const changed = made.slice();
    changed[made.length - 1]! ^= 1;
    expect(bytesEqual!(changed, content.subarray(0, made.length))).toBe(false);
    expect(bytesEqual!(made, content.subarray(0, made.length - 1))).toBe(false);
  });

  it("tell where a stream ends as the engine's own inflate decides it", () => {
    const { inflateRawEnd } = nodeCodecs();
    const text = new TextEncoder().encode('metaclean '.repeat(10_000));
    const raw = new Uint8Array(deflateRawSync(text));
    const junk = new Uint8Array(raw.length + 3);
    junk.set(raw);
    junk.set([1, 2, 3], raw.length);
    for (const stream of [raw, junk]) {
      const out = inflateRawEnd!(stream, text.length);
      expect(out?.bytes).toEqual(text);
      expect(out?.consumed === stream.length).toBe(
        streamEndsAtLastByte(stream, text.length),
      );
    }
    expect(inflateRawEnd!(raw, text.length)?.consumed).toBe(raw.length);
    expect(inflateRawEnd!(junk, text.length)?.consumed).toBe(raw.length);
    expect(inflateRawEnd!(raw, 100)).toBeNull();
  });

  it('inflate on the thread pool exactly as they do on the main thread', async () => {
    const { inflateRawEnd, inflateRawEndAsync } = nodeCodecs();
    const text = new TextEncoder().encode('metaclean '.repeat(10_000));
    const raw = new Uint8Array(deflateRawSync(text));
    const junk = new Uint8Array(raw.length + 3);
    junk.set(raw);
    junk.set([1, 2, 3], raw.length);
    for (const stream of [raw, junk])
      for (const size of [text.length, 100]) {
        const ours = await inflateRawEndAsync!(stream, size);
        expect(ours).toEqual(inflateRawEnd!(stream, size));
      }
    expect((await inflateRawEndAsync!(junk, text.length))?.consumed).toBe(
      raw.length,
    );
    const cut = raw.subarray(0, raw.length >> 1);
    expect(() => inflateRawEnd!(cut, text.length)).toThrow();
    await expect(inflateRawEndAsync!(cut, text.length)).rejects.toThrow();
  });

  it('inflate and check the CRC-32 on the thread pool only for one stream that ends at its last byte', async () => {
    const { inflateRawEndAsyncChecked } = nodeCodecs();
    const content = new Uint8Array(randomBytes(300_000));
    content.fill(7, 1000, 90_000);
    const raw = new Uint8Array(deflateRawSync(content));
    const crc = crc32Js(content);
    const out = await inflateRawEndAsyncChecked!(raw, content.length, crc);
    expect(out?.consumed).toBe(raw.length);
    expect(Buffer.from(out!.bytes).equals(content)).toBe(true);
    const checked = (stream: Uint8Array, size = content.length, c = crc) =>
      inflateRawEndAsyncChecked!(stream, size, c);
    expect(await checked(raw, content.length, crc ^ 1)).toBeNull();
    expect(await checked(raw, content.length - 1)).toBeNull();
    expect(await checked(raw, content.length + 1)).toBeNull();
    expect(await checked(raw.subarray(0, raw.length - 9))).toBeNull();
    for (const after of [Uint8Array.of(1, 2, 3), Uint8Array.of(0)]) {
      const trailing = new Uint8Array(raw.length + after.length);
      trailing.set(raw);
      trailing.set(after, raw.length);
      expect(await checked(trailing)).toBeNull();
    }
    // An empty stream, the trailer of empty content that gunzip then reads from the bytes after
    // it, and a gzip member of the content that the codec's own trailer ends: gunzip answers the
    // content, and a raw inflate makes nothing of it.
    const gzipped = new Uint8Array(gzipSync(content));
    const twoMembers = new Uint8Array([
      ...[0x01, 0x00, 0x00, 0xff, 0xff],
      ...new Uint8Array(8),
      ...gzipped.subarray(0, gzipped.length - 8),
    ]);
    expect(inflateRawSync(twoMembers).length).toBe(0);
    expect(await checked(twoMembers)).toBeNull();
  });

  it('read zip members as the engine does: same bytes, same typed errors', async () => {
    const text = new TextEncoder().encode('<a>CANARY</a>'.repeat(5000));
    const zip = zipSync({ 'a.xml': text }, { level: 6 });
    const src = new ByteSource(new Blob([zip]));
    const [entry] = (await readZip(src)).entries;
    const own = await readMember(src, entry!);
    lendHostCodecs(nodeCodecs());
    expect(await readMember(src, entry!)).toEqual(own);
    const lying = { ...entry!, uncompressedSize: 1000 };
    const error = await readMember(src, lying).catch((e: unknown) => e);
    expect(isEngineError(error) && error.code).toBe('corrupt');
  });
});
