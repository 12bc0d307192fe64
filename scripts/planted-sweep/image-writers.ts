/**
 * Images from writers other than exiftool: PIL (`python/pil_plant.py`: PNG text chunks of every
 * kind and eXIf, JPEG comment and EXIF with GPS, TIFF text and private tags, WebP EXIF and XMP, a
 * GIF comment) and ImageMagick (`-set comment`, `-set label`, a property of its own, and in a PNG
 * its dates).
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { CanarySet } from './canaries';
import type { Fixture, FixtureMaker } from './check';
import { pythonPlant } from './python-writers';

const PIL_ROWS: readonly [string, string, string, boolean][] = [
  ['PNG (PIL text chunks, eXIf)', 'png', 'png', true],
  ['JPEG (PIL comment, EXIF, GPS)', 'jpeg', 'jpg', true],
  ['MPO (PIL, two pictures, EXIF, GPS)', 'mpo', 'jpg', true],
  ['TIFF (PIL tags)', 'tiff', 'tif', false],
  ['TIFF (PIL tags, two pages)', 'tiff-pages', 'tif', false],
  ['WebP (PIL EXIF, XMP)', 'webp', 'webp', true],
  ['WebP (PIL EXIF, XMP, animated)', 'webp-animated', 'webp', true],
  ['GIF (PIL comment)', 'gif', 'gif', false],
];

function pilFixture(
  dir: string,
  name: string,
  kind: string,
  ext: string,
  gps: boolean,
): Fixture {
  const set = new CanarySet();
  const path = join(dir, `planted.${ext}`);
  pythonPlant('pil_plant.py', [kind, path], set);
  return { name, path, canaries: set, gps, content: 'pixels' };
}

/**
 * ImageMagick's own dates, which it writes in PNG text chunks after the pixels (IDAT); the
 * `tIME` it writes holds the time of writing whatever `-define png:tIME` says.
 */
const PNG_DATES = ['create', 'modify', 'timestamp'].flatMap((name) => [
  '-set',
  `date:${name}`,
  '1971-02-03T04:05:06',
]);

function magickFixture(dir: string, ext: string): Fixture {
  const set = new CanarySet();
  const path = join(dir, `planted.${ext}`);
  execFileSync(
    'convert',
    [
      '-size',
      '48x32',
      'gradient:navy-orange',
      '-set',
      'comment',
      set.text('ImageMagick comment'),
      '-set',
      'label',
      set.text('ImageMagick label'),
      '-set',
      set.text('ImageMagick own property name'),
      set.text('ImageMagick own property value'),
      ...(ext === 'png' ? PNG_DATES : []),
      path,
    ],
    { stdio: 'pipe' },
  );
  if (ext === 'png')
    set.fixed('PNG date:create, modify, timestamp', '1971-02-03');
  return {
    name: `${ext.toUpperCase()} (ImageMagick -set)`,
    path,
    canaries: set,
    gps: false,
    content: 'pixels',
  };
}

export const imageWriterFixtures: readonly FixtureMaker[] = [
  ...PIL_ROWS.map(([name, kind, ext, gps]) => ({
    name,
    make: (dir: string) => pilFixture(dir, name, kind, ext, gps),
  })),
  // ImageMagick writes none of these in a WebP.
  ...['png', 'jpg', 'gif', 'tif'].map((ext) => ({
    name: `${ext.toUpperCase()} (ImageMagick -set)`,
    make: (dir: string) => magickFixture(dir, ext),
  })),
];
