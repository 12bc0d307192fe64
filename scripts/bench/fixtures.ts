import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  openSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { photoPdf } from './pdf-fixture';
import { makeBenchDocx } from './docx';
import { makeStyledSvg, makeStylesEpub } from './css';
import {
  largePartsDocx,
  manifestFolderOdt,
  manyPhotoDocx,
} from '../../tests/helpers/zip-bombs';

/** A benchmark input: made once by a generator, then reused from .bench/ across runs. */
export interface BenchCase {
  readonly name: string;
  readonly file: string;
  /** exiftool can write this format, so `exiftool -all=` is a fair reference. */
  readonly exiftool: boolean;
  /** An ffmpeg stream-copy remux without metadata (what mat2 does) is a fair reference. */
  readonly ffmpeg: boolean;
  /** mat2 cleans this format (documents), so it is the reference. */
  readonly mat2?: boolean;
  /** The engine cleans this format in place (same size, patched ranges): --in-place applies. */
  readonly inPlace: boolean;
  /** The target for this case, printed beside the figures (issue 21). */
  readonly target?: string;
}

export const BENCH_DIR = join(process.cwd(), '.bench');
const MB = 1024 * 1024;

export const PLANTED = [
  '-Make=BenchCam',
  '-Model=BenchCam X100',
  '-Artist=Bench Artist',
  '-GPSLatitude=48.8584',
  '-GPSLatitudeRef=N',
  '-GPSLongitude=2.2945',
  '-GPSLongitudeRef=E',
  '-DateTimeOriginal=2024:05:01 12:00:00',
];

function sh(cmd: string, args: string[]): void {
  execFileSync(cmd, args, { stdio: ['ignore', 'ignore', 'inherit'] });
}

function have(cmd: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * `npm run bench -- pdf` (or BENCH_ONLY=docx) runs, and generates, only the inputs whose file name
 * holds that word.
 */
const ONLY = (process.argv[2] ?? process.env.BENCH_ONLY)?.toLowerCase();

/** Makes `name` with `make(tempPath)` unless it exists; returns null when the tools are missing. */
function cached(name: string, make: (path: string) => void): string | null {
  if (ONLY && !name.toLowerCase().includes(ONLY)) return null;
  const path = join(BENCH_DIR, name);
  if (existsSync(path)) return path;
  const temp = `${path}.partial${name.slice(name.lastIndexOf('.'))}`;
  try {
    process.stderr.write(`bench: generating ${name}...\n`);
    make(temp);
    renameSync(temp, path);
    return path;
  } catch (error) {
    rmSync(temp, { force: true });
    process.stderr.write(
      `bench: could not generate ${name}: ${String(error)}\n`,
    );
    return null;
  }
}

function tag(path: string): void {
  if (have('exiftool'))
    sh('exiftool', ['-q', '-overwrite_original', ...PLANTED, path]);
}

/** Colour noise compresses badly, so a modest pixel count gives a large file quickly. */
function noiseImage(path: string, size: string, quality?: string): void {
  const q = quality ? ['-quality', quality] : [];
  sh('convert', ['-size', size, 'xc:', '+noise', 'Random', ...q, path]);
}

/** High-bitrate noise video, looped by stream copy until it reaches `targetBytes`. */
function bigVideo(
  path: string,
  targetBytes: number,
  extraArgs: string[],
): void {
  const clip = join(BENCH_DIR, 'clip-10s.mp4');
  if (!existsSync(clip)) {
    sh('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'nullsrc=s=1280x720:r=30,geq=random(1)*255:128:128',
      '-f',
      'lavfi',
      '-i',
      'sine=d=10',
      '-t',
      '10',
      '-c:v',
      'mpeg4',
      '-q:v',
      '1',
      '-c:a',
      'aac',
      '-metadata',
      'title=Bench title',
      '-metadata',
      'location=+48.8584+002.2945/',
      clip,
    ]);
  }
  const loops = Math.max(1, Math.ceil(targetBytes / statSync(clip).size));
  sh('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-stream_loop',
    String(loops - 1),
    '-i',
    clip,
    '-map',
    '0',
    '-c',
    'copy',
    '-metadata',
    'title=Bench title',
    '-metadata',
    'artist=Bench Artist',
    ...extraArgs,
    path,
  ]);
}

