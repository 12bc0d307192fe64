/**
 * Videos and audio made by ffmpeg with a canary in every common tag name (`-metadata`), in each
 * stream's tags, in chapter titles and (Matroska) an attachment's name and description; MP4, MOV
 * and M4A then get a canary in every tag exiftool writes in QuickTime Keys, UserData, ItemList and
 * XMP.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CanarySet, PLANTED_GPS } from './canaries';
import type { Fixture, FixtureMaker } from './check';
import { dateAndPlaceArgs, exiftoolPlant, textTagArgs } from './exiftool-plant';

/** Tag names ffmpeg's muxers map to their formats' fields. */
const TAG_NAMES = [
  'title',
  'artist',
  'album',
  'album_artist',
  'comment',
  'description',
  'synopsis',
  'copyright',
  'composer',
  'performer',
  'publisher',
  'genre',
  'date',
  'encoder',
  'encoded_by',
  'lyrics',
  'grouping',
  'show',
  'network',
  'episode_id',
  'keywords',
  'author',
  'make',
  'model',
  'software',
  'location-eng',
  'com.apple.quicktime.make',
];

const VIDEO_IN = ['-f', 'lavfi', '-i', 'testsrc=size=64x48:rate=10:d=1'];
const AUDIO_IN = ['-f', 'lavfi', '-i', 'sine=d=1:sample_rate=8000'];

interface MediaSpec {
  readonly name: string;
  readonly ext: string;
  readonly video?: readonly string[];
  readonly audio?: readonly string[];
  readonly extra?: readonly string[];
  readonly chapters?: boolean;
  readonly attachment?: boolean;
  /** exiftool's QuickTime groups planted after ffmpeg. */
  readonly quicktime?: boolean;
  /** A planted JPEG as cover art: a picture stream (`attached_pic`) or an attachment. */
  readonly cover?: 'attached_pic' | 'attachment';
}

const SPECS: readonly MediaSpec[] = [
  {
    name: 'MP4',
    ext: 'mp4',
    video: ['-c:v', 'libx264', '-pix_fmt', 'yuv420p'],
    audio: ['-c:a', 'aac'],
    chapters: true,
    quicktime: true,
  },
  {
    name: 'MOV',
    ext: 'mov',
    video: ['-c:v', 'libx264', '-pix_fmt', 'yuv420p'],
    audio: ['-c:a', 'aac'],
    chapters: true,
    quicktime: true,
  },
  {
    name: 'M4A',
    ext: 'm4a',
    audio: ['-c:a', 'aac'],
    chapters: true,
    quicktime: true,
  },
  {
    name: 'MKV',
    ext: 'mkv',
    video: ['-c:v', 'libx264', '-pix_fmt', 'yuv420p'],
    audio: ['-c:a', 'libvorbis'],
    chapters: true,
    attachment: true,
  },
  {
    name: 'WebM',
    ext: 'webm',
    video: ['-c:v', 'libvpx', '-b:v', '100k'],
    audio: ['-c:a', 'libopus'],
    chapters: true,
  },
  {
    name: 'MP3',
    ext: 'mp3',
    audio: ['-c:a', 'libmp3lame'],
    extra: ['-id3v2_version', '3', '-write_id3v1', '1'],
    chapters: true,
  },
  { name: 'FLAC', ext: 'flac', audio: ['-c:a', 'flac'] },
  { name: 'OGG', ext: 'ogg', audio: ['-c:a', 'libvorbis'], chapters: true },
  { name: 'Opus', ext: 'opus', audio: ['-c:a', 'libopus'] },
  {
    name: 'WAV',
    ext: 'wav',
    audio: ['-c:a', 'pcm_s16le'],
    extra: ['-write_bext', '1'],
  },
  {
    name: 'AIFF',
    ext: 'aiff',
    audio: ['-c:a', 'pcm_s16be'],
    extra: ['-write_id3v2', '1'],
  },
  {
    name: 'ASF/WMV',
    ext: 'wmv',
    video: ['-c:v', 'wmv2'],
    audio: ['-c:a', 'wmav2'],
  },
  {
    name: 'AVI',
    ext: 'avi',
    video: ['-c:v', 'mpeg4'],
    audio: ['-c:a', 'libmp3lame'],
  },
  {
    name: 'MP3 (cover art)',
    ext: 'mp3',
    audio: ['-c:a', 'libmp3lame'],
    extra: ['-id3v2_version', '3'],
    cover: 'attached_pic',
  },
  {
    name: 'FLAC (cover art)',
    ext: 'flac',
    audio: ['-c:a', 'flac'],
    cover: 'attached_pic',
  },
  {
    name: 'M4A (cover art)',
    ext: 'm4a',
    audio: ['-c:a', 'aac'],
    cover: 'attached_pic',
  },
  {
    name: 'MKV (cover attachment)',
    ext: 'mkv',
    video: ['-c:v', 'libx264', '-pix_fmt', 'yuv420p'],
    audio: ['-c:a', 'libvorbis'],
    cover: 'attachment',
  },
  {
    name: 'FLV',
    ext: 'flv',
    video: ['-c:v', 'flv'],
    audio: ['-c:a', 'libmp3lame', '-ar', '22050'],
  },
];

