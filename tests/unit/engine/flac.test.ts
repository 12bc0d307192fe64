import { execFileSync } from 'node:child_process';
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanPlan, inspect } from '../../../workers/engine';
import { id3v1Tag, id3v2Tag } from '../../helpers/audio-tags';
import {
  AUDIO_CANARIES,
  audioHash,
  audioLeftovers,
  ffprobeTags,
  writeCover,
  writeTaggedAudio,
} from '../../helpers/audio-tools';
import {
  blobOf,
  cleanFile,
  decodeErrors,
  ffmpeg,
  fileBytes,
  tempDir,
  TEST_AUDIO,
  type Cleaned,
} from '../../helpers/video-tools';
import { corpusFile, itCorpus } from '../../helpers/corpus';
import { expectNoLeaks } from '../../helpers/leak-oracle';

const MAT2_FLAC = corpusFile('mat2', 'dirty.flac');
const STREAMINFO_END = 4 + 4 + 34;
const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));

let dir = '';
const at = (name: string) => join(dir, name);
let cleaned: Cleaned;

function block(type: number, payload: Uint8Array, last = false): Uint8Array {
  const header = Buffer.alloc(4);
  header.writeUInt32BE(payload.length);
  header[0] = type | (last ? 0x80 : 0);
  return concat(header, payload);
}

/** Metadata block types and last-block flags, read independently of the engine. */
function blockTypes(bytes: Uint8Array): string[] {
  const types: string[] = [];
  for (let pos = 4; ;) {
    const size =
      (bytes[pos + 1]! << 16) | (bytes[pos + 2]! << 8) | bytes[pos + 3]!;
    const last = (bytes[pos]! & 0x80) !== 0;
    types.push(`${bytes[pos]! & 0x7f}${last ? ' last' : ''}`);
    if (last) return types;
    pos += 4 + size;
  }
}

/**
 * ffmpeg's FLAC (VORBIS_COMMENT with the canaries, PICTURE, PADDING), with an APPLICATION block
 * and a one-point SEEKTABLE planted after STREAMINFO and an ID3v1 tag appended.
 */
function writeDirtyFlac(): void {
  writeCover(at('cover.png'));
  writeTaggedAudio(at('ffmpeg.flac'), ['-c:a', 'flac'], at('cover.png'));
  const bytes = fileBytes(at('ffmpeg.flac'));
  const seekPoint = Buffer.alloc(18);
  seekPoint.writeUInt16BE(576, 16);
  const planted = concat(
    block(2, new Uint8Array(Buffer.from('CANACANARY_APPLICATION'))),
    block(3, new Uint8Array(seekPoint)),
  );
  const tagged = concat(
    bytes.subarray(0, STREAMINFO_END),
    planted,
    bytes.subarray(STREAMINFO_END),
    id3v1Tag('CANARY_V1_TITLE', 'CANARY_V1_ARTIST'),
  );
  writeFileSync(at('dirty.flac'), tagged);
}

beforeAll(async () => {
  dir = tempDir('flac');
  writeDirtyFlac();
  cleaned = await cleanFile(at('dirty.flac'));
});

describe('flac inspect', () => {
  it('reports comments, the vendor, the picture, the application block and ID3v1', async () => {
    const { format, findings } = await inspect(
      blobOf(fileBytes(at('dirty.flac'))),
    );
    expect(format.id).toBe('flac');
    const byLabel = new Map(findings.map((f) => [f.label, f]));
    expect(byLabel.get('TITLE')?.value).toBe('CANARY_TITLE');
    expect(byLabel.get('ARTIST')).toMatchObject({ category: 'author' });
    expect(byLabel.get('DATE')).toMatchObject({
      category: 'time',
      value: '2021-03-04',
    });
    expect(byLabel.get('vendor')).toMatchObject({ category: 'software' });
    expect(byLabel.get('PICTURE')).toMatchObject({
      category: 'thumbnail',
      value: 'image/png 16x16',
    });
    expect(byLabel.get('APPLICATION')?.value).toBe('CANA');
    expect(byLabel.get('Title')?.value).toBe('CANARY_V1_TITLE');
  });
});

