import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CANARY,
  CANARY_DATE,
  CANARY_DAY,
  CANARY_GPS,
  CANARY_TIME,
  IMAGE_CANARIES,
  buildExifBlock,
  canaryExif,
  canaryGpsEntries,
} from '../../helpers/image-exif-builder';
import {
  canaryTagArgs,
  drawImage,
  insertJpegSegments,
  jpegSegment,
} from '../../helpers/image-fixtures';
import { convert, exiftoolWrite, tempDir } from '../../helpers/image-tools';
import { canaryName, leakReport } from '../../helpers/leak-oracle';

/** What a cleaner that blanked every text but forgot the numbers would leave: these must be flagged. */
const LEFT_BY_VALUE = [canaryName(CANARY_GPS), CANARY_DAY, CANARY_TIME].sort();

const exifSegment = (tiff: Uint8Array) =>
  jpegSegment(
    0xe1,
    Uint8Array.from([...new TextEncoder().encode('Exif\0\0'), ...tiff]),
  );

/** The byte search image tests once relied on: the canary text, nothing else. */
const textOnly = (bytes: Uint8Array) => Buffer.from(bytes).includes(CANARY);

let dir = '';
beforeAll(() => {
  dir = tempDir('image-canaries');
});

describe('IMAGE_CANARIES judged by the leak oracle', () => {
  it('flags a JPEG whose GPS rationals and dates are left, which a text search passes', () => {
    const base = new Uint8Array(readFileSync(drawImage(join(dir, 'b.jpg'))));
    const input = insertJpegSegments(base, [exifSegment(canaryExif())]);
    const leftover = buildExifBlock({
      ifd0: [{ tag: 0x0132, value: { ascii: CANARY_DATE } }],
      gps: canaryGpsEntries(),
    });
    const output = insertJpegSegments(base, [exifSegment(leftover)]);
    expect(textOnly(input)).toBe(true);
    expect(textOnly(output)).toBe(false);
    const report = leakReport(input, output, IMAGE_CANARIES);
    expect(report.unseenInInput).toEqual([]);
    expect(Object.keys(report.leaks).sort()).toEqual(LEFT_BY_VALUE);
  });

  it('flags a WebP whose GPS and date exiftool wrote are left, which a text search passes', () => {
    const draw = (name: string) => {
      const path = join(dir, name);
      convert(['-size', '24x16', '-seed', '3', 'plasma:', path]);
      return path;
    };
    const full = draw('full.webp');
    exiftoolWrite(
      full,
      canaryTagArgs().filter((a) => !a.startsWith('-IPTC')),
    );
    const partial = draw('partial.webp');
    exiftoolWrite(
      partial,
      canaryTagArgs().filter(
        (a) => a.startsWith('-GPS') || a.startsWith('-EXIF:DateTime'),
      ),
    );
    const input = new Uint8Array(readFileSync(full));
    const output = new Uint8Array(readFileSync(partial));
    expect(textOnly(input)).toBe(true);
    expect(textOnly(output)).toBe(false);
    const report = leakReport(input, output, IMAGE_CANARIES);
    expect(report.unseenInInput).toEqual([]);
    expect(Object.keys(report.leaks).sort()).toEqual(LEFT_BY_VALUE);
  });

  it('passes an image that holds none of them', () => {
    const base = new Uint8Array(readFileSync(drawImage(join(dir, 'c.jpg'))));
    const input = insertJpegSegments(base, [exifSegment(canaryExif())]);
    expect(leakReport(input, base, IMAGE_CANARIES).leaks).toEqual({});
  });
});
