import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanPlan, inspect } from '../../../workers/engine';
import { id3v1Tag, oggPages } from '../../helpers/audio-tags';
import {
  AUDIO_CANARIES,
  audioHash,
  audioLeftovers,
  ffprobeTags,
  writeTaggedAudio,
} from '../../helpers/audio-tools';
import {
  TEST_AUDIO,
  blobOf,
  cleanFile,
  decodeErrors,
  ffmpeg,
  fileBytes,
  tempDir,
  type Cleaned,
} from '../../helpers/video-tools';
import { corpusFile, describeCorpus } from '../../helpers/corpus';
import { expectNoLeaks } from '../../helpers/leak-oracle';

const MAT2_OGG = corpusFile('mat2', 'dirty.ogg');
/**
 * Longer than one page can hold (255 * 255 bytes), so the comment header spans two pages; the
 * cleaned Opus header alone has one lacing value, so its two pages need padding.
 */
const LONG_COMMENT = `CANARY_LONG_${'x'.repeat(70_000)}`;

let dir = '';
const at = (name: string) => join(dir, name);
const cleaned: Record<string, Cleaned> = {};

/** The header pages are rebuilt; every page after them must be byte-for-byte the input's. */
function expectAudioPagesUntouched(
  input: Uint8Array,
  output: Uint8Array,
): void {
  const before = oggPages(input);
  const after = oggPages(output);
  expect(after.map((p) => p.sequence)).toEqual(before.map((p) => p.sequence));
  expect(after.every((p) => p.crcValid)).toBe(true);
  const headerPages = before.findIndex((p) => p.granule > 0n);
  expect(after.findIndex((p) => p.granule > 0n)).toBe(headerPages);
  const audioBytes = before.slice(headerPages).reduce((n, p) => n + p.bytes, 0);
  expect(Buffer.from(output.subarray(output.length - audioBytes))).toEqual(
    Buffer.from(input.subarray(input.length - audioBytes)),
  );
}

beforeAll(async () => {
  dir = tempDir('ogg');
  writeTaggedAudio(at('dirty.ogg'), ['-c:a', 'libvorbis']);
  writeTaggedAudio(at('dirty.opus'), ['-c:a', 'libopus']);
  for (const codec of ['libvorbis', 'libopus']) {
    const name = codec === 'libvorbis' ? 'long.ogg' : 'long.opus';
    const args = ['-c:a', codec, '-metadata', `comment=${LONG_COMMENT}`];
    ffmpeg([...TEST_AUDIO, ...args, at(name)]);
  }
  for (const name of ['dirty.ogg', 'dirty.opus', 'long.ogg', 'long.opus'])
    cleaned[name] = await cleanFile(at(name));
});

describe('ogg inspect', () => {
  it('reports the Vorbis comments and the vendor string', async () => {
    const { format, findings } = await inspect(
      blobOf(fileBytes(at('dirty.ogg'))),
    );
    expect(format.id).toBe('ogg');
    const byLabel = new Map(findings.map((f) => [f.label, f]));
    expect(byLabel.get('TITLE')?.value).toBe('CANARY_TITLE');
    expect(byLabel.get('ENCODED_BY')).toMatchObject({
      category: 'author',
      value: 'CANARY_ENCODER',
    });
    expect(byLabel.get('DATE')).toMatchObject({
      category: 'time',
      value: '2021-03-04',
    });
    expect(byLabel.get('vendor')).toMatchObject({
      category: 'software',
      value: 'Lavf59.27.100',
    });
  });

  it('reports the OpusTags comments', async () => {
    const { findings } = await inspect(blobOf(fileBytes(at('dirty.opus'))));
    expect(findings.find((f) => f.label === 'ARTIST')?.value).toBe(
      'CANARY_ARTIST',
    );
  });
});

