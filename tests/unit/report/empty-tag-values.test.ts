/**
 * A tag that is there and holds nothing reads "<field>: empty" in the terminal (and so on the
 * site, which shares the rows and value words), in every tag format the engine reads, never
 * "1 detail": ID3v2, APEv2, Vorbis comments, RIFF INFO, ASF, Matroska tags, EPUB and PDF Info.
 * Each file is checked with an independent reader first (exiftool sees the empty tag, or unzip
 * the empty element), then the engine's finding is checked to carry the empty value `''` that
 * `--json` prints, and the clean copy to hold the tag no more.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8, strToU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { findingLines } from '../../../cli/report-words';
import { clean, type Finding } from '../../../workers/engine/index';
import { apeTag, id3v2Tag } from '../../helpers/audio-tags';
import { exiftoolTags } from '../../helpers/exiftool';
import { tempDir } from '../../helpers/image-tools';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import { gpsJpeg } from '../../helpers/office-fixtures';
import { syntheticEpub } from '../../helpers/odf-fixtures';
import { buildPdf } from '../../helpers/pdf-fixtures';
import { TEST_AUDIO, ffmpeg } from '../../helpers/video-tools';

const ARTIST = 'CANARY_ARTIST';
/** A tag value ffmpeg writes, overwritten with NULs of the same length: a string of nothing. */
const FILLER = 'QQQQQQQQ';

let dir: string;
beforeAll(() => {
  dir = tempDir('empty-tags');
});

function replaced(bytes: Uint8Array, from: Uint8Array, to: Uint8Array) {
  const buffer = Buffer.from(bytes);
  const at = buffer.indexOf(from);
  expect(at).toBeGreaterThan(0);
  buffer.set(to, at);
  return new Uint8Array(buffer);
}

/** One second of tone made by ffmpeg with `args`, then patched in place by `patch`. */
function audio(
  name: string,
  args: readonly string[],
  patch: (bytes: Uint8Array) => Uint8Array = (b) => b,
): string {
  const path = join(dir, name);
  ffmpeg([...TEST_AUDIO, ...args, '-metadata', `artist=${ARTIST}`, path]);
  writeFileSync(path, patch(readFileSync(path)));
  return path;
}

function blanked(bytes: Uint8Array, text: Uint8Array): Uint8Array {
  return replaced(bytes, text, new Uint8Array(text.length));
}

const ascii = (s: string) => new Uint8Array(Buffer.from(s, 'latin1'));
const utf16 = (s: string) => new Uint8Array(Buffer.from(s, 'utf16le'));

/** An MP3 with no tags of its own, behind the given tag (or before it, for APE). */
function mp3With(name: string, tag: Uint8Array, at: 'head' | 'tail'): string {
  const plain = join(dir, `plain-${name}`);
  ffmpeg([...TEST_AUDIO, '-map_metadata', '-1', '-c:a', 'libmp3lame', plain]);
  const bytes = readFileSync(plain);
  const path = join(dir, name);
  writeFileSync(
    path,
    at === 'head' ? Buffer.concat([tag, bytes]) : Buffer.concat([bytes, tag]),
  );
  return path;
}

interface Case {
  readonly format: string;
  /** The file, as a path exiftool can read. */
  readonly make: () => string;
  /** The empty tag as exiftool names it (`Group:Tag`). */
  readonly tag: string;
  /** The engine's label of the empty field, and its words in the terminal. */
  readonly label: string;
  readonly words: string;
}

