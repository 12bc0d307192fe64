/**
 * Fixtures and independent checks for the audio format tests: ffmpeg writes small files with
 * planted canaries; ffmpeg, ffprobe and exiftool judge the engine's output.
 */
import { execFileSync } from 'node:child_process';
import { IDENTIFYING_TAG_NAMES, exiftoolTags } from './exiftool';
import { TEST_AUDIO, ffmpeg } from './video-tools';

export const AUDIO_CANARIES = [
  'CANARY_TITLE',
  'CANARY_ARTIST',
  'CANARY_ALBUM',
  'CANARY_COMMENT',
  'CANARY_ENCODER',
] as const;

/** ffmpeg arguments that plant a canary in every common tag, and a distinctive date. */
export const CANARY_METADATA = [
  ...['-metadata', 'title=CANARY_TITLE', '-metadata', 'artist=CANARY_ARTIST'],
  ...['-metadata', 'album=CANARY_ALBUM', '-metadata', 'comment=CANARY_COMMENT'],
  ...['-metadata', 'date=2021-03-04', '-metadata', 'encoded_by=CANARY_ENCODER'],
];

/** A 16x16 PNG to embed as cover art. */
export function writeCover(path: string): void {
  ffmpeg(['-f', 'lavfi', '-i', 'color=c=red:s=16x16', '-frames:v', '1', path]);
}

/** One second of sine encoded with `codecArgs`, tagged with the canaries (and cover art if given). */
export function writeTaggedAudio(
  path: string,
  codecArgs: readonly string[],
  cover?: string,
): void {
  const art = cover
    ? [
        '-i',
        cover,
        '-map',
        '0',
        '-map',
        '1',
        '-c:v',
        'png',
        '-disposition:v',
        'attached_pic',
      ]
    : [];
  ffmpeg([...TEST_AUDIO, ...art, ...codecArgs, ...CANARY_METADATA, path]);
}

/**
 * A digest of the decoded audio. `skip_manual` leaves the encoder delay and padding in the
 * output, so MP3 gapless trimming (which depends on what ffmpeg finds at the end) cannot hide or
 * fake a difference in the samples themselves.
 */
export function audioHash(path: string): string {
  return execFileSync(
    'ffmpeg',
    [
      '-v',
      'error',
      '-flags2',
      '+skip_manual',
      '-i',
      path,
      '-map',
      '0:a',
      '-f',
      'md5',
      '-',
    ],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  ).trim();
}

/** exiftool groups that are tag blocks as a whole. */
const TAG_GROUPS = /^(ID3|APE|Lyrics3|Vorbis)/;
/** Stream parameters exiftool lists in the Vorbis group: not tags. */
const STREAM_FIELDS = new Set([
  'VorbisVersion',
  'AudioChannels',
  'SampleRate',
  'NominalBitrate',
  'MaxBitrate',
  'MinBitrate',
]);
/** Tag names of the RIFF and AIFF groups that carry the canaries or a date. */
const AUDIO_TAG_NAMES = new Set([
  'Title',
  'Artist',
  'Album',
  'Product',
  'Comment',
  'Description',
  'DateCreated',
  'Software',
  'Technician',
  'Name',
  'Annotation',
  'Author',
  'Copyright',
  'Encoder',
  'Originator',
  'OriginatorReference',
  'CodingHistory',
  'BWF_UMID',
  'Genre',
]);

/**
 * Identifying tags exiftool still sees (empty when clean). Blank values are not leftovers;
 * `allow` lists `Group:Tag` keys kept on purpose (the MP3 LAME encoder string).
 */
export function audioLeftovers(
  path: string,
  allow: readonly string[] = [],
): string[] {
  return Object.entries(exiftoolTags(path)).flatMap(([key, value]) => {
    const [group = '', name = ''] = key.split(':');
    if (String(value).trim() === '' || allow.includes(key)) return [];
    if (group === 'Composite' || STREAM_FIELDS.has(name)) return [];
    const tagged =
      TAG_GROUPS.test(group) ||
      AUDIO_TAG_NAMES.has(name) ||
      IDENTIFYING_TAG_NAMES.has(name);
    return tagged ? [`${key}=${String(value)}`] : [];
  });
}

/** The tags ffprobe shows for the container and its streams. */
export function ffprobeTags(path: string): Record<string, string>[] {
  const json = execFileSync(
    'ffprobe',
    ['-v', 'error', '-show_format', '-show_streams', '-of', 'json', path],
    { encoding: 'utf8' },
  );
  const probe = JSON.parse(json) as {
    format: { tags?: Record<string, string> };
    streams: { tags?: Record<string, string> }[];
  };
  return [probe.format.tags, ...probe.streams.map((s) => s.tags)].filter(
    (t): t is Record<string, string> => t !== undefined,
  );
}
