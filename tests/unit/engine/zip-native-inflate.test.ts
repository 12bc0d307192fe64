/**
 * A zip member inflated by the host's asynchronous native inflate (the browser lends its
 * `DecompressionStream('deflate-raw')`; here Node's own, the same Web API) gives the same cleaned
 * document and the same typed errors as the engine's JavaScript inflate and Node's zlib: for a
 * sound photo member and for its mutants (a corrupt stream, a bomb that inflates past its declared
 * size, a stream cut short, bytes after the stream's end, a member shorter than declared); also
 * where the host reads a member's stream from the file itself (the browser's helper worker).
 */
import fc from 'fast-check';
import { createHash } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import { deflateSync, unzipSync } from 'fflate';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { nodeCodecs } from '../../../cli/node-codecs';
import { inflateRawAsync } from '../../../workers/browser-codecs';
import { cleanPlan, isEngineError } from '../../../workers/engine';
import { crc32Js } from '../../../workers/engine/shared/crc32';
import {
  lendHostCodecs,
  type HostCodecs,
} from '../../../workers/engine/shared/host-codecs';
import { NATIVE_ASYNC_MIN_BYTES } from '../../../workers/engine/shared/zip/member';
import { SMALL_MEMBER_BYTES } from '../../../workers/engine/shared/zip/whole';
import {
  anyStreamChange,
  zipWithChanges,
  type StreamChange,
} from '../../helpers/changed-deflate';
import { CANARY, CANARY_GPS } from '../../helpers/image-exif-builder';
import { tempDir } from '../../helpers/image-tools';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import { gpsJpeg } from '../../helpers/office-fixtures';
import { manyPhotoDocx } from '../../helpers/zip-bombs';
import { materialize } from '../../helpers/zip-tools';

const PHOTO = 'word/media/p1.jpg';
/** A plasma this size, at full quality, deflates to more than NATIVE_ASYNC_MIN_BYTES. */
const LARGE_ENOUGH = { size: '400x300', extra: ['-quality', '100'] } as const;
/** A plasma this size deflates to more than SMALL_MEMBER_BYTES: it is read ahead, not whole. */
const READ_AHEAD = { size: '1200x900', extra: ['-quality', '100'] } as const;
/** Drawing and tagging a photo with exiftool is slow on a loaded machine. */
const FIXTURE_TIMEOUT = 120_000;

let nativeCalls = 0;
/** Node's DecompressionStream, lent as the browser lends its own, counted. */
const stream: HostCodecs = {
  inflateRawAsync: (raw, size) => {
    nativeCalls++;
    return inflateRawAsync(raw, size);
  },
};
/**
 * Chromium's DecompressionStream refuses bytes after the stream's end ("Junk found after end of
 * compressed data"), which Node's and zlib ignore: a host that does, to show the engine gives the
 * same answer whichever way its host leans.
 */
const strict: HostCodecs = {
  inflateRawAsync: async (raw, size) => {
    nativeCalls++;
    let endsEarly = true;
    try {
      inflateRawSync(raw.subarray(0, raw.length - 1));
    } catch {
      endsEarly = false;
    }
    if (endsEarly)
      throw new TypeError('Junk found after end of compressed data');
    return inflateRawAsync(raw, size);
  },
};
let fileCalls = 0;
/**
 * The browser's inflate of a stream still in the file (its helper worker reads the member's range
 * of the person's file itself), strict as Chromium's and checking the CRC-32 as its gzip does.
 */
const file: HostCodecs = {
  ...strict,
  inflateBlobAsyncChecked: async ({ blob, start, end }, size, crc) => {
    fileCalls++;
    const raw = new Uint8Array(await blob.slice(start, end).arrayBuffer());
    const bytes = await strict.inflateRawAsync!(raw, size);
    if (bytes?.length === size && crc32Js(bytes) !== crc)
      throw new TypeError('CRC-32 mismatch');
    return { raw, bytes };
  },
};
const HOSTS: Record<string, HostCodecs> = {
  javascript: {},
  zlib: nodeCodecs(),
  stream,
  strict,
  file,
};

/** What a clean answers: the output's digest, or the typed error's code and detail. */
async function answer(input: Uint8Array): Promise<string> {
  try {
    const result = await cleanPlan(
      new Blob([input as Uint8Array<ArrayBuffer>]),
    );
    const output = await materialize(input, result.plan);
    return createHash('sha256').update(output).digest('hex');
  } catch (error) {
    if (!isEngineError(error)) throw error;
    return `${error.code}: ${error.message}`;
  }
}

/** The answer under every host: the JavaScript inflate's, then each native one's. */
async function answers(input: Uint8Array): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [name, codecs] of Object.entries(HOSTS)) {
    lendHostCodecs(codecs);
    out[name] = await answer(input);
  }
  lendHostCodecs({});
  return out;
}

