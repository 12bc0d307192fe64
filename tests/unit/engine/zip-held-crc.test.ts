/**
 * A cleaned photo held in memory (within the package's allowance) is stored with the CRC-32 of
 * its cleaned bytes. When the clean copies the photo's tail as it is, that CRC-32 is worked out
 * from the CRC-32 the member's read checked, without reading the tail again: the archive's
 * readers (`unzip -t`, Node's zlib) must agree with it byte for byte.
 */
import { unzipSync, zipSync } from 'fflate';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 as zlibCrc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
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
import { cleaned, hasTool, unzipTest } from '../../helpers/zip-tools';

/** A plasma picture this large and this fine has image data far larger than its metadata. */
const PHOTO = { size: '320x240', extra: ['-quality', '100'] } as const;
/** Drawing, tagging and judging a photo with exiftool is slow on a loaded machine. */
const TIMEOUT = 180_000;
const MEDIA = 'word/media/image1.jpg';
const CENTRAL_HEADER_SIG = 0x02014b50;
/** Offsets in a central directory header (APPNOTE 4.3.12). */
const CENTRAL_CRC = 16;
const CENTRAL_NAME_LENGTH = 28;
const CENTRAL_NAME = 46;

/** The CRC-32 the central directory declares for `name`. */
function declaredCrc(zip: Uint8Array, name: string): number {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const wanted = new TextEncoder().encode(name);
  for (let at = 0; at + CENTRAL_NAME <= zip.length; at++) {
    if (view.getUint32(at, true) !== CENTRAL_HEADER_SIG) continue;
    const length = view.getUint16(at + CENTRAL_NAME_LENGTH, true);
    const found = zip.subarray(at + CENTRAL_NAME, at + CENTRAL_NAME + length);
    if (length === wanted.length && found.every((b, i) => b === wanted[i]))
      return view.getUint32(at + CENTRAL_CRC, true);
  }
  throw new Error(`${name} is not in the central directory`);
}

describe('a cleaned photo held within the allowance', () => {
  it(
    "is stored with its cleaned bytes' CRC-32, as zlib and unzip count it",
    async () => {
      const dir = tempDir('held-crc');
      const jpeg = gpsJpeg(dir, 'photo.jpg', PHOTO);
      const input = zipSync(unzipSync(syntheticDocx({ jpeg })), { level: 6 });
      expect(deepFind(input, CANARY).length).toBeGreaterThan(0);
      const { result, output } = await cleaned(input);
      expect(result.plan.some((s) => s.kind === 'deferred')).toBe(false);
      expectNoLeaks(input, output, [CANARY, CANARY_GPS]);
      const photo = unzipSync(output)[MEDIA]!;
      expect(photo.length).toBeGreaterThan(jpeg.length / 2);
      expect(declaredCrc(output, MEDIA)).toBe(zlibCrc32(photo));
      if (hasTool('unzip')) unzipTest(output);
      const media = join(dir, 'cleaned.jpg');
      writeFileSync(media, photo);
      expect(identifyingTags(media)).toEqual([]);
    },
    TIMEOUT,
  );
});