function ffmetadata(path: string, set: CanarySet): void {
  const chapter = (i: number) =>
    `[CHAPTER]\nTIMEBASE=1/1000\nSTART=${i * 500}\nEND=${i * 500 + 500}\ntitle=${set.content(`chapter ${i} title`)}\n`;
  writeFileSync(path, `;FFMETADATA1\n${chapter(0)}${chapter(1)}`);
}

/** A small JPEG with a canary in its EXIF, GPS, IPTC, XMP and comment, to go in as cover art. */
export function plantedCover(dir: string, set: CanarySet): string {
  const path = join(dir, 'cover.jpg');
  execFileSync('convert', ['-size', '32x32', 'gradient:green-yellow', path]);
  exiftoolPlant(path, [
    `-EXIF:Artist=${set.text('cover EXIF Artist')}`,
    `-EXIF:Software=${set.text('cover EXIF Software')}`,
    `-IPTC:By-line=${set.text('cover IPTC By-line')}`,
    `-XMP-dc:Creator=${set.text('cover XMP Creator')}`,
    `-Comment=${set.text('cover Comment')}`,
    ...dateAndPlaceArgs(set),
  ]);
  return path;
}

/** ffmpeg's input options and output options for the cover. */
function coverArgs(
  spec: MediaSpec,
  cover: string,
  index: number,
): [string[], string[]] {
  if (spec.cover === 'attachment')
    return [
      [],
      [
        '-attach',
        cover,
        '-metadata:s:t:0',
        'mimetype=image/jpeg',
        '-metadata:s:t:0',
        'filename=cover.jpg',
      ],
    ];
  return [
    ['-i', cover],
    ['-map', String(index), '-c:v', 'copy', '-disposition:v:0', 'attached_pic'],
  ];
}

function mediaFixture(dir: string, spec: MediaSpec): Fixture {
  const set = new CanarySet();
  const path = join(dir, `planted.${spec.ext}`);
  const inputs = [
    ...(spec.video ? VIDEO_IN : []),
    ...(spec.audio ? AUDIO_IN : []),
  ];
  const chapters = join(dir, `${spec.ext}.ffmeta`);
  if (spec.chapters) ffmetadata(chapters, set);
  const sources = inputs.length / 4;
  const chapterIn = spec.chapters ? ['-i', chapters] : [];
  const chapterOut = spec.chapters ? ['-map_chapters', String(sources)] : [];
  const maps = sources === 2 ? ['-map', '0', '-map', '1'] : ['-map', '0'];
  const [coverIn, coverOut] = spec.cover
    ? coverArgs(spec, plantedCover(dir, set), sources + (spec.chapters ? 1 : 0))
    : [[], []];
  const attachment = join(dir, 'notes.txt');
  if (spec.attachment)
    writeFileSync(attachment, `${set.text('attachment contents')}\n`);
  const tags = TAG_NAMES.flatMap((tag) => [
    '-metadata',
    `${tag}=${set.text(`ffmpeg ${tag}`)}`,
  ]);
  const { lat, lon } = PLANTED_GPS;
  const streamTags = (kind: 'v' | 'a') => [
    `-metadata:s:${kind}:0`,
    `title=${set.text(`${kind} stream title`)}`,
    `-metadata:s:${kind}:0`,
    `handler_name=${set.text(`${kind} stream handler_name`)}`,
    `-metadata:s:${kind}:0`,
    `comment=${set.text(`${kind} stream comment`)}`,
  ];
  execFileSync(
    'ffmpeg',
    [
      '-v',
      'error',
      '-y',
      ...inputs,
      ...chapterIn,
      ...coverIn,
      ...chapterOut,
      ...maps,
      ...(spec.video ?? []),
      ...(spec.audio ?? []),
      ...coverOut,
      ...(spec.attachment
        ? [
            '-attach',
            attachment,
            '-metadata:s:t',
            'mimetype=text/plain',
            '-metadata:s:t',
            `filename=${set.text('attachment filename')}.txt`,
            '-metadata:s:t',
            `title=${set.text('attachment title')}`,
          ]
        : []),
      ...tags,
      '-metadata',
      `location=+${lat}+${lon}/`,
      '-metadata',
      'creation_time=1971-02-03T04:05:06Z',
      ...(spec.video ? streamTags('v') : []),
      ...(spec.audio ? streamTags('a') : []),
      ...(spec.quicktime ? ['-movflags', 'use_metadata_tags'] : []),
      ...(spec.extra ?? []),
      '-shortest',
      path,
    ],
    { stdio: 'pipe' },
  );
  set.fixed('creation_time', '1971-02-03');
  if (spec.quicktime) {
    for (const group of [
      'Keys',
      'UserData',
      'ItemList',
      'Microsoft',
      'XMP-dc',
      'XMP-xmp',
      'XMP-xmpMM',
    ])
      exiftoolPlant(path, textTagArgs([group], set));
    exiftoolPlant(path, dateAndPlaceArgs(set, false));
  }
  return { name: spec.name, path, canaries: set, gps: true, content: 'frames' };
}

export const mediaFixtures: readonly FixtureMaker[] = SPECS.map((spec) => ({
  name: spec.name,
  make: (dir: string) => mediaFixture(dir, spec),
}));
