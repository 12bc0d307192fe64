/**
 * Large photos in the shapes a checked copy meets (`workers/engine/checked-copy.ts`): one whose
 * scan it claims and proves, ones it does not claim (progressive, no EOI at the end), one whose
 * claim the write finds wrong (a tagged photo after its EOI), and a PDF of two of them. For
 * `compare-cli.ts`: each must clean to the same bytes and report as a clean that reads first.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { photoPdf } from '../bench/pdf-fixture';

const SIZE = '900x900';

function photo(dir: string, name: string, extra: readonly string[] = []) {
  const path = join(dir, `${name}-${SIZE}.jpg`);
  execFileSync('convert', [
    '-size',
    SIZE,
    'xc:',
    '+noise',
    'Random',
    '-quality',
    '95',
    ...extra,
    path,
  ]);
  execFileSync('exiftool', [
    '-q',
    '-overwrite_original',
    '-GPSLatitude=48.8584',
    '-GPSLatitudeRef=N',
    '-GPSLongitude=2.2945',
    '-GPSLongitudeRef=E',
    '-Artist=CLAIM-CANARY',
    path,
  ]);
  return path;
}

export function claimShapes(dir: string): [string, Uint8Array][] {
  const tagged = photo(dir, 'claimed');
  const progressive = photo(dir, 'progressive', ['-interlace', 'Plane']);
  const small = join(dir, 'small.jpg');
  execFileSync('convert', ['-size', '32x32', 'plasma:', small]);
  execFileSync('exiftool', ['-q', '-overwrite_original', '-Artist=X', small]);
  const joined = Buffer.concat([readFileSync(tagged), readFileSync(small)]);
  const pdf = join(dir, 'photos.pdf');
  photoPdf(pdf, [tagged, progressive]);
  return [
    ['claimed.jpg', readFileSync(tagged)],
    ['progressive.jpg', readFileSync(progressive)],
    ['joined.jpg', joined],
    [
      'trailer.jpg',
      Buffer.concat([readFileSync(tagged), Buffer.from('TRAILER')]),
    ],
    ['photos.pdf', readFileSync(pdf)],
  ];
}
