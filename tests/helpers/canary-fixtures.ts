/**
 * One small file per format the engine cleans, each with the same canary planted in every
 * metadata field its writer offers (exiftool for images, ffmpeg for audio and video, a few hand
 * built blocks). The hostile-input property test mutates them and then looks for the canary in
 * the output's bytes, so a survivor is found whether or not any reader shows it.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applicationExtension, insertBeforeTrailer } from './gif-blocks';
import { insertAfterIhdr, iTXt, pngChunk, tEXt } from './png-chunks';
import { keptBetweenRuns } from './kept-between-runs';
import { ffmpeg, tempDir } from './video-tools';

export const FUZZ_CANARY = 'QZCANARYQZ';

const C = FUZZ_CANARY;
const TINY_VIDEO = [
  '-f',
  'lavfi',
  '-i',
  'testsrc=size=16x16:rate=5:duration=0.4',
];
const TINY_AUDIO = ['-f', 'lavfi', '-i', 'sine=d=0.4:sample_rate=8000'];
const TAGS = [
  'title',
  'artist',
  'album',
  'comment',
  'copyright',
  'genre',
].flatMap((key) => ['-metadata', `${key}=${C}`]);
const X264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];

/** The canary as the formats store text: ASCII/UTF-8, UTF-16LE (ASF, ID3) and UTF-16BE. */
export const CANARY_NEEDLES: readonly Buffer[] = [
  Buffer.from(C, 'latin1'),
  Buffer.from(C, 'utf16le'),
  Buffer.from(C, 'utf16le').swap16(),
];

export function holdsCanary(bytes: Uint8Array): boolean {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  return CANARY_NEEDLES.some((needle) => buffer.includes(needle));
}

function exiftoolWrite(path: string, args: readonly string[]): void {
  execFileSync('exiftool', ['-q', '-overwrite_original', ...args, path], {
    stdio: 'pipe',
  });
}

const IMAGE_TAGS = [
  `-Artist=${C}`,
  `-ImageDescription=${C}`,
  `-Copyright=${C}`,
  `-Make=${C}`,
  `-XMP-dc:Creator=${C}`,
  `-XMP-dc:Description=${C}`,
  '-GPSLatitude=48.8584',
  '-GPSLatitudeRef=N',
];

function image(
  dir: string,
  name: string,
  extra: readonly string[] = IMAGE_TAGS,
) {
  const path = join(dir, name);
  execFileSync('convert', ['-size', '16x16', 'gradient:red-blue', path], {
    stdio: 'pipe',
  });
  if (extra.length > 0) exiftoolWrite(path, extra);
  return path;
}

function media(dir: string, name: string, args: readonly string[]) {
  const path = join(dir, name);
  ffmpeg([...args, ...TAGS, path]);
  return path;
}

const SVG = `<?xml version="1.0"?>
<!DOCTYPE svg SYSTEM "file:///home/${C}/svg11.dtd">
<!-- ${C} -->
<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="https://www.inkscape.org/namespaces/inkscape/"
  xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"
  xmlns:dc="http://purl.org/dc/elements/1.1/" width="16" height="16"
  inkscape:export-filename="/home/${C}/a.png" sodipodi:docname="${C}.svg" data-src="C:\\Users\\${C}\\a.svg">
  <metadata><rdf:RDF><rdf:Description><dc:creator>${C}</dc:creator></rdf:Description></rdf:RDF></metadata>
  <sodipodi:namedview id="v" inkscape:label="${C}"/>
  <g inkscape:label="${C}"><rect width="16" height="16" fill="red"/></g>
</svg>
`;

/** BMP has no text field to plant in; it is still mutated for the typed-error check. */
const NO_TEXT_FIELDS = new Set(['canary.bmp']);

type Maker = (dir: string) => string | Uint8Array;

