/**
 * Past the package's allowance for held members (`MAX_HELD_MEMBER_BYTES`, here spent from the
 * start), a cleaned photo is not kept: the plan makes it again from the input's compressed bytes
 * each time the output is read or written, the same bytes each time.
 */
import { unzipSync, zipSync } from 'fflate';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { cleanPlan } from '../../../workers/engine';
import { identifyingTags } from '../../helpers/exiftool';
import { CANARY_GPS } from '../../helpers/image-exif-builder';
import { tempDir } from '../../helpers/image-tools';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import {
  CANARY,
  deepFind,
  gpsJpeg,
  syntheticDocx,
} from '../../helpers/office-fixtures';
import { materialize } from '../../helpers/zip-tools';

vi.mock('../../../workers/engine/limits', async (original) => ({
  ...(await original<typeof import('../../../workers/engine/limits')>()),
  MAX_HELD_MEMBER_BYTES: 0,
}));

/** A plasma picture this large and this fine is a photo of some size, deflated by Word. */
const PHOTO = { size: '320x240', extra: ['-quality', '100'] } as const;
/** Drawing, tagging and judging a photo with exiftool is slow on a loaded machine. */
const TIMEOUT = 180_000;

describe('a cleaned photo past the allowance for held members', () => {
  it(
    'is made again from the input whenever the output is read, the same bytes each time',
    async () => {
      const dir = tempDir('held-allowance');
      const jpeg = gpsJpeg(dir, 'photo.jpg', PHOTO);
      const input = zipSync(unzipSync(syntheticDocx({ jpeg })), { level: 6 });
      expect(deepFind(input, CANARY).length).toBeGreaterThan(0);
      const result = await cleanPlan(
        new Blob([input as Uint8Array<ArrayBuffer>]),
      );
      expect(result.plan.filter((s) => s.kind === 'deferred')).toHaveLength(1);
      const largestBytes = Math.max(
        ...result.plan.map((s) => (s.kind === 'bytes' ? s.data.length : 0)),
      );
      expect(largestBytes).toBeLessThan(jpeg.length / 2);
      const once = await materialize(input, result.plan);
      const twice = await materialize(input, result.plan);
      expect(twice).toEqual(once);
      expectNoLeaks(input, once, [CANARY, CANARY_GPS]);
      const media = join(dir, 'cleaned.jpg');
      writeFileSync(media, unzipSync(once)['word/media/image1.jpg']!);
      expect(identifyingTags(media)).toEqual([]);
    },
    TIMEOUT,
  );
});