/** A 2 GB top-level `free` box: the residue scan reads it all (a free box may hold old metadata). */
const FREE_BOX_BYTES = 2 * 1024 * MB - 64;
const FREE_BLOCK_BYTES = MB;

/**
 * A short MP4 followed by a `free` box of FREE_BOX_BYTES of repeated random bytes: random, so the
 * byte search meets a signature's first byte often, as it does in compressed data.
 */
function freeBoxVideo(path: string): void {
  const clip = join(BENCH_DIR, 'clip-1s.mp4');
  if (!existsSync(clip))
    sh('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc=s=320x240:r=30',
      '-t',
      '1',
      '-c:v',
      'mpeg4',
      clip,
    ]);
  const block = randomBytes(FREE_BLOCK_BYTES);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(FREE_BOX_BYTES + 8);
  header.write('free', 4, 'latin1');
  const fd = openSync(path, 'w');
  try {
    writeSync(fd, readFileSync(clip));
    writeSync(fd, header);
    for (let left = FREE_BOX_BYTES; left > 0; left -= block.length)
      writeSync(fd, block, 0, Math.min(left, block.length));
  } finally {
    closeSync(fd);
  }
}

/** The Word document of twenty deflated GPS photos: `npm run bench` and `npm run bench:ui` share it. */
export const PHOTO_DOCX = 'document-135mb.docx';

/** Writes the document of twenty ~5 MB GPS-tagged photos (stored, or deflated as Word does). */
export function makePhotoDocx(path: string, stored = false): void {
  const photo = join(BENCH_DIR, 'photo-5mb.jpg');
  if (!existsSync(photo)) {
    noiseImage(photo, '1960x1470', '97');
    tag(photo);
  }
  makeBenchDocx(path, photo, stored);
}