const MAKERS: Record<string, Maker> = {
  'canary.jpg': (dir) =>
    image(dir, 'canary.jpg', [
      ...IMAGE_TAGS,
      `-Comment=${C}`,
      `-IPTC:By-line=${C}`,
    ]),
  'canary.png': (dir) =>
    insertAfterIhdr(readFileSync(image(dir, 'canary.png')), [
      tEXt('Author', C),
      iTXt('Comment', C),
      pngChunk('prVt', C),
    ]),
  'canary.webp': (dir) => image(dir, 'canary.webp'),
  'canary.gif': (dir) =>
    insertBeforeTrailer(
      readFileSync(image(dir, 'canary.gif', [`-Comment=${C}`])),
      [applicationExtension('XMP DataXMP', `<x:xmpmeta>${C}</x:xmpmeta>`)],
    ),
  'canary.tif': (dir) => image(dir, 'canary.tif'),
  'canary.heic': (dir) => image(dir, 'canary.heic'),
  'canary.bmp': (dir) => image(dir, 'canary.bmp', []),
  'canary.svg': () => new Uint8Array(Buffer.from(SVG)),
  'canary.mp4': (dir) =>
    media(dir, 'canary.mp4', [
      ...TINY_VIDEO,
      ...TINY_AUDIO,
      ...X264,
      '-c:a',
      'aac',
    ]),
  'canary.mov': (dir) => media(dir, 'canary.mov', [...TINY_VIDEO, ...X264]),
  'canary.m4a': (dir) =>
    media(dir, 'canary.m4a', [...TINY_AUDIO, '-c:a', 'aac']),
  'canary.mkv': (dir) =>
    media(dir, 'canary.mkv', [
      ...TINY_VIDEO,
      ...TINY_AUDIO,
      ...X264,
      '-c:a',
      'flac',
    ]),
  'canary.webm': (dir) =>
    media(dir, 'canary.webm', [...TINY_AUDIO, '-c:a', 'libopus']),
  'canary.avi': (dir) =>
    media(dir, 'canary.avi', [
      ...TINY_VIDEO,
      ...TINY_AUDIO,
      '-c:v',
      'mjpeg',
      '-c:a',
      'pcm_s16le',
    ]),
  'canary.wmv': (dir) =>
    media(dir, 'canary.wmv', [
      ...TINY_VIDEO,
      ...TINY_AUDIO,
      '-c:v',
      'wmv2',
      '-c:a',
      'wmav2',
    ]),
  'canary.flv': (dir) =>
    media(dir, 'canary.flv', [
      ...TINY_VIDEO,
      ...TINY_AUDIO,
      '-c:v',
      'flv',
      '-c:a',
      'libmp3lame',
      '-ar',
      '11025',
    ]),
  'canary.mp3': (dir) =>
    media(dir, 'canary.mp3', [
      ...TINY_AUDIO,
      '-c:a',
      'libmp3lame',
      '-id3v2_version',
      '3',
      '-write_id3v1',
      '1',
    ]),
  'canary.flac': (dir) =>
    media(dir, 'canary.flac', [...TINY_AUDIO, '-c:a', 'flac']),
  'canary.ogg': (dir) =>
    media(dir, 'canary.ogg', [...TINY_AUDIO, '-c:a', 'libopus']),
  'canary.wav': (dir) =>
    media(dir, 'canary.wav', [...TINY_AUDIO, '-c:a', 'pcm_s16le']),
  'canary.aiff': (dir) =>
    media(dir, 'canary.aiff', [
      ...TINY_AUDIO,
      '-c:a',
      'pcm_s16be',
      '-write_id3v2',
      '1',
    ]),
};

/** Bump when a maker changes: fixtures are kept between runs in the system's temp folder. */
const FIXTURES_VERSION = 1;
const CACHE_DIR = join(
  tmpdir(),
  `metaclean-canary-fixtures-v${FIXTURES_VERSION}`,
);

/** Every fixture as [name, bytes]; each is checked to hold the canary before it is used. */
export function canaryFixtures(): [string, Uint8Array][] {
  const work = tempDir('canary-fixtures');
  return Object.entries(MAKERS).map(([name, make]) => {
    const bytes = keptBetweenRuns(CACHE_DIR, name, () => {
      const made = make(work);
      return typeof made === 'string'
        ? new Uint8Array(readFileSync(made))
        : made;
    });
    if (!holdsCanary(bytes) && !NO_TEXT_FIELDS.has(name))
      throw new Error(`${name}: canary not planted`);
    return [name, bytes];
  });
}
