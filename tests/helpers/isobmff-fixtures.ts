/**
 * ISOBMFF fixtures made in the test set-up: ffmpeg movies with planted canaries and a distinctive
 * location in every field, ImageMagick + exiftool HEIC/AVIF with EXIF and XMP, a telemetry track
 * made from a generated subtitle track, and a tiny box builder for hostile inputs.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TEST_AUDIO, TEST_VIDEO, ffmpeg } from './video-tools';

export const CANARY = {
  title: 'CANARYTITLE9q',
  artist: 'CANARYARTIST9q',
  comment: 'CANARYCOMMENT9q',
  album: 'CANARYALBUM9q',
  make: 'CANARYMAKE9q',
  model: 'CANARYMODEL9q',
  software: 'CANARYSOFTWARE9q',
  telemetry: 'CANARYGPMF9q',
  xmp: 'CANARYXMP9q',
} as const;
export const ISO6709 = '+48.8584+002.2945+035.000/';
export const LOCATION_DECIMAL = '48.858400, 2.294500';
export const DATE = '2021-04-11T15:47:53Z';

const H264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];
const AAC = ['-c:a', 'aac'];

const commonTags = [
  ...['-metadata', `title=${CANARY.title}`],
  ...['-metadata', `artist=${CANARY.artist}`],
  ...['-metadata', `comment=${CANARY.comment}`],
  ...['-metadata', `location=${ISO6709}`],
  ...['-metadata', `creation_time=${DATE}`],
];

/** An MP4 with moov before mdat (faststart) or after it. */
export function taggedMp4(dir: string, name: string, flags: string[]): string {
  const out = join(dir, name);
  ffmpeg([
    ...TEST_VIDEO,
    ...TEST_AUDIO,
    '-t',
    '1',
    ...H264,
    ...AAC,
    ...commonTags,
    ...flags,
    out,
  ]);
  return out;
}

/** A QuickTime movie with Apple metadata keys (mdta), as iPhones write them. */
export function quickTimeKeysMov(dir: string): string {
  const out = join(dir, 'keys.mov');
  const keys = {
    'com.apple.quicktime.make': CANARY.make,
    'com.apple.quicktime.model': CANARY.model,
    'com.apple.quicktime.software': CANARY.software,
    'com.apple.quicktime.location.ISO6709': ISO6709,
    'com.apple.quicktime.creationdate': DATE,
  };
  const tags = Object.entries(keys).flatMap(([k, v]) => [
    '-metadata',
    `${k}=${v}`,
  ]);
  ffmpeg([
    ...TEST_VIDEO,
    ...TEST_AUDIO,
    '-t',
    '1',
    ...H264,
    ...AAC,
    ...tags,
    '-metadata',
    `creation_time=${DATE}`,
    '-movflags',
    'use_metadata_tags',
    out,
  ]);
  return out;
}

/** A QuickTime movie with a timecode track set to the time of day, as pro cameras write it. */
export const TIME_OF_DAY = '15:47:53';
/** A camera's card or reel name, which ffmpeg writes in the timecode entry's `name` atom. */
export const REEL_NAME = 'CANARY_REEL_A001';
export function timecodeMov(dir: string): string {
  const out = join(dir, 'timecode.mov');
  ffmpeg([
    ...TEST_VIDEO,
    '-t',
    '1',
    ...H264,
    ...commonTags,
    '-timecode',
    `${TIME_OF_DAY}:00`,
    '-metadata:s:v:0',
    `reel_name=${REEL_NAME}`,
    out,
  ]);
  return out;
}

/** The input re-muxed with a 90° display matrix in the video track's tkhd. */
export function rotated(dir: string, input: string): string {
  const out = join(dir, 'rotated.mp4');
  ffmpeg([
    '-i',
    input,
    '-map',
    '0',
    '-c',
    'copy',
    '-metadata:s:v:0',
    'rotate=90',
    out,
  ]);
  return out;
}

/** An M4A with iTunes tags and a PNG cover (covr). */
export function m4aWithCover(dir: string): string {
  const cover = join(dir, 'cover.png');
  ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'color=c=red:size=16x16',
    '-frames:v',
    '1',
    cover,
  ]);
  const out = join(dir, 'cover.m4a');
  ffmpeg([
    ...TEST_AUDIO,
    '-i',
    cover,
    '-map',
    '0',
    '-map',
    '1',
    ...AAC,
    '-c:v',
    'png',
    '-disposition:v',
    'attached_pic',
    '-metadata',
    `title=${CANARY.title}`,
    '-metadata',
    `artist=${CANARY.artist}`,
    '-metadata',
    `album=${CANARY.album}`,
    out,
  ]);
  return out;
}

