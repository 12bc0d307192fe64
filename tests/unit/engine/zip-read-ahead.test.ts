/**
 * A document's large deflated photos are read and inflated ahead of the member loop (on Node's
 * thread pool where the CLI lends its zlib), into buffers reused from photo to photo: the cleaned
 * document is the same bytes as the engine's own JavaScript makes, and a broken photo gives the
 * same typed error, naming the first broken one, whichever photos after it are broken too.
 */
import fc from 'fast-check';
import { createHash, randomBytes } from 'node:crypto';
import { deflateSync, unzipSync } from 'fflate';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { nodeCodecs } from '../../../cli/node-codecs';
import { cleanPlan, isEngineError } from '../../../workers/engine';
import {
  bytesAccess,
  type RandomAccess,
} from '../../../workers/engine/random-access';
import {
  lendHostCodecs,
  type HostCodecs,
} from '../../../workers/engine/shared/host-codecs';
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
import { hasTool, materialize, unzipTest } from '../../helpers/zip-tools';

const PHOTOS = 4;
const photoName = (n: number) => `word/media/p${n}.jpg`;
/** A plasma picture this large and this fine does not compress below SMALL_MEMBER_BYTES. */
const LARGE_PHOTO = { size: '640x480', extra: ['-quality', '100'] } as const;
/** Drawing and tagging a half-megabyte photo with exiftool is slow on a loaded machine. */
const TIMEOUT = 180_000;

let inFlight = 0;
let mostInFlight = 0;
/** Counts a thread-pool inflate while it runs. */
async function inFlightWhile<T>(inflate: () => Promise<T>): Promise<T> {
  mostInFlight = Math.max(mostInFlight, ++inFlight);
  try {
    return await inflate();
  } finally {
    inFlight--;
  }
}

/** Node's zlib as the CLI lends it, its thread-pool inflates counted while they run. */
function countedNode(): HostCodecs {
  const codecs = nodeCodecs();
  return {
    ...codecs,
    inflateRawEndAsync: (raw, size) =>
      inFlightWhile(() => codecs.inflateRawEndAsync!(raw, size)),
    inflateRawEndAsyncChecked: (raw, size, crc) =>
      inFlightWhile(() => codecs.inflateRawEndAsyncChecked!(raw, size, crc)),
  };
}

let asideReads = 0;
/**
 * Bytes the engine reads into its buffers, as the CLI's file: what it reads ahead it asks to be
 * read off its thread (`readIntoAside`, here counted and answered on a later turn).
 */
function asideAccess(bytes: Uint8Array): RandomAccess {
  const access = bytesAccess(bytes);
  return {
    ...access,
    readIntoAside: async (offset, into) => {
      asideReads++;
      await new Promise(setImmediate);
      return access.readInto!(offset, into);
    },
  };
}

/**
 * A host, and how the document reaches the engine: a Blob, bytes it reads into its buffers, or
 * such bytes read aside where it reads ahead.
 */
const HOSTS: Record<
  string,
  { codecs: () => HostCodecs; buffers: boolean | 'aside' }
> = {
  javascript: { codecs: () => ({}), buffers: false },
  zlib: { codecs: countedNode, buffers: false },
  'zlib, reused buffers': { codecs: countedNode, buffers: true },
  'zlib, reused buffers read aside': { codecs: countedNode, buffers: 'aside' },
};

/** The zip with each photo (`…N.jpg`) deflated on its own, and the photos `broken` changed so. */
const document = (
  files: Record<string, Uint8Array>,
  broken: ReadonlyMap<number, StreamChange> = new Map(),
): Uint8Array =>
  zipWithChanges(files, (name) => {
    const photo = /(\d+)\.jpg$/.exec(name);
    return photo ? (broken.get(Number(photo[1])) ?? 'unchanged') : undefined;
  });

/** A photo's stream broken in its middle, cut short, or declared a byte short (a bomb). */
const FLIP: StreamChange = { kind: 'flip' };
const CUT: StreamChange = { kind: 'cut', bytes: 100 };
const BOMB: StreamChange = { kind: 'declare', delta: -1 };

/** What a clean answers: the output's digest, or the typed error's code and detail. */
async function answer(
  input: Uint8Array,
  buffers: boolean | 'aside',
): Promise<{ text: string; output?: Uint8Array }> {
  try {
    const result = await cleanPlan(
      buffers === 'aside'
        ? asideAccess(input)
        : buffers
          ? bytesAccess(input)
          : new Blob([input as Uint8Array<ArrayBuffer>]),
    );
    const output = await materialize(input, result.plan);
    return {
      text: createHash('sha256').update(output).digest('hex'),
      output,
    };
  } catch (error) {
    if (!isEngineError(error)) throw error;
    return { text: `${error.code}: ${error.message}` };
  }
}

async function answers(input: Uint8Array): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [name, host] of Object.entries(HOSTS)) {
    lendHostCodecs(host.codecs());
    out[name] = (await answer(input, host.buffers)).text;
  }
  lendHostCodecs({});
  return out;
}

