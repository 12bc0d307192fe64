import { execFileSync } from 'node:child_process';
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanPlan, inspect } from '../../../workers/engine';
import {
  apeTag,
  id3v1ExtendedTag,
  id3v1Tag,
  id3v2Tag,
  lyrics3v1Tag,
  lyrics3v2Tag,
} from '../../helpers/audio-tags';
import {
  AUDIO_CANARIES,
  audioHash,
  audioLeftovers,
  ffprobeTags,
  writeCover,
  writeTaggedAudio,
} from '../../helpers/audio-tools';
import {
  TEST_AUDIO,
  blobOf,
  cleanFile,
  contains,
  decodeErrors,
  ffmpeg,
  fileBytes,
  tempDir,
  type Cleaned,
} from '../../helpers/video-tools';
import { corpusFile, itCorpus } from '../../helpers/corpus';
import { expectNoLeaks } from '../../helpers/leak-oracle';

const MAT2_MP3 = corpusFile('mat2', 'dirty.mp3');
const LAME_KEPT = ['MPEG:Encoder'];
const MP3_CODEC = [
  '-c:a',
  'libmp3lame',
  '-id3v2_version',
  '3',
  '-write_id3v1',
  '1',
];
const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));

let dir = '';
const at = (name: string) => join(dir, name);
let cleaned: Cleaned;

/**
 * ffmpeg's MP3 (ID3v2.3 with cover art, Xing/LAME frame, ID3v1), with an APEv2 tag, a Lyrics3v2
 * tag and a footer-terminated ID3v2.4 tag slipped in before the ID3v1 tag, as taggers append them.
 */
function writeDirtyMp3(): void {
  writeCover(at('cover.png'));
  writeTaggedAudio(at('ffmpeg.mp3'), MP3_CODEC, at('cover.png'));
  const bytes = fileBytes(at('ffmpeg.mp3'));
  const v1 = bytes.length - 128;
  const appended = concat(
    id3v2Tag(4, [['TCOM', 'CANARY_COMPOSER']], true),
    apeTag([
      ['Artist', 'CANARY_APE_ARTIST'],
      ['Record Location', 'CANARY_APE_PLACE'],
    ]),
    lyrics3v2Tag('CANARY_LYRICS'),
  );
  writeFileSync(
    at('dirty.mp3'),
    concat(bytes.subarray(0, v1), appended, bytes.subarray(v1)),
  );
}

beforeAll(async () => {
  dir = tempDir('mp3');
  writeDirtyMp3();
  cleaned = await cleanFile(at('dirty.mp3'));
});

describe('mp3 inspect', () => {
  it('reports ID3v2 frames, cover art, every appended tag and the kept LAME header', async () => {
    const { format, findings } = await inspect(
      blobOf(fileBytes(at('dirty.mp3'))),
    );
    expect(format.id).toBe('mp3');
    const byLabel = new Map(findings.map((f) => [f.label, f]));
    expect(byLabel.get('TIT2')?.value).toBe('CANARY_TITLE');
    expect(byLabel.get('TPE1')).toMatchObject({
      category: 'author',
      value: 'CANARY_ARTIST',
    });
    expect(byLabel.get('TDAT')).toMatchObject({
      category: 'time',
      value: '--03-04',
    });
    expect(byLabel.get('APIC')).toMatchObject({
      category: 'thumbnail',
      value: 'image/png',
    });
    expect(byLabel.get('TCOM')?.value).toBe('CANARY_COMPOSER');
    expect(byLabel.get('Record Location')).toMatchObject({
      category: 'location',
    });
    expect(byLabel.get('Lyrics3')?.value).toContain('CANARY_LYRICS');
    expect(byLabel.get('Comment')?.location).toContain('ID3v1');
    expect(byLabel.get('Info')).toMatchObject({
      kept: 'playback',
      value: 'Lavc59.37',
    });
  });
});

