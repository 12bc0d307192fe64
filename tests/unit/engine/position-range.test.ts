/**
 * A position field holding coordinates no place has (exiftool writes latitude and longitude 999
 * when told to) is a location field with no valid position, its value as written: never a "Place"
 * the report names or draws. Checked for MP4's UserData `©xyz` and Keys ISO 6709 points and for
 * EXIF's GPS rationals; each file is read by exiftool first, and the clean copy holds the field no
 * more.
 */
import { join } from 'node:path';
import { readFileSync, writeFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { findingLines } from '../../../cli/report-words';
import { clean, type Finding } from '../../../workers/engine/index';
import { exiftoolTags } from '../../helpers/exiftool';
import { convert, exiftoolWrite, tempDir } from '../../helpers/image-tools';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import { ffmpeg } from '../../helpers/video-tools';

/** ISO 6709 as exiftool writes `999, 999` into an MP4. */
const IMPOSSIBLE_POINT = '+999.000+999.000';

let dir: string;
beforeAll(() => {
  dir = tempDir('impossible-position');
});

async function cleaned(path: string, name: string) {
  const input = new Uint8Array(readFileSync(path));
  const out = await clean(new Blob([input]), { name });
  const output = new Uint8Array(await out.blob.arrayBuffer());
  return { input, output, removed: out.removed };
}

function expectNoPlace(removed: readonly Finding[], shown: string) {
  expect(removed.filter((f) => f.field === 'gps.position')).toEqual([]);
  const invalid = removed.filter((f) => f.field === 'gps.invalid-position');
  expect(invalid.length).toBeGreaterThan(0);
  expect(invalid.every((f) => f.category === 'location')).toBe(true);
  const lines = findingLines(removed).join('\n');
  expect(lines).not.toContain('Place:');
  expect(lines).toContain(`Location field holding no valid position: ${shown}`);
}

describe('a position out of range', () => {
  it('in an MP4 UserData and Keys point is no place, and is removed', async () => {
    const path = join(dir, 'video.mp4');
    ffmpeg([
      '-f',
      'lavfi',
      '-i',
      'color=c=red:s=64x64:d=0.2',
      '-c:v',
      'mpeg4',
      path,
    ]);
    exiftoolWrite(path, [
      '-UserData:GPSCoordinates=999, 999',
      '-Keys:GPSCoordinates=999, 999',
    ]);
    const tags = exiftoolTags(path, ['-n']);
    expect(tags['UserData:GPSCoordinates']).toContain(IMPOSSIBLE_POINT);
    expect(tags['Keys:GPSCoordinates']).toContain(IMPOSSIBLE_POINT);

    const { input, output, removed } = await cleaned(path, 'video.mp4');

    expectNoPlace(removed, `${IMPOSSIBLE_POINT}/`);
    const outPath = join(dir, 'video-clean.mp4');
    writeFileSync(outPath, output);
    const after = exiftoolTags(outPath, ['-n']);
    expect(after['UserData:GPSCoordinates']).toBeUndefined();
    expect(after['Keys:GPSCoordinates']).toBeUndefined();
    expectNoLeaks(input, output, [IMPOSSIBLE_POINT]);
  });

  it('in EXIF GPS rationals is no place, and is removed', async () => {
    const path = join(dir, 'photo.jpg');
    convert(['-size', '16x16', 'xc:red', path]);
    exiftoolWrite(path, [
      '-GPSLatitude=999',
      '-GPSLatitudeRef=N',
      '-GPSLongitude=999',
      '-GPSLongitudeRef=E',
    ]);
    expect(exiftoolTags(path, ['-n'])['Composite:GPSLatitude']).toBe(999);

    const { removed, output } = await cleaned(path, 'photo.jpg');

    expectNoPlace(removed, '999.000000, 999.000000');
    const outPath = join(dir, 'photo-clean.jpg');
    writeFileSync(outPath, output);
    expect(exiftoolTags(outPath, ['-n'])['Composite:GPSLatitude']).toBe(
      undefined,
    );
  });

  it('in EXIF with a latitude and no longitude is no place, and is removed', async () => {
    const path = join(dir, 'half.jpg');
    convert(['-size', '16x16', 'xc:red', path]);
    exiftoolWrite(path, ['-GPSLatitude=999', '-GPSLatitudeRef=N']);
    const before = exiftoolTags(path, ['-n']);
    expect(before['GPS:GPSLatitude']).toBe(999);
    expect(before['GPS:GPSLongitude']).toBeUndefined();

    const { removed, output } = await cleaned(path, 'half.jpg');

    expectNoPlace(removed, '999.000000, ?');
    const outPath = join(dir, 'half-clean.jpg');
    writeFileSync(outPath, output);
    expect(exiftoolTags(outPath, ['-n'])['GPS:GPSLatitude']).toBeUndefined();
  });
});
