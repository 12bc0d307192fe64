/**
 * Audio tagged by writers other than ffmpeg and exiftool: mutagen (every ID3v2.3 and v2.4 frame
 * kind, MP4 freeform atoms, Vorbis, FLAC and Opus comments, ASF attributes, APEv2, the ID3 chunk
 * of AIFF and WAV), metaflac, vorbiscomment, id3v2 (on an MP3 and before a FLAC stream), sox, and
 * flac keeping a WAV's INFO chunk; each on a file ffmpeg made bare.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { CanarySet } from './canaries';
import type { Fixture, FixtureMaker } from './check';
import { plantedCover } from './media';
import { pythonPlant } from './python-writers';

const SINE = ['-f', 'lavfi', '-i', 'sine=d=1:sample_rate=8000'];

/** A second of sine in `ext`, with no tag of ffmpeg's. */
function bareAudio(dir: string, ext: string, codec: readonly string[]): string {
  const path = join(dir, `planted.${ext}`);
  execFileSync(
    'ffmpeg',
    [
      '-v',
      'error',
      '-y',
      ...SINE,
      ...codec,
      '-map_metadata',
      '-1',
      '-fflags',
      '+bitexact',
      path,
    ],
    { stdio: 'pipe' },
  );
  return path;
}

interface Source {
  readonly ext: string;
  readonly codec: readonly string[];
}

const MP3: Source = { ext: 'mp3', codec: ['-c:a', 'libmp3lame'] };
const FLAC: Source = { ext: 'flac', codec: ['-c:a', 'flac'] };
const OGG: Source = { ext: 'ogg', codec: ['-c:a', 'libvorbis'] };
const SOURCES: Record<string, Source> = {
  id3v23: MP3,
  id3v24: MP3,
  ape: MP3,
  mp4: { ext: 'm4a', codec: ['-c:a', 'aac'] },
  flac: FLAC,
  ogg: OGG,
  opus: { ext: 'opus', codec: ['-c:a', 'libopus'] },
  oggflac: { ext: 'oga', codec: ['-c:a', 'flac', '-f', 'ogg'] },
  theora: {
    ext: 'ogv',
    codec: [
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=64x48:rate=10:d=1',
      '-c:v',
      'libtheora',
      '-c:a',
      'libvorbis',
      '-shortest',
    ],
  },
  asf: { ext: 'wma', codec: ['-c:a', 'wmav2'] },
  aiff: { ext: 'aiff', codec: ['-c:a', 'pcm_s16be'] },
  wav: { ext: 'wav', codec: ['-c:a', 'pcm_s16le'] },
};

const MUTAGEN_ROWS: readonly [string, string][] = [
  ['MP3 (mutagen ID3v2.3, every frame kind)', 'id3v23'],
  ['MP3 (mutagen ID3v2.4, every frame kind)', 'id3v24'],
  ['MP3 (mutagen APEv2)', 'ape'],
  ['M4A (mutagen, freeform atoms)', 'mp4'],
  ['FLAC (mutagen)', 'flac'],
  ['OGG (mutagen)', 'ogg'],
  ['Opus (mutagen)', 'opus'],
  ['Ogg FLAC (mutagen)', 'oggflac'],
  ['Ogg Theora video (mutagen)', 'theora'],
  ['WMA (mutagen ASF attributes)', 'asf'],
  ['AIFF (mutagen ID3 chunk)', 'aiff'],
  ['WAV (mutagen ID3 chunk)', 'wav'],
];

function mutagenFixture(dir: string, name: string, kind: string): Fixture {
  const set = new CanarySet();
  const source = SOURCES[kind]!;
  const path = bareAudio(dir, source.ext, source.codec);
  pythonPlant('mutagen_tags.py', [kind, path], set);
  return { name, path, canaries: set, gps: false, content: 'frames' };
}

function metaflacFixture(dir: string): Fixture {
  const set = new CanarySet();
  const path = bareAudio(dir, FLAC.ext, FLAC.codec);
  const cover = plantedCover(dir, set);
  const tags = ['TITLE', 'ARTIST', 'COMMENT', 'ENCODER', 'LOCATION', 'CONTACT'];
  execFileSync(
    'metaflac',
    [
      ...tags.map((tag) => `--set-tag=${tag}=${set.text(`metaflac ${tag}`)}`),
      `--set-tag=${set.text('metaflac own key name')}=${set.text('metaflac own key value')}`,
      `--import-picture-from=3|image/jpeg|${set.text('metaflac picture description')}||${cover}`,
      path,
    ],
    { stdio: 'pipe' },
  );
  return {
    name: 'FLAC (metaflac)',
    path,
    canaries: set,
    gps: true,
    content: 'frames',
  };
}

