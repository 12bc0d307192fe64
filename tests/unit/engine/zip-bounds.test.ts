/**
 * The package driver's bounds on a document of many small photos (issue 18, "Bounds"): each
 * member is read and inflated once per clean, verify-after-clean and the write included, and
 * thousands of neighbouring members cost a few reads. How long such a document takes is measured
 * by `npm run bench -- bomb`, not here.
 */
import { unzipSync, zipSync, type Zippable } from 'fflate';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { nodeCodecs } from '../../../cli/node-codecs';
import { cleanPlan } from '../../../workers/engine';
import { lendHostCodecs } from '../../../workers/engine/shared/host-codecs';
import { CANARY, CANARY_GPS } from '../../helpers/image-exif-builder';
import { tempDir } from '../../helpers/image-tools';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import { gpsJpeg } from '../../helpers/office-fixtures';
import { BOMB_CANARY, BOMB_TEXT, manyPhotoDocx } from '../../helpers/zip-bombs';
import { materialize } from '../../helpers/zip-tools';

/** Enough photos that one inflate or read more per photo shows in the counts. */
const PHOTOS = 60;

const asBlob = (bytes: Uint8Array) =>
  new Blob([bytes as Uint8Array<ArrayBuffer>]);

/** The same document with every photo stored instead of deflated. */
function storedPhotos(docx: Uint8Array): Uint8Array {
  const files: Zippable = {};
  for (const [name, bytes] of Object.entries(unzipSync(docx)))
    files[name] = [bytes, { level: name.endsWith('.jpg') ? 0 : 6 }];
  return zipSync(files);
}

function expectCleaned(
  input: Uint8Array,
  output: Uint8Array,
  photos: number,
): void {
  expectNoLeaks(input, output, [CANARY, CANARY_GPS, BOMB_CANARY]);
  const files = unzipSync(output);
  expect(new TextDecoder().decode(files['word/document.xml'])).toContain(
    BOMB_TEXT,
  );
  expect(Object.keys(files).filter((n) => n.endsWith('.jpg'))).toHaveLength(
    photos,
  );
}

describe('a zip document of many small photos', () => {
  let jpeg: Uint8Array;
  beforeAll(() => {
    jpeg = gpsJpeg(tempDir('zip-bounds'));
  });
  afterEach(() => lendHostCodecs({}));

  it('inflates each deflated photo once, the clean, its verify and the write together', async () => {
    const native = nodeCodecs().inflateRaw!;
    let inflated = 0;
    lendHostCodecs({
      inflateRaw: (raw, size) => {
        inflated++;
        return native(raw, size);
      },
    });
    /** Inflates for a document of `photos` photos; its XML parts cost the same at any count. */
    const inflatesFor = async (photos: number) => {
      inflated = 0;
      const input = manyPhotoDocx(jpeg, photos);
      const result = await cleanPlan(asBlob(input));
      const output = await materialize(input, result.plan);
      expect(result.plan.some((s) => s.kind === 'deferred')).toBe(false);
      return { input, output, inflated };
    };
    const few = await inflatesFor(PHOTOS);
    const more = await inflatesFor(2 * PHOTOS);
    expect(more.inflated - few.inflated).toBe(PHOTOS);
    expectCleaned(few.input, few.output, PHOTOS);
  });

  it('reads stored photos lying side by side in a few reads, not one or more each', async () => {
    const input = storedPhotos(manyPhotoDocx(jpeg, PHOTOS));
    const blob = asBlob(input);
    let reads = 0;
    const counted = {
      size: blob.size,
      read: async (offset: number, length: number) => {
        reads++;
        return new Uint8Array(
          await blob.slice(offset, offset + length).arrayBuffer(),
        );
      },
    };
    const result = await cleanPlan(counted);
    expect(reads).toBeLessThan(PHOTOS);
    expectCleaned(input, await materialize(input, result.plan), PHOTOS);
  });
});