export function threeGp(dir: string): string {
  const out = join(dir, 'clip.3gp');
  ffmpeg([
    ...TEST_VIDEO,
    ...TEST_AUDIO,
    '-t',
    '1',
    ...H264,
    ...AAC,
    ...commonTags,
    '-f',
    '3gp',
    out,
  ]);
  return out;
}

function overwrite(bytes: Uint8Array, from: string, to: string): number {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  let count = 0;
  for (
    let at = buffer.indexOf(from);
    at >= 0;
    at = buffer.indexOf(from, at + 4)
  ) {
    buffer.write(to, at, 'latin1');
    count++;
  }
  return count;
}

/**
 * A movie with a telemetry track: ffmpeg writes a timed-text track whose samples hold the canary
 * and a coordinate; renaming its handler to `meta` and its sample entry to `gpmd` (or `camm`,
 * `mebx`) gives the layout of a GoPro/Android/Apple metadata track with samples in mdat. Another
 * `handler` gives a track of that handler (one no player knows, to see its samples go too).
 */
export function telemetryMp4(
  dir: string,
  entry: string,
  movflags: string[] = [],
  suffix = '',
  handler = 'meta',
): string {
  const srt = join(dir, 'telemetry.srt');
  writeFileSync(
    srt,
    `1\n00:00:00,000 --> 00:00:00,500\n${CANARY.telemetry} ${ISO6709}\n\n2\n00:00:00,500 --> 00:00:00,900\n${CANARY.telemetry} +48.8585+002.2946/\n`,
  );
  const out = join(dir, `telemetry-${entry}${suffix}.mp4`);
  ffmpeg([
    ...TEST_VIDEO,
    '-i',
    srt,
    '-t',
    '1',
    ...H264,
    '-c:s',
    'mov_text',
    ...movflags,
    out,
  ]);
  const bytes = new Uint8Array(readFileSync(out));
  if (
    overwrite(bytes, 'tx3g', entry) !== 1 ||
    overwrite(bytes, 'sbtl', handler) + overwrite(bytes, 'text', handler) < 1
  )
    throw new Error('unexpected timed-text layout from ffmpeg');
  writeFileSync(out, bytes);
  return out;
}

/** A small HEIC or AVIF from ImageMagick, then EXIF (GPS, make, model, Orientation 6) and XMP by exiftool. */
export function taggedImage(dir: string, extension: 'heic' | 'avif'): string {
  const out = join(dir, `tagged.${extension}`);
  execFileSync('convert', ['-size', '64x48', 'gradient:red-blue', out]);
  execFileSync('exiftool', [
    '-q',
    '-overwrite_original',
    '-n',
    `-Artist=${CANARY.artist}`,
    `-Make=${CANARY.make}`,
    `-Model=${CANARY.model}`,
    '-GPSLatitude=48.8584',
    '-GPSLatitudeRef=N',
    '-GPSLongitude=2.2945',
    '-GPSLongitudeRef=E',
    '-DateTimeOriginal=2021:04:11 15:47:53',
    `-XMP-dc:Creator=${CANARY.xmp}`,
    '-Orientation=6',
    out,
  ]);
  return out;
}

/** A box: 32-bit size, or 64-bit (size field 1) when `large`. */
export function box(
  type: string,
  payload: Uint8Array = new Uint8Array(0),
  large = false,
): Uint8Array {
  const header = large ? 16 : 8;
  const out = new Uint8Array(header + payload.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, large ? 1 : out.length);
  out.set(Buffer.from(type, 'latin1'), 4);
  if (large) view.setBigUint64(8, BigInt(out.length));
  out.set(payload, header);
  return out;
}

export function concat(...parts: Uint8Array[]): Uint8Array {
  return new Uint8Array(Buffer.concat(parts));
}

export function ftyp(major = 'isom', ...compatible: string[]): Uint8Array {
  return box(
    'ftyp',
    new Uint8Array(
      Buffer.from(major + '\0\0\0\0' + compatible.join(''), 'latin1'),
    ),
  );
}