const CASES: readonly Case[] = [
  {
    format: 'ID3v2 (MP3)',
    make: () =>
      mp3With(
        'id3.mp3',
        id3v2Tag(3, [
          ['TIT2', ''],
          ['TPE1', ARTIST],
        ]),
        'head',
      ),
    tag: 'ID3v2_3:Title',
    label: 'TIT2',
    words: 'Title',
  },
  {
    format: 'APEv2 (MP3)',
    make: () =>
      mp3With(
        'ape.mp3',
        apeTag([
          ['Title', ''],
          ['Artist', ARTIST],
        ]),
        'tail',
      ),
    tag: 'APE:Title',
    label: 'Title',
    words: 'Title',
  },
  {
    format: 'Vorbis comment (FLAC)',
    // "TITL=X" renamed in place to "TITLE=": the entry's length is unchanged.
    make: () =>
      audio('vorbis.flac', ['-c:a', 'flac', '-metadata', 'TITL=X'], (b) =>
        replaced(b, ascii('TITL=X'), ascii('TITLE=')),
      ),
    tag: 'Vorbis:Title',
    label: 'TITLE',
    words: 'Title',
  },
  {
    format: 'RIFF INFO (WAV)',
    make: () =>
      audio('info.wav', ['-metadata', `title=${FILLER}`], (b) =>
        blanked(b, ascii(FILLER)),
      ),
    tag: 'RIFF:Title',
    label: 'INAM',
    words: 'Title',
  },
  {
    format: 'ASF (WMA)',
    make: () =>
      audio(
        'asf.wma',
        ['-c:a', 'wmav2', '-metadata', `comment=${FILLER}`],
        (b) => blanked(b, utf16(FILLER)),
      ),
    tag: 'ASF:Description',
    label: 'Description',
    words: 'Description',
  },
  {
    format: 'Matroska tags (MKA)',
    make: () =>
      audio(
        'tags.mka',
        ['-c:a', 'flac', '-write_crc32', '0', '-metadata', `comment=${FILLER}`],
        (b) => blanked(b, ascii(FILLER)),
      ),
    tag: 'Matroska:Comment',
    label: 'COMMENT',
    words: 'Comment',
  },
  {
    format: 'PDF Info',
    make: () => {
      const path = join(dir, 'info.pdf');
      writeFileSync(
        path,
        buildPdf(
          new Map([
            [1, '<< /Type /Catalog /Pages 2 0 R >>'],
            [2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>'],
            [3, '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 10 10] >>'],
            [4, `<< /Title () /Author (${ARTIST}) >>`],
          ]),
          '/Root 1 0 R /Info 4 0 R',
        ),
      );
      return path;
    },
    tag: 'PDF:Title',
    label: 'Title',
    words: 'Title',
  },
];

async function removedOf(bytes: Uint8Array, name: string) {
  const out = await clean(new Blob([bytes as Uint8Array<ArrayBuffer>]), {
    name,
  });
  return {
    removed: out.removed,
    output: new Uint8Array(await out.blob.arrayBuffer()),
  };
}

const emptyOne = (removed: readonly Finding[], label: string) =>
  removed.filter((f) => f.label === label);

describe('an empty tag', () => {
  it.each(CASES)(
    'in $format reads "<field>: empty", its value is "" and it is gone',
    async ({ make, tag, label, words }) => {
      const path = make();
      const before = exiftoolTags(path);
      expect(before[tag]).toBe('');
      expect(JSON.stringify(before)).toContain(ARTIST);

      const input = readFileSync(path);
      const { removed, output } = await removedOf(input, path);
      expect(emptyOne(removed, label).map((f) => f.value)).toEqual(['']);
      expect(findingLines(removed, 'audio').join('\n')).toMatch(
        new RegExp(`^ {6}${words}: empty$`, 'm'),
      );
      expect(findingLines(removed, 'audio').join('\n')).not.toMatch(
        new RegExp(`^ {6}${words}: \\d+ details?$`, 'm'),
      );

      const copy = join(dir, `cleaned-${label}-${path.split('/').pop()}`);
      writeFileSync(copy, output);
      expect(Object.keys(exiftoolTags(copy))).not.toContain(tag);
      expectNoLeaks(input, output, [ARTIST]);
    },
  );
});

describe('an empty EPUB metadata element', () => {
  it('reads "Organization: empty" and is gone from the package', async () => {
    const jpeg = gpsJpeg(dir);
    const base = syntheticEpub(jpeg);
    const opf = strFromU8(unzipSync(base)['OEBPS/content.opf']!).replace(
      /<dc:publisher>[^<]*<\/dc:publisher>/,
      '<dc:publisher></dc:publisher>',
    );
    const input = syntheticEpub(jpeg, { 'OEBPS/content.opf': strToU8(opf) });
    const path = join(dir, 'book.epub');
    writeFileSync(path, input);
    const read = (file: string) =>
      execFileSync('unzip', ['-p', file, 'OEBPS/content.opf'], {
        encoding: 'utf8',
      });
    expect(read(path)).toContain('<dc:publisher></dc:publisher>');

    const { removed, output } = await removedOf(input, 'book.epub');
    expect(emptyOne(removed, 'dc:publisher').map((f) => f.value)).toEqual(['']);
    expect(findingLines(removed, 'document')).toContain(
      '      Organization: empty',
    );
    const copy = join(dir, 'cleaned-book.epub');
    writeFileSync(copy, output);
    expect(read(copy)).not.toContain('dc:publisher');
  });
});
