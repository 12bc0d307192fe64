import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  buildOrientationOnlyExif,
  exifOrientation,
  readExifFindings,
} from '../../../workers/engine/metadata/exif';
import { removable, type Finding } from '../../../workers/engine/findings';
import {
  CANARY,
  CANARY_GPS,
  buildExifBlock,
  canaryExif,
} from '../../helpers/image-exif-builder';
import { tempDir } from '../../helpers/image-tools';
import { corpusFile, describeCorpus } from '../../helpers/corpus';

const CORPUS = corpusFile('exif-samples');

const byLabel = (found: Finding[], label: string) =>
  found.find((f) => f.label === label);

/** The TIFF block of a JPEG's first APP1 Exif segment. */
function exifOfJpeg(path: string): Uint8Array {
  const bytes = readFileSync(path);
  const at = bytes.indexOf(Buffer.from('Exif\0\0'));
  const length = bytes.readUInt16BE(at - 2);
  return new Uint8Array(bytes.subarray(at + 6, at - 2 + length));
}

describe.each(['le', 'be'] as const)('readExifFindings (%s)', (order) => {
  const block = canaryExif({
    order,
    orientation: 6,
    thumbnail: new Uint8Array([0xff, 0xd8, 0xff, 0xd9]),
  });
  const found = readExifFindings(block, 'APP1 Exif');

  it('shows the GPS position in decimal degrees, with altitude and UTC time', () => {
    expect(byLabel(found, 'GPSPosition')?.value).toBe(
      `${CANARY_GPS.lat}, ${CANARY_GPS.lon}`,
    );
    expect(byLabel(found, 'GPSAltitude')?.value).toBe(`${CANARY_GPS.alt} m`);
    expect(byLabel(found, 'GPSDateTime')?.value).toBe('2011-11-11T11:11:11Z');
  });

  it('decodes text fields of IFD0 and the Exif IFD, dates as ISO 8601', () => {
    expect(byLabel(found, 'Make')).toMatchObject({
      category: 'device',
      value: `${CANARY}-Make`,
    });
    expect(byLabel(found, 'Artist')?.category).toBe('author');
    expect(byLabel(found, 'XPAuthor')?.value).toBe(`${CANARY}-XPAuthor`);
    expect(byLabel(found, 'UserComment')?.value).toBe(`${CANARY}-UserComment`);
    expect(byLabel(found, 'DateTimeOriginal')?.value).toBe(
      '2011-11-11T11:11:11',
    );
    expect(byLabel(found, 'SerialNumber')?.category).toBe('identifier');
    expect(byLabel(found, 'DateTimeOriginal')?.location).toBe(
      'APP1 Exif / ExifIFD',
    );
  });

  it('reports the MakerNote unparsed and the IFD1 thumbnail', () => {
    expect(byLabel(found, 'MakerNote')?.value).toMatch(/not parsed/);
    expect(byLabel(found, 'ThumbnailImage')).toMatchObject({
      category: 'thumbnail',
      value: '4 bytes',
    });
  });

  it('keeps Orientation on purpose and reads it', () => {
    expect(byLabel(found, 'Orientation')).toMatchObject({
      value: '6',
      kept: 'orientation',
    });
    expect(exifOrientation(block)).toBe(6);
  });
});

describe('buildOrientationOnlyExif', () => {
  it('holds Orientation and nothing removable', () => {
    const block = buildOrientationOnlyExif(8);
    expect(exifOrientation(block)).toBe(8);
    expect(readExifFindings(block, 'x').filter(removable)).toEqual([]);
  });

  it('is read by exiftool as a rotation', () => {
    const path = join(tempDir('exif'), 'orientation.tif');
    writeFileSync(path, buildOrientationOnlyExif(6));
    const out = execFileSync('exiftool', ['-n', '-Orientation', '-s3', path])
      .toString()
      .trim();
    expect(out).toBe('6');
  });
});

describe('hostile EXIF blocks', () => {
  it('stops on an IFD chain that loops onto itself', () => {
    const block = buildExifBlock({
      order: 'le',
      ifd0: [{ tag: 0x010f, value: { ascii: 'x' } }],
    });
    const nextAt = 8 + 2 + 12;
    new DataView(block.buffer).setUint32(nextAt, 8, true);
    expect(byLabel(readExifFindings(block, 'x'), 'EXIF')?.value).toBe(
      'partly unreadable',
    );
  });

  it('reports a pointer past the block as damaged without throwing', () => {
    const block = buildExifBlock({
      ifd0: [{ tag: 0x8769, value: { long: [0xfffffff0] } }],
    });
    expect(byLabel(readExifFindings(block, 'x'), 'EXIF')?.value).toBe(
      'partly unreadable',
    );
  });

  it('skips a value whose offset lies past the block', () => {
    const block = buildExifBlock({
      ifd0: [{ tag: 0x010f, value: { ascii: 'long enough' } }],
    });
    new DataView(block.buffer).setUint32(8 + 2 + 8, 0x7fffffff);
    expect(
      byLabel(readExifFindings(block, 'x'), 'Make')?.value,
    ).toBeUndefined();
  });

  it('answers random bytes after a valid header', () => {
    const block = new Uint8Array(4096).map((_, i) => (i * 7919) & 0xff);
    block.set([0x4d, 0x4d, 0, 42, 0, 0, 0, 8]);
    expect(() => readExifFindings(block, 'x')).not.toThrow();
  });

  it('calls a block without a TIFF header unreadable', () => {
    expect(readExifFindings(new Uint8Array(3), 'x')).toEqual([
      {
        category: 'other',
        field: 'other.data',
        label: 'EXIF',
        location: 'x',
        value: 'unreadable',
      },
    ]);
    expect(exifOrientation(new Uint8Array(3))).toBeUndefined();
  });
});

describeCorpus('real camera EXIF', () => {
  it('matches exiftool on the GPS position of DSCN0010.jpg', () => {
    const path = join(CORPUS, 'DSCN0010.jpg');
    const [lat, lon] = execFileSync('exiftool', [
      '-n',
      '-s3',
      '-GPSLatitude',
      '-GPSLongitude',
      path,
    ])
      .toString()
      .trim()
      .split('\n')
      .map(Number);
    const value =
      byLabel(readExifFindings(exifOfJpeg(path), 'x'), 'GPSPosition')?.value ??
      '';
    const [ourLat, ourLon] = value.split(', ').map(Number);
    expect(ourLat).toBeCloseTo(lat!, 5);
    expect(ourLon).toBeCloseTo(lon!, 5);
  });

  it('reads Orientation 6 and 8 of the rotated samples', () => {
    expect(exifOrientation(exifOfJpeg(join(CORPUS, 'landscape_6.jpg')))).toBe(
      6,
    );
    expect(exifOrientation(exifOfJpeg(join(CORPUS, 'portrait_8.jpg')))).toBe(8);
  });

  it('reports the maker note of DSCN0010.jpg', () => {
    const found = readExifFindings(
      exifOfJpeg(join(CORPUS, 'DSCN0010.jpg')),
      'x',
    );
    expect(byLabel(found, 'MakerNote')).toBeDefined();
    expect(byLabel(found, 'Model')?.value).toBe('COOLPIX P6000');
  });
});
