/**
 * Audio tagged by command-line tools other than ffmpeg and exiftool: metaflac (tags and a
 * picture with a description), vorbiscomment, id3v2 (on an MP3, and before a FLAC stream), sox's
 * comments, and flac keeping a WAV's INFO chunk in APPLICATION blocks.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { CanarySet } from './canaries';
import type { Fixture, FixtureMaker } from './check';
import { bareAudio, FLAC, MP3, OGG, SINE } from './bare-audio';
import { plantedCover } from './media';
import { mutagenFixtures } from './mutagen-writers';

function metaflacFixture(dir: string): Fixture {
  const set = new CanarySet();
  const path = bareAudio(dir, FLAC);
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
  const path = bareAudio(dir, OGG);
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
  const path = bareAudio(dir, MP3);
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
  const path = bareAudio(dir, FLAC);
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
  ...mutagenFixtures,
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