describe.each(['dirty.ogg', 'dirty.opus', 'long.ogg', 'long.opus'])(
  'ogg clean %s',
  (name) => {
    it('leaves no canary and no encoder name in any layer', () => {
      const planted = name.startsWith('long')
        ? ['CANARY_LONG']
        : AUDIO_CANARIES;
      expectNoLeaks(fileBytes(at(name)), cleaned[name]!.bytes, [
        ...planted,
        'Lavf',
        'Lavc',
      ]);
    });

    it('rebuilds only the header pages, with valid checksums and the same sequence numbers', () => {
      expectAudioPagesUntouched(fileBytes(at(name)), cleaned[name]!.bytes);
    });

    it('leaves nothing identifying for exiftool and ffprobe', () => {
      expect(audioLeftovers(at(name))).not.toEqual([]);
      expect(audioLeftovers(cleaned[name]!.path)).toEqual([]);
      expect(ffprobeTags(at(name))).not.toEqual([]);
      expect(ffprobeTags(cleaned[name]!.path)).toEqual([]);
    });

    it('keeps identical decoded samples and plays without errors', () => {
      expect(audioHash(cleaned[name]!.path)).toBe(audioHash(at(name)));
      expect(decodeErrors(cleaned[name]!.path)).toBe('');
    });
  },
);

describeCorpus('ogg corpus', () => {
  it('cleans the mat2 sample', async () => {
    copyFileSync(MAT2_OGG, at('mat2.ogg'));
    const mat2 = await cleanFile(at('mat2.ogg'));
    expect(audioLeftovers(MAT2_OGG)).not.toEqual([]);
    expect(mat2.result.removed.map((f) => f.value)).toContain('jvoisin');
    expect(audioLeftovers(mat2.path)).toEqual([]);
    expect(oggPages(mat2.bytes).every((p) => p.crcValid)).toBe(true);
    expect(audioHash(mat2.path)).toBe(audioHash(MAT2_OGG));
  });
});

describe('ogg appended tags', () => {
  it('drops an ID3v1 tag some taggers append after the last page', async () => {
    const ogg = fileBytes(at('dirty.ogg'));
    const input = new Uint8Array(
      Buffer.concat([ogg, id3v1Tag('CANARY_V1_TITLE', '')]),
    );
    const result = await cleanPlan(blobOf(input));
    expect(result.removed.map((f) => f.value)).toContain('CANARY_V1_TITLE');
    expect(result.plan.at(-1)).toMatchObject({ kind: 'copy', end: ogg.length });
  });
});

describe('ogg hostile input', () => {
  const rejects = (bytes: Uint8Array, code: string) =>
    expect(cleanPlan(blobOf(bytes))).rejects.toMatchObject({ code });

  it('rejects a truncated file', async () => {
    await rejects(fileBytes(at('dirty.ogg')).subarray(0, 200), 'corrupt');
  });

  it('rejects a comment count larger than its packet', async () => {
    const bytes = fileBytes(at('dirty.opus'));
    const tags = Buffer.from(bytes).indexOf('OpusTags');
    const vendorLength = Buffer.from(bytes).readUInt32LE(tags + 8);
    bytes.set([0xff, 0xff, 0xff, 0x7f], tags + 12 + vendorLength);
    await rejects(bytes, 'corrupt');
  });

  it('rejects chained streams, whose later comment headers it does not clean', async () => {
    const opus = fileBytes(at('dirty.opus'));
    const other = Buffer.from(opus);
    const serial = other.readUInt32LE(14);
    for (const page of oggPages(new Uint8Array(other)))
      other.writeUInt32LE((serial ^ 1) >>> 0, page.offset + 14);
    await rejects(new Uint8Array(Buffer.concat([opus, other])), 'unsupported');
  });

  it('rejects a stream that is neither Vorbis nor Opus', async () => {
    const bytes = fileBytes(at('dirty.opus'));
    bytes.set(Buffer.from('NotOpus!'), 28);
    await rejects(bytes, 'unsupported');
  });
});