function vorbiscommentFixture(dir: string): Fixture {
  const set = new CanarySet();
  const path = bareAudio(dir, OGG.ext, OGG.codec);
  const tags = [
    'TITLE',
    'ARTIST',
    'COMMENT',
    'DESCRIPTION',
    'ORGANIZATION',
    'LOCATION',
  ];
  execFileSync(
    'vorbiscomment',
    [
      '-w',
      ...tags.flatMap((tag) => [
        '-t',
        `${tag}=${set.text(`vorbiscomment ${tag}`)}`,
      ]),
      '-t',
      `${set.text('vorbiscomment own key name')}=${set.text('vorbiscomment own key value')}`,
      path,
    ],
    { stdio: 'pipe' },
  );
  return {
    name: 'OGG (vorbiscomment)',
    path,
    canaries: set,
    gps: false,
    content: 'frames',
  };
}

function id3v2Fixture(dir: string): Fixture {
  const set = new CanarySet();
  const path = bareAudio(dir, MP3.ext, MP3.codec);
  const t = (field: string) => set.text(`id3v2 ${field}`);
  execFileSync(
    'id3v2',
    [
      '-a',
      t('artist'),
      '-A',
      t('album'),
      '-t',
      t('song'),
      '-c',
      t('comment'),
      '--TCOM',
      t('TCOM'),
      '--TENC',
      t('TENC'),
      '--TCOP',
      t('TCOP'),
      '--TPUB',
      t('TPUB'),
      '--TOWN',
      t('TOWN'),
      '--TSSE',
      t('TSSE'),
      '--WXXX',
      `http://example.com/${t('WXXX')}`,
      '--TXXX',
      `${t('TXXX description')}:${t('TXXX value')}`,
      '--USLT',
      `${t('USLT lyrics')}`,
      path,
    ],
    { stdio: 'pipe' },
  );
  return {
    name: 'MP3 (id3v2 tool, v1 and v2.3)',
    path,
    canaries: set,
    gps: false,
    content: 'frames',
  };
}

/** A WAV with RIFF INFO tags encoded by flac, which keeps the WAV's chunks in APPLICATION blocks. */
function foreignMetadataFixture(dir: string): Fixture {
  const set = new CanarySet();
  const wav = join(dir, 'source.wav');
  execFileSync(
    'ffmpeg',
    [
      ...['-v', 'error', '-y', ...SINE, '-c:a', 'pcm_s16le'],
      ...['title', 'artist', 'comment', 'copyright', 'encoded_by'].flatMap(
        (tag) => ['-metadata', `${tag}=${set.text(`WAV INFO ${tag}`)}`],
      ),
      wav,
    ],
    { stdio: 'pipe' },
  );
  const path = join(dir, 'planted.flac');
  execFileSync(
    'flac',
    ['-s', '-f', '--keep-foreign-metadata', wav, '-o', path],
    { stdio: 'pipe' },
  );
  return {
    name: 'FLAC (flac --keep-foreign-metadata)',
    path,
    canaries: set,
    gps: false,
    content: 'frames',
  };
}

/** An ID3v2 tag put before a FLAC stream by the id3v2 tool, as some taggers do. */
function id3OnFlacFixture(dir: string): Fixture {
  const set = new CanarySet();
  const path = bareAudio(dir, FLAC.ext, FLAC.codec);
  const t = (field: string) => set.text(`id3v2 on FLAC ${field}`);
  execFileSync(
    'id3v2',
    ['-a', t('artist'), '-c', t('comment'), '--TENC', t('TENC'), path],
    { stdio: 'pipe' },
  );
  return {
    name: 'FLAC (id3v2 tool, ID3 before fLaC)',
    path,
    canaries: set,
    gps: false,
    content: 'frames',
  };
}

function soxFixture(dir: string, ext: string): Fixture {
  const set = new CanarySet();
  const path = join(dir, `planted.${ext}`);
  execFileSync(
    'sox',
    [
      '-n',
      '--comment',
      set.text('sox comment'),
      '--add-comment',
      `${set.text('sox added key')}=${set.text('sox added value')}`,
      '-r',
      '8000',
      '-c',
      '1',
      path,
      'synth',
      '1',
      'sine',
      '440',
    ],
    { stdio: 'pipe' },
  );
  return {
    name: `${ext.toUpperCase()} (sox comments)`,
    path,
    canaries: set,
    gps: false,
    content: 'frames',
  };
}

export const audioWriterFixtures: readonly FixtureMaker[] = [
  ...MUTAGEN_ROWS.map(([name, kind]) => ({
    name,
    make: (dir: string) => mutagenFixture(dir, name, kind),
  })),
  { name: 'FLAC (metaflac)', make: metaflacFixture },
  { name: 'OGG (vorbiscomment)', make: vorbiscommentFixture },
  { name: 'MP3 (id3v2 tool, v1 and v2.3)', make: id3v2Fixture },
  { name: 'FLAC (flac --keep-foreign-metadata)', make: foreignMetadataFixture },
  { name: 'FLAC (id3v2 tool, ID3 before fLaC)', make: id3OnFlacFixture },
  // sox writes no comment in a WAV.
  ...['flac', 'ogg', 'aiff'].map((ext) => ({
    name: `${ext.toUpperCase()} (sox comments)`,
    make: (dir: string) => soxFixture(dir, ext),
  })),
];