describe('mp3 clean', () => {
  it('leaves no canary in any layer', () => {
    expectNoLeaks(fileBytes(at('dirty.mp3')), cleaned.bytes, [
      ...AUDIO_CANARIES,
      'CANARY_COMPOSER',
      'CANARY_APE',
      'CANARY_LYRICS',
    ]);
    expect(contains(fileBytes(at('dirty.mp3')), 'APETAGEX')).toBe(true);
    expect(contains(cleaned.bytes, 'APETAGEX')).toBe(false);
  });

  it('leaves nothing identifying for exiftool and ffprobe', () => {
    expect(audioLeftovers(at('dirty.mp3'), LAME_KEPT)).not.toEqual([]);
    expect(audioLeftovers(cleaned.path, LAME_KEPT)).toEqual([]);
    expect(ffprobeTags(at('dirty.mp3'))).not.toEqual([]);
    expect(ffprobeTags(cleaned.path)).toEqual([]);
  });

  it('keeps the Xing/LAME frame and reports it kept for playback', () => {
    expect(contains(cleaned.bytes, 'Info')).toBe(true);
    expect(cleaned.result.kept.map((f) => f.label)).toEqual(['Info']);
  });

  it('keeps every audio frame: identical decoded samples, plays without errors', () => {
    expect(audioHash(cleaned.path)).toBe(audioHash(at('dirty.mp3')));
    expect(decodeErrors(cleaned.path)).toBe('');
  });

  itCorpus('cleans the mat2 sample', async () => {
    copyFileSync(MAT2_MP3, at('mat2.mp3'));
    const mat2 = await cleanFile(at('mat2.mp3'));
    expect(mat2.result.removed.map((f) => f.value)).toContain('jvoisin');
    expect(audioLeftovers(MAT2_MP3, LAME_KEPT)).not.toEqual([]);
    expect(audioLeftovers(mat2.path, LAME_KEPT)).toEqual([]);
    expect(audioHash(mat2.path)).toBe(audioHash(MAT2_MP3));
  });

  it('drops an ID3v2.2 tag and a second ID3v2 tag at the start', async () => {
    const bytes = fileBytes(at('plain.mp3'));
    const tags = concat(
      id3v2Tag(2, [['TT2', 'CANARY_V22']]),
      id3v2Tag(3, [['TIT2', 'CANARY_V23']]),
    );
    const result = await cleanPlan(blobOf(concat(tags, bytes)));
    expect(result.removed.map((f) => f.value)).toEqual([
      'CANARY_V22',
      'CANARY_V23',
    ]);
    expect(result.plan).toEqual([
      { kind: 'copy', start: tags.length, end: tags.length + bytes.length },
    ]);
  });

  it('reads UTF-16 text frames (ffmpeg writes non-Latin text in ID3v2.3 that way)', async () => {
    const title = 'CANARY_Ελλάδα_東京';
    ffmpeg([
      ...TEST_AUDIO,
      ...MP3_CODEC,
      '-metadata',
      `title=${title}`,
      at('utf16.mp3'),
    ]);
    const { findings } = await inspect(blobOf(fileBytes(at('utf16.mp3'))));
    expect(findings.find((f) => f.label === 'TIT2')?.value).toBe(title);
  });

  it('drops an ID3v1 tag behind raw frames', async () => {
    const bytes = fileBytes(at('plain.mp3'));
    const input = concat(
      bytes,
      id3v1Tag('CANARY_V1_TITLE', 'CANARY_V1_ARTIST'),
    );
    const result = await cleanPlan(blobOf(input));
    expect(result.removed.map((f) => f.value)).toEqual([
      'CANARY_V1_TITLE',
      'CANARY_V1_ARTIST',
    ]);
    expect(result.plan).toEqual([
      { kind: 'copy', start: 0, end: bytes.length },
    ]);
  });

  it('drops a Lyrics3 v1 tag and an extended TAG+ block with its ID3v1 tag', async () => {
    const bytes = fileBytes(at('plain.mp3'));
    const input = concat(
      bytes,
      lyrics3v1Tag('CANARY_V1_LYRICS'),
      id3v1ExtendedTag('CANARY_LONG_TITLE'),
      id3v1Tag('CANARY_SHORT_TITLE', ''),
    );
    const result = await cleanPlan(blobOf(input));
    expect(result.removed.map((f) => f.value)).toEqual([
      'CANARY_LONG_TITLE',
      'CANARY_SHORT_TITLE',
      'CANARY_V1_LYRICS',
    ]);
    expect(result.plan).toEqual([
      { kind: 'copy', start: 0, end: bytes.length },
    ]);
  });

  it('drops an ID3v2 tag appended without a footer', async () => {
    const bytes = fileBytes(at('plain.mp3'));
    const input = concat(bytes, id3v2Tag(3, [['TIT2', 'CANARY_TAIL']]));
    const result = await cleanPlan(blobOf(input));
    expect(result.plan).toEqual([
      { kind: 'copy', start: 0, end: bytes.length },
    ]);
  });

  it('sniffs raw frames without any tag and leaves them as they are', async () => {
    const bytes = fileBytes(at('plain.mp3'));
    const result = await cleanPlan(blobOf(bytes));
    expect(result.format.id).toBe('mp3');
    expect(result.removed).toEqual([]);
    expect(result.plan).toEqual([
      { kind: 'copy', start: 0, end: bytes.length },
    ]);
  });
});