/**
 * `input` cleans to the same bytes on every host, more than one photo inflating at a time where
 * zlib is lent, and the output holds no canary and passes `unzip -t`.
 */
async function expectSameCleanReadAhead(input: Uint8Array): Promise<void> {
  mostInFlight = 0;
  asideReads = 0;
  const all = await answers(input);
  expect(all.javascript).toMatch(/^[0-9a-f]{64}$/);
  for (const host of Object.keys(HOSTS))
    expect(all[host], host).toBe(all.javascript);
  expect(mostInFlight).toBeGreaterThanOrEqual(2);
  // Every photo but the first is read ahead, off the engine's thread where the input can.
  expect(asideReads).toBeGreaterThanOrEqual(PHOTOS - 1);
  lendHostCodecs(countedNode());
  const { output } = await answer(input, true);
  expectNoLeaks(input, output!, [CANARY, CANARY_GPS]);
  if (hasTool('unzip')) unzipTest(output!);
}

describe('large deflated photos read and inflated ahead of the member loop', () => {
  let files: Record<string, Uint8Array>;
  beforeAll(() => {
    const jpeg = gpsJpeg(tempDir('zip-read-ahead'), 'large.jpg', LARGE_PHOTO);
    files = unzipSync(manyPhotoDocx(jpeg, PHOTOS));
  }, TIMEOUT);
  afterEach(() => lendHostCodecs({}));

  it(
    'cleans every photo to the same bytes on every host, inflating more than one at a time',
    async () => {
      const input = document(files);
      expect(deflateSync(files[photoName(1)]!).length).toBeGreaterThan(
        SMALL_MEMBER_BYTES,
      );
      await expectSameCleanReadAhead(input);
    },
    TIMEOUT,
  );

  it(
    'cleans a zip archive of such photos to the same bytes on every host, inflating more than one at a time',
    async () => {
      const photos: Record<string, Uint8Array> = {};
      for (let n = 1; n <= PHOTOS; n++)
        photos[`camera/p${n}.jpg`] = files[photoName(n)]!;
      const input = document(photos);
      await expectSameCleanReadAhead(input);
    },
    TIMEOUT,
  );

  it(
    'answers the same on every host where a large member read ahead does not start like a photo',
    async () => {
      // Inflated whole first, its first bytes decide (not a photo); a broken one is looked at
      // again from its start, as the loop would.
      const notPhoto = new Uint8Array(randomBytes(SMALL_MEMBER_BYTES * 2));
      for (const broken of [new Map(), new Map([[2, FLIP]])]) {
        const all = await answers(
          document({ ...files, [photoName(2)]: notPhoto }, broken),
        );
        for (const host of Object.keys(HOSTS))
          expect(all[host], host).toBe(all.javascript);
      }
    },
    TIMEOUT,
  );

  it('stops at a cancel while photos are read ahead, and nothing fails after it', async () => {
    const input = document(files);
    const controller = new AbortController();
    const codecs = nodeCodecs();
    lendHostCodecs({
      ...codecs,
      inflateRawEndAsync: (raw, size) => {
        controller.abort();
        return codecs.inflateRawEndAsync!(raw, size);
      },
      inflateRawEndAsyncChecked: (raw, size, crc) => {
        controller.abort();
        return codecs.inflateRawEndAsyncChecked!(raw, size, crc);
      },
    });
    const error: unknown = await cleanPlan(bytesAccess(input), {
      signal: controller.signal,
    }).catch((e: unknown) => e);
    expect(isEngineError(error) && error.code).toBe('cancelled');
  });

  it(
    'gives the same output or the same typed error on every host, whatever two photos hold',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 1, max: PHOTOS }),
          anyStreamChange,
          anyStreamChange,
          async (first, change, next) => {
            const broken = new Map([[first, change]]);
            if (first < PHOTOS) broken.set(first + 1, next);
            const all = await answers(document(files, broken));
            for (const host of Object.keys(HOSTS))
              expect(all[host], host).toBe(all.javascript);
          },
        ),
        { numRuns: 8, seed: 21 },
      );
    },
    TIMEOUT,
  );

  it(
    'names the first broken photo on every host, whatever is broken after it',
    async () => {
      const cases: [number, StreamChange][][] = [
        [[2, FLIP]],
        [[3, BOMB]],
        [[PHOTOS, CUT]],
        [
          [2, CUT],
          [3, FLIP],
          [4, BOMB],
        ],
        [
          [1, BOMB],
          [2, FLIP],
        ],
      ];
      for (const broken of cases) {
        const all = await answers(document(files, new Map(broken)));
        const first = photoName(broken[0]![0]);
        expect(all.javascript).toMatch(/^corrupt: /);
        expect(all.javascript).toContain(first);
        for (const host of Object.keys(HOSTS))
          expect(all[host], `${host} ${JSON.stringify(broken)}`).toBe(
            all.javascript,
          );
      }
    },
    TIMEOUT,
  );
});