export function benchCases(): BenchCase[] {
  mkdirSync(BENCH_DIR, { recursive: true });
  writeFileSync(
    join(BENCH_DIR, 'README'),
    'Generated benchmark inputs; safe to delete.\n',
  );
  const cases: (BenchCase | null)[] = [];
  const add = (
    name: string,
    file: string | null,
    exiftool: boolean,
    ffmpeg: boolean,
    inPlace = false,
    target?: string,
  ) =>
    cases.push(
      file
        ? { name, file, exiftool, ffmpeg, inPlace, ...(target && { target }) }
        : null,
    );

  if (have('convert')) {
    add(
      'JPEG 50 MB',
      cached('photo-50mb.jpg', (p) => {
        noiseImage(p, '5400x4000', '97');
        tag(p);
      }),
      true,
      false,
      false,
      'CLI >= 1x exiftool',
    );
    add(
      'JPEG 144 MB',
      cached('photo-144mb.jpg', (p) => {
        noiseImage(p, '9200x6700', '97');
        tag(p);
      }),
      true,
      false,
      false,
      'CLI peak RSS < 80 MB',
    );
    add(
      'PNG 20 MB',
      cached('image-20mb.png', (p) => {
        noiseImage(p, '1850x1850');
        tag(p);
      }),
      true,
      false,
    );
    add(
      'HEIC 30 MB',
      cached('photo-30mb.heic', (p) => {
        noiseImage(p, '5000x3700', '100');
        tag(p);
      }),
      true,
      false,
    );
    const docx = cached(PHOTO_DOCX, (p) => makePhotoDocx(p));
    if (docx)
      cases.push({
        name: 'DOCX 20 photos',
        file: docx,
        exiftool: false,
        ffmpeg: false,
        mat2: true,
        inPlace: false,
        target: 'CLI >= 10x mat2',
      });
    const stored = cached('document-135mb-stored.docx', (p) =>
      makePhotoDocx(p, true),
    );
    if (stored)
      cases.push({
        name: 'DOCX 20 photos, stored',
        file: stored,
        exiftool: false,
        ffmpeg: false,
        mat2: true,
        inPlace: false,
      });
  }
  if (have('convert')) {
    add(
      'PDF 68 MB, 10 GPS photos, updated',
      cached('document-68mb.pdf', (p) => {
        const photos = Array.from({ length: 10 }, (_, i) => {
          const photo = join(BENCH_DIR, `pdf-photo-${i}-2100x1500.jpg`);
          if (!existsSync(photo)) {
            noiseImage(photo, '2100x1500', '96');
            tag(photo);
          }
          return photo;
        });
        photoPdf(p, photos);
        // exiftool writes a PDF by appending an incremental update: the earlier revision stays.
        sh('exiftool', [
          '-q',
          '-overwrite_original',
          '-Author=Bench Author',
          '-Title=Bench title',
          '-XMP-dc:Creator=Bench Creator',
          p,
        ]);
      }),
      true,
      false,
      false,
      'CLI >= 1x exiftool',
    );
  }
  if (have('ffmpeg')) {
    add(
      'MP4 1 GB, moov at end',
      cached('video-1gb-moov-end.mp4', (p) => bigVideo(p, 1024 * MB, [])),
      true,
      true,
      true,
      '--in-place >= 20x exiftool',
    );
    add(
      'MP4 1 GB, moov at front',
      cached('video-1gb-moov-front.mp4', (p) =>
        bigVideo(p, 1024 * MB, ['-movflags', '+faststart']),
      ),
      true,
      true,
      true,
    );
    add(
      'MP4 2 GB, free box',
      cached('video-2gb-free-box.mp4', freeBoxVideo),
      false,
      false,
      false,
      'CLI < 1 s',
    );
    add(
      'MKV 500 MB',
      cached('video-500mb.mkv', (p) => bigVideo(p, 500 * MB, [])),
      false,
      true,
      true,
    );
    add(
      'MP3 100 MB',
      cached('audio-100mb.mp3', (p) => {
        const clip = join(BENCH_DIR, 'clip-600s.mp3');
        if (!existsSync(clip)) {
          sh('ffmpeg', [
            '-v',
            'error',
            '-y',
            '-f',
            'lavfi',
            '-i',
            'sine=d=600',
            '-b:a',
            '128k',
            clip,
          ]);
        }
        sh('ffmpeg', [
          '-v',
          'error',
          '-y',
          '-stream_loop',
          '9',
          '-i',
          clip,
          '-c',
          'copy',
          '-metadata',
          'title=Bench title',
          '-metadata',
          'artist=Bench Artist',
          '-id3v2_version',
          '3',
          p,
        ]);
      }),
      false,
      true,
    );
  }
  // The bombs of issue 18: each must clean (or fail typed) in under 30 s and 1.5 GB.
  const bomb = (name: string, file: string | null) =>
    cases.push(
      file
        ? {
            name,
            file,
            exiftool: false,
            ffmpeg: false,
            mat2: true,
            inPlace: false,
          }
        : null,
    );
  bomb(
    'bomb: ODT, 60,000 manifest folders',
    cached('bomb-odt-60000-folders.odt', (p) =>
      writeFileSync(p, manifestFolderOdt(60_000)),
    ),
  );
  if (have('convert'))
    bomb(
      'bomb: DOCX, 60,000 small JPEGs',
      cached('bomb-docx-60000-jpegs.docx', (p) => {
        const photo = join(BENCH_DIR, 'photo-tiny.jpg');
        sh('convert', ['-size', '8x8', 'xc:gray', photo]);
        tag(photo);
        writeFileSync(p, manyPhotoDocx(readFileSync(photo), 60_000));
      }),
    );
  bomb(
    'bomb: DOCX, 8 parts of 60 MB',
    cached('bomb-docx-8-large-parts.docx', (p) =>
      writeFileSync(p, largePartsDocx(8, 60 * MB)),
    ),
  );
  return cases.filter((c): c is BenchCase => c !== null);
}

/** The style-sheet inputs (`npm run bench -- css`): the shared CSS reader's cost beside mat2's. */
export function cssCases(): { name: string; file: string }[] {
  mkdirSync(BENCH_DIR, { recursive: true });
  const cases = [
    {
      name: 'EPUB, 3.3 MB chapter of styles',
      file: cached('css-chapter-3mb.epub', makeStylesEpub),
    },
    {
      name: 'SVG, 100,000 styled shapes',
      file: cached('css-drawing-7mb.svg', makeStyledSvg),
    },
  ];
  return cases.filter((c): c is { name: string; file: string } => !!c.file);
}