describe('mp3 hostile input', () => {
  const rejects = (bytes: Uint8Array, code: string) =>
    expect(cleanPlan(blobOf(bytes))).rejects.toMatchObject({ code });

  it('rejects an ID3 size that is not synchsafe', async () => {
    const tag = id3v2Tag(3, [['TIT2', 'x']]);
    tag[6] = 0xff;
    await rejects(concat(tag, fileBytes(at('plain.mp3'))), 'corrupt');
  });

  it('still drops a tag whose frame sizes are not synchsafe', async () => {
    const tag = id3v2Tag(4, [['TIT2', 'CANARY_BAD_FRAME']]);
    tag[10 + 7] = 0xff;
    const bytes = fileBytes(at('plain.mp3'));
    const result = await cleanPlan(blobOf(concat(tag, bytes)));
    expect(result.removed.map((f) => f.label)).toEqual(['ID3v2']);
    expect(result.plan).toEqual([
      { kind: 'copy', start: tag.length, end: tag.length + bytes.length },
    ]);
  });

  it('rejects an ID3 tag larger than the file', async () => {
    const tag = id3v2Tag(3, [['TIT2', 'x']]);
    tag.set([0x7f, 0x7f, 0x7f, 0x7f], 6);
    await rejects(concat(tag, fileBytes(at('plain.mp3'))), 'corrupt');
  });

  it('rejects random bytes behind an ID3 tag', async () => {
    const noise = new Uint8Array(8192).map(
      (_, i) => ((i * 7919 + 13) % 251) & 0x7f,
    );
    await rejects(concat(id3v2Tag(3, [['TIT2', 'x']]), noise), 'unsupported');
  });

  it('rejects a lone frame header that no second frame follows', async () => {
    const frame = new Uint8Array(1000);
    frame.set([0xff, 0xfb, 0x90, 0x64]);
    await rejects(frame, 'unsupported');
  });

  it('rejects an APE footer whose size points before the audio', async () => {
    const ape = apeTag([['Title', 'x']]);
    new DataView(ape.buffer).setUint32(ape.length - 20, 0x7fffffff, true);
    await rejects(concat(fileBytes(at('plain.mp3')), ape), 'corrupt');
  });
});

beforeAll(() => {
  ffmpeg([
    ...TEST_AUDIO,
    '-c:a',
    'libmp3lame',
    '-write_xing',
    '0',
    '-id3v2_version',
    '0',
    at('plain.mp3'),
  ]);
});

describe('a cover picture holding its photo metadata', () => {
  const ARTIST = 'CANARY_APIC_ARTIST';

  /** A JPEG cover with a GPS position and an artist (exiftool), put in an APIC frame by mutagen. */
  function writeCoveredMp3(version: 3 | 4, encoding: number): string {
    const cover = join(dir, `apic-${version}.jpg`);
    ffmpeg([
      '-f',
      'lavfi',
      '-i',
      'color=c=green:s=16x12',
      '-frames:v',
      '1',
      cover,
    ]);
    execFileSync('exiftool', [
      ...['-q', '-overwrite_original'],
      ...['-GPSLatitude=48.8566', '-GPSLatitudeRef=N'],
      ...['-GPSLongitude=2.3522', '-GPSLongitudeRef=E'],
      `-Artist=${ARTIST}`,
      cover,
    ]);
    const mp3 = join(dir, `apic-${version}.mp3`);
    ffmpeg([...TEST_AUDIO, ...MP3_CODEC, mp3]);
    execFileSync('/usr/bin/python3', [
      '-c',
      [
        'import sys',
        'from mutagen.id3 import ID3, APIC',
        't = ID3(sys.argv[1])',
        "t.add(APIC(encoding=int(sys.argv[4]), mime='image/jpeg', type=3, desc='front', data=open(sys.argv[2], 'rb').read()))",
        't.save(v2_version=int(sys.argv[3]))',
      ].join('\n'),
      mp3,
      cover,
      String(version),
      String(encoding),
    ]);
    return mp3;
  }

  it.each([
    ['ID3v2.3, UTF-16', 3, 1],
    ['ID3v2.4, UTF-8', 4, 3],
  ] as const)(
    "reports the position and the artist as the picture's (%s), and the copy has neither",
    async (_, version, encoding) => {
      const mp3 = writeCoveredMp3(version, encoding);
      const read = execFileSync('exiftool', ['-b', '-Picture', mp3], {
        maxBuffer: 1 << 20,
      });
      expect(read.includes(ARTIST)).toBe(true);
      const { result, bytes } = await cleanFile(mp3);
      const picture = { name: 'APIC "front"', kind: 'image' };
      expect(result.removed).toContainEqual(
        expect.objectContaining({
          field: 'gps.position',
          value: '48.856600, 2.352200',
          item: picture,
        }),
      );
      expect(result.removed).toContainEqual(
        expect.objectContaining({ value: ARTIST, item: picture }),
      );
      expect(result.kept.filter((f) => f.item)).toEqual([]);
      expectNoLeaks(fileBytes(mp3), bytes, [ARTIST]);
    },
  );
});
