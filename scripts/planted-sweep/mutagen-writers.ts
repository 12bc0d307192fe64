/**
 * Audio tagged by mutagen (`python/mutagen_tags.py`): every ID3v2.3 and v2.4 frame kind, chapters
 * with their sub-frames, MP4 freeform atoms, Vorbis comments in FLAC, Ogg Vorbis, Opus, Ogg FLAC
 * and an Ogg Theora video, ASF attributes, APEv2 on an MP3, and the ID3 chunk of AIFF and WAV.
 */
import { CanarySet } from './canaries';
import type { Fixture, FixtureMaker } from './check';
import { bareAudio, FLAC, MP3, OGG, type Source } from './bare-audio';
import { pythonPlant } from './python-writers';

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
  const path = bareAudio(dir, SOURCES[kind]!);
  pythonPlant('mutagen_tags.py', [kind, path], set);
  return { name, path, canaries: set, gps: false, content: 'frames' };
}

export const mutagenFixtures: readonly FixtureMaker[] = MUTAGEN_ROWS.map(
  ([name, kind]) => ({
    name,
    make: (dir: string) => mutagenFixture(dir, name, kind),
  }),
);