/** The document rewritten with its photo's deflate stream (and declared size) changed so. */
const withPhoto = (
  files: Record<string, Uint8Array>,
  change?: StreamChange,
): Uint8Array =>
  zipWithChanges(files, (name) =>
    name === PHOTO ? (change ?? 'unchanged') : undefined,
  );

describe('zip members inflated by the host natively and asynchronously', () => {
  let files: Record<string, Uint8Array>;
  beforeAll(() => {
    const jpeg = gpsJpeg(tempDir('zip-native'), 'photo.jpg', LARGE_ENOUGH);
    files = unzipSync(manyPhotoDocx(jpeg, 1));
  }, FIXTURE_TIMEOUT);
  afterEach(() => lendHostCodecs({}));

  it('cleans a deflated photo to the same bytes on every host, natively when lent', async () => {
    const input = withPhoto(files);
    expect(deflateSync(files[PHOTO]!).length).toBeGreaterThanOrEqual(
      NATIVE_ASYNC_MIN_BYTES,
    );
    nativeCalls = 0;
    const all = await answers(input);
    expect(nativeCalls).toBeGreaterThanOrEqual(2);
    expect(all.javascript).toMatch(/^[0-9a-f]{64}$/);
    for (const host of Object.keys(HOSTS))
      expect(all[host], host).toBe(all.javascript);
    lendHostCodecs(stream);
    const result = await cleanPlan(
      new Blob([input as Uint8Array<ArrayBuffer>]),
    );
    expectNoLeaks(input, await materialize(input, result.plan), [
      CANARY,
      CANARY_GPS,
    ]);
  });

  it('gives the same output or the same typed error on every host, whatever the stream holds', async () => {
    await fc.assert(
      fc.asyncProperty(anyStreamChange, async (change) => {
        const all = await answers(withPhoto(files, change));
        expect(all.stream).toBe(all.javascript);
        expect(all.strict).toBe(all.javascript);
        expect(all.file).toBe(all.javascript);
        // zlib words a broken stream its own way: the same code, and the same output when clean.
        expect(all.zlib.split(':')[0]).toBe(all.javascript.split(':')[0]);
      }),
      { numRuns: 40, seed: 21 },
    );
  });

  it('refuses a bomb, a cut stream and a broken one as corrupt on every host', async () => {
    const cases: StreamChange[] = [
      { kind: 'declare', delta: -1 },
      { kind: 'declare', delta: 1 },
      { kind: 'cut', bytes: 1 },
      { kind: 'reserved' },
    ];
    for (const change of cases) {
      const all = await answers(withPhoto(files, change));
      for (const host of Object.keys(HOSTS))
        expect(all[host], `${host} ${change.kind}`).toMatch(/^corrupt: /);
      expect(all.stream).toBe(all.javascript);
      expect(all.file).toBe(all.javascript);
    }
  });

  it('cleans a stream followed by bytes it never reads, as the JavaScript inflate does', async () => {
    const all = await answers(
      withPhoto(files, { kind: 'junk', bytes: [7, 7] }),
    );
    expect(all.javascript).toMatch(/^[0-9a-f]{64}$/);
    for (const host of Object.keys(HOSTS))
      expect(all[host], host).toBe(all.javascript);
  });
});

describe('a member the host reads from the file itself', () => {
  let files: Record<string, Uint8Array>;
  beforeAll(() => {
    const jpeg = gpsJpeg(tempDir('zip-native-file'), 'photo.jpg', READ_AHEAD);
    files = unzipSync(manyPhotoDocx(jpeg, 1));
  }, FIXTURE_TIMEOUT);
  afterEach(() => lendHostCodecs({}));

  it('cleans to the same bytes, and meets the same errors, as the JavaScript inflate', async () => {
    expect(deflateSync(files[PHOTO]!).length).toBeGreaterThan(
      SMALL_MEMBER_BYTES,
    );
    const cases: (StreamChange | undefined)[] = [
      undefined,
      { kind: 'declare', delta: -1 },
      { kind: 'declare', delta: 1 },
      { kind: 'cut', bytes: 1 },
      { kind: 'junk', bytes: [7, 7] },
      { kind: 'flip' },
    ];
    for (const change of cases) {
      const input = withPhoto(files, change);
      lendHostCodecs({});
      const javascript = await answer(input);
      lendHostCodecs(file);
      fileCalls = 0;
      expect(await answer(input), change?.kind).toBe(javascript);
      expect(fileCalls, change?.kind).toBeGreaterThanOrEqual(1);
    }
    const input = withPhoto(files);
    lendHostCodecs(file);
    const result = await cleanPlan(
      new Blob([input as Uint8Array<ArrayBuffer>]),
    );
    expectNoLeaks(input, await materialize(input, result.plan), [
      CANARY,
      CANARY_GPS,
    ]);
  });
});