describe('flac clean', () => {
  it('keeps STREAMINFO and SEEKTABLE only, with the last-block flag on the final one', () => {
    expect(blockTypes(cleaned.bytes)).toEqual(['0', '3 last']);
  });

  it('leaves no canary in any layer', () => {
    expectNoLeaks(fileBytes(at('dirty.flac')), cleaned.bytes, [
      ...AUDIO_CANARIES,
      'CANARY_APPLICATION',
      'CANARY_V1',
      'Lavf',
    ]);
  });

  it('leaves nothing identifying for exiftool and ffprobe', () => {
    expect(audioLeftovers(at('dirty.flac'))).not.toEqual([]);
    expect(audioLeftovers(cleaned.path)).toEqual([]);
    expect(ffprobeTags(at('dirty.flac'))).not.toEqual([]);
    expect(ffprobeTags(cleaned.path)).toEqual([]);
  });

  it('keeps every frame: identical decoded samples, plays without errors', () => {
    expect(audioHash(cleaned.path)).toBe(audioHash(at('ffmpeg.flac')));
    expect(decodeErrors(cleaned.path)).toBe('');
  });

  itCorpus('cleans the mat2 sample', async () => {
    copyFileSync(MAT2_FLAC, at('mat2.flac'));
    const mat2 = await cleanFile(at('mat2.flac'));
    expect(mat2.result.removed.map((f) => f.value)).toContain('jvoisin');
    expect(audioLeftovers(MAT2_FLAC)).not.toEqual([]);
    expect(audioLeftovers(mat2.path)).toEqual([]);
    expect(audioHash(mat2.path)).toBe(audioHash(MAT2_FLAC));
  });

  it('keeps a CUESHEET and reports its catalog number as kept', async () => {
    const cueSheet = new Uint8Array(396);
    cueSheet.set(Buffer.from('0123456789012'));
    const bytes = fileBytes(at('ffmpeg.flac'));
    const input = concat(
      bytes.subarray(0, STREAMINFO_END),
      block(5, cueSheet),
      bytes.subarray(STREAMINFO_END),
    );
    const result = await cleanPlan(blobOf(input));
    expect(result.kept).toEqual([
      expect.objectContaining({ label: 'CUESHEET', value: '0123456789012' }),
    ]);
  });

  it('drops an ID3v2 tag some taggers put before fLaC', async () => {
    const input = concat(
      id3v2Tag(3, [['TIT2', 'CANARY_ID3_FLAC']]),
      fileBytes(at('ffmpeg.flac')),
    );
    writeFileSync(at('id3.flac'), input);
    const id3 = await cleanFile(at('id3.flac'));
    expect(id3.result.removed.map((f) => f.value)).toContain('CANARY_ID3_FLAC');
    expect(Buffer.from(id3.bytes.subarray(0, 4)).toString('latin1')).toBe(
      'fLaC',
    );
    expect(audioHash(id3.path)).toBe(audioHash(at('ffmpeg.flac')));
  });
});

describe('flac hostile input', () => {
  const rejectsCorrupt = (bytes: Uint8Array) =>
    expect(cleanPlan(blobOf(bytes))).rejects.toMatchObject({ code: 'corrupt' });

  it('rejects a truncated file', async () => {
    await rejectsCorrupt(fileBytes(at('ffmpeg.flac')).subarray(0, 100));
  });

  it('rejects a block length that runs past the file', async () => {
    const bytes = fileBytes(at('ffmpeg.flac'));
    bytes.set([0x7f, 0xff, 0xff], STREAMINFO_END + 1);
    await rejectsCorrupt(bytes);
  });

  it('rejects a stream that does not start with STREAMINFO', async () => {
    await rejectsCorrupt(
      concat(
        new Uint8Array(Buffer.from('fLaC')),
        block(4, new Uint8Array(8), true),
      ),
    );
  });

  it('rejects a comment count larger than its block', async () => {
    const comment = new Uint8Array(8);
    comment.set([0xff, 0xff, 0xff, 0x7f], 4);
    const bytes = fileBytes(at('ffmpeg.flac'));
    const input = concat(
      bytes.subarray(0, STREAMINFO_END),
      block(4, comment),
      bytes.subarray(STREAMINFO_END),
    );
    await rejectsCorrupt(input);
  });
});

describe('a cover picture holding its photo metadata', () => {
  const ARTIST = 'CANARY_COVER_ARTIST';

  /** A JPEG cover with a GPS position and an artist (exiftool), imported by metaflac. */
  function writeCoveredFlac(): string {
    const cover = at('gps-cover.jpg');
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
    const flac = at('covered.flac');
    ffmpeg([...TEST_AUDIO, '-c:a', 'flac', flac]);
    execFileSync('metaflac', [
      `--import-picture-from=3||front||${cover}`,
      flac,
    ]);
    return flac;
  }

  it("reports the position and the artist as the picture's, and the copy has neither", async () => {
    const flac = writeCoveredFlac();
    const read = execFileSync(
      'exiftool',
      ['-a', '-G1', '-ee', '-b', '-Picture', flac],
      { maxBuffer: 1 << 20 },
    );
    expect(read.includes(ARTIST)).toBe(true);
    const { result, bytes } = await cleanFile(flac);
    const picture = { name: 'PICTURE "front"', kind: 'image' };
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
    expectNoLeaks(fileBytes(flac), bytes, [ARTIST]);
    expect(blockTypes(bytes)).toEqual(['0 last']);
  });
});
