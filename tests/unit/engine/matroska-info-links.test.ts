/**
 * Segment Info keeps only what a player needs (TimestampScale, Duration): the UUIDs that link a
 * segment to the recording's others (SegmentFamily, PrevUUID, NextUUID), ChapterTranslate and any
 * child no spec names are voided; a chapter's ChapProcess (a menu system's data and commands) and
 * a child an edition, an atom or a display may not hold are voided while the chapter stays. The file is built by hand; ffprobe and Node's CRC-32 check it.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import {
  ebmlHeader,
  element,
  verifyLevel1Crcs,
} from '../../helpers/video-ebml';
import {
  cleanFile,
  decodeErrors,
  fileBytes,
  tempDir,
  type Cleaned,
} from '../../helpers/video-tools';

const CANARIES = {
  family: 'CANARY_FAMILY_01',
  prev: 'CANARY_PREVUUID1',
  next: 'CANARY_NEXTUUID1',
  translate: 'CANARY_TRANSLATE',
  unknown: 'CANARY_UNKNOWN_INFO',
  process: 'CANARY_CHAP_PROCESS',
  command: 'CANARY_CHAP_COMMAND',
  edition: 'CANARY_EDITION_CHILD',
  editionName: 'CANARY_EDITION_NAME_CHILD',
  atom: 'CANARY_ATOM_CHILD',
  display: 'CANARY_DISPLAY_CHILD',
} as const;
const SAMPLE_RATE = 8000;
const SAMPLES = 400;

const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));
const uint = (value: number) => Uint8Array.of(value);
const float = (value: number) => {
  const b = Buffer.alloc(4);
  b.writeFloatBE(value);
  return new Uint8Array(b);
};

/** A master whose first child is a CRC-32 of the others (RFC 8794 11.3.1). */
function withCrc(idHex: string, ...children: Uint8Array[]): Uint8Array {
  const rest = Buffer.concat(children);
  const crc = Buffer.alloc(4);
  crc.writeUInt32LE(crc32(rest));
  return element(idHex, element('bf', crc), rest);
}

function linkedMovie(): Uint8Array {
  const info = withCrc(
    '1549a966',
    element('2ad7b1', Uint8Array.of(0x0f, 0x42, 0x40)),
    element('4444', bytes(CANARIES.family)),
    element('3cb923', bytes(CANARIES.prev)),
    element('3eb923', bytes(CANARIES.next)),
    element(
      '6924',
      element('69fc', uint(1)),
      element('69a5', bytes(CANARIES.translate)),
    ),
    element('5a5a', bytes(CANARIES.unknown)),
  );
  const tracks = element(
    '1654ae6b',
    element(
      'ae',
      element('d7', uint(1)),
      element('73c5', uint(1)),
      element('83', uint(2)),
      element('86', bytes('A_PCM/INT/LIT')),
      element(
        'e1',
        element('b5', float(SAMPLE_RATE)),
        element('9f', uint(1)),
        element('6264', uint(16)),
      ),
    ),
  );
  const chapters = withCrc(
    '1043a770',
    element(
      '45b9',
      element('5a5b', bytes(CANARIES.edition)),
      element(
        '4520',
        element('4521', bytes('Main')),
        element('5a5e', bytes(CANARIES.editionName)),
      ),
      element(
        'b6',
        element('73c4', uint(7)),
        element('91', uint(0)),
        element('5a5c', bytes(CANARIES.atom)),
        element(
          '80',
          element('85', bytes('Opening')),
          element('437c', bytes('eng')),
          element('5a5d', bytes(CANARIES.display)),
        ),
        element(
          '6944',
          element('6955', uint(0)),
          element('450d', bytes(CANARIES.process)),
          element(
            '6911',
            element('6922', uint(1)),
            element('6933', bytes(CANARIES.command)),
          ),
        ),
      ),
    ),
  );
  const pcm = new Uint8Array(SAMPLES * 2).map((_, i) => (i * 37) & 0xff);
  const cluster = element(
    '1f43b675',
    element('e7', uint(0)),
    element('a3', Uint8Array.of(0x81, 0, 0, 0x80), pcm),
  );
  return new Uint8Array(
    Buffer.concat([
      ebmlHeader(),
      element('18538067', info, tracks, chapters, cluster),
    ]),
  );
}

const audioMd5 = (path: string) =>
  execFileSync('ffmpeg', ['-v', 'error', '-i', path, '-f', 'md5', '-'], {
    encoding: 'utf8',
  });
const chapterTitles = (path: string) =>
  execFileSync(
    'ffprobe',
    [
      '-v',
      'error',
      '-show_entries',
      'chapter_tags=title',
      '-of',
      'csv=p=0',
      path,
    ],
    { encoding: 'utf8' },
  ).trim();

let input = '';
let cleaned: Cleaned;

beforeAll(async () => {
  input = join(tempDir('mkv-info-links'), 'linked.mkv');
  writeFileSync(input, linkedMovie());
  cleaned = await cleanFile(input);
});

describe('Matroska Segment Info and ChapProcess', () => {
  it('voids the linking UUIDs, ChapterTranslate, ChapProcess and an unknown child of Info or of a chapter', () => {
    expect(verifyLevel1Crcs(fileBytes(input))).toBe(2);
    expectNoLeaks(fileBytes(input), cleaned.bytes, Object.values(CANARIES));
    expect(cleaned.inPlace).toBe(true);
  });

  it('reports each, the UUIDs as identifiers', () => {
    const removed = cleaned.result.removed;
    for (const label of ['SegmentFamily', 'PrevUUID', 'NextUUID'])
      expect(removed).toContainEqual(
        expect.objectContaining({ label, category: 'identifier' }),
      );
    for (const label of [
      'ChapterTranslate',
      'element 0x5A5A',
      'ChapProcess',
      'element 0x5A5B',
      'element 0x5A5C',
      'element 0x5A5D',
      'element 0x5A5E',
    ])
      expect(removed).toContainEqual(
        expect.objectContaining({ label, category: 'other' }),
      );
  });

  it('keeps the chapter, the samples and valid CRC-32s', () => {
    expect(verifyLevel1Crcs(cleaned.bytes)).toBe(2);
    expect(chapterTitles(cleaned.path)).toBe('Opening');
    expect(audioMd5(cleaned.path)).toBe(audioMd5(input));
    expect(decodeErrors(cleaned.path)).toBe('');
  });
});
