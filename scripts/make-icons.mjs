// Run once, when public/favicon.svg changes: draws the installed app's icons from it with
// ImageMagick, into public/icons/ (committed, so the build stays deterministic and needs no
// ImageMagick). `any` icons are the favicon on white; the maskable one keeps the drawing inside
// the safe zone, the centred circle of 80% of the icon's width that every mask shape keeps.
// Usage: node scripts/make-icons.mjs
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const SOURCE = `${root}public/favicon.svg`;
const OUT = `${root}public/icons`;
/** The sizes browsers ask of an installable app: 192 for the home screen, 512 for the splash. */
const SIZES = [192, 512];
const MASKABLE_SIZE = 512;
/** The safe zone's diameter as a share of the icon; the drawing fits a square inside it. */
const SAFE_ZONE = 0.8;
const BACKGROUND = '#ffffff';

// ImageMagick's own SVG renderer strokes a shape that names no stroke in black: say none.
const svg = readFileSync(SOURCE, 'utf8').replace(
  /<(rect|circle|path)(?![^>]*stroke=)/g,
  '<$1 stroke="none"',
);

function draw(size, drawingSize, file) {
  execFileSync(
    'convert',
    [
      '-background',
      BACKGROUND,
      '-density',
      String(Math.ceil((drawingSize / 32) * 72)),
      'svg:-',
      '-resize',
      `${drawingSize}x${drawingSize}`,
      '-gravity',
      'center',
      '-extent',
      `${size}x${size}`,
      // No timestamps or other chunks that change between runs.
      '-strip',
      '-depth',
      '8',
      '-define',
      'png:exclude-chunks=date,time',
      file,
    ],
    { input: svg },
  );
}

for (const size of SIZES) draw(size, size, `${OUT}/icon-${size}.png`);
// A square inside the safe circle has sides of diameter / sqrt(2).
draw(
  MASKABLE_SIZE,
  Math.floor((MASKABLE_SIZE * SAFE_ZONE) / Math.SQRT2),
  `${OUT}/maskable-${MASKABLE_SIZE}.png`,
);
