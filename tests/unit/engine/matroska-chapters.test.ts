/**
 * Matroska chapters stay (they are how a viewer moves through the film) and their titles are
 * listed for review; an element the format does not define at the Segment's level is voided.
 * Fixtures are made by ffmpeg; ffprobe reads the chapters before and after.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { inspect } from '../../../workers/engine/index';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import {
  blobOf,
  cleanFile,
  ffmpeg,
  TEST_VIDEO,
  tempDir,
} from '../../helpers/video-tools';

const TITLE = 'Lunch at Casa Mariana 2024-03-01';
const CANARY = 'CANARYLEVEL1xq';
let movie = '';

const chapterTitles = (path: string): string[] =>
  (
    JSON.parse(
      execFileSync(
        'ffprobe',
        ['-v', 'error', '-show_chapters', '-of', 'json', path],
        { encoding: 'utf8' },
      ),
    ) as { chapters: { tags?: { title?: string } }[] }
  ).chapters.map((c) => c.tags?.title ?? '');

beforeAll(() => {
  const dir = tempDir('metaclean-mkv-chapters');
  const meta = join(dir, 'chapters.txt');
  writeFileSync(
    meta,
    `;FFMETADATA1\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=0\nEND=500\ntitle=${TITLE}\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=500\nEND=1000\ntitle=Second part\n`,
  );
  movie = join(dir, 'chapters.mkv');
  ffmpeg([
    ...TEST_VIDEO,
    '-i',
    meta,
    '-map',
    '0:v',
    '-map_chapters',
    '1',
    '-t',
    '1',
    '-c:v',
    'mpeg4',
    movie,
  ]);
});

/** The file with its level-1 Void turned into an element no Matroska spec defines. */
function withUnknownLevel1(bytes: Uint8Array): Uint8Array {
  const out = bytes.slice();
  // ffmpeg reserves room after the SeekHead with a Void whose size is an 8-byte vint (0x01 ...).
  const at = out.findIndex((b, i) => b === 0xec && out[i + 1] === 0x01);
  expect(at).toBeGreaterThan(0);
  const size = new DataView(out.buffer).getUint32(at + 5);
  expect(size).toBeGreaterThan(CANARY.length);
  out[at] = 0xeb; // not an element of RFC 9559
  out.set(new TextEncoder().encode(CANARY), at + 9);
  return out;
}

describe('Matroska chapters and unknown elements', () => {
  it('keeps the chapters and lists their titles and dates for review', async () => {
    expect(chapterTitles(movie)).toEqual([TITLE, 'Second part']);
    const { findings } = await inspect(blobOf(readFileSync(movie)));
    const chapters = findings.find((f) => f.field === 'media.chapters');
    expect(chapters?.kept).toBe('review');
    expect(chapters?.value).toContain('Casa Mariana');
    expect(
      findings.some((f) => f.field === 'time.date' && f.value === '2024-03-01'),
    ).toBe(true);

    const cleaned = await cleanFile(movie);
    expect(chapterTitles(cleaned.path)).toEqual([TITLE, 'Second part']);
    expect(cleaned.bytes.length).toBe(readFileSync(movie).length);
  });

  it('voids an element the format does not define at the Segment level', async () => {
    const input = withUnknownLevel1(new Uint8Array(readFileSync(movie)));
    const path = join(tempDir('metaclean-mkv-unknown'), 'unknown.mkv');
    writeFileSync(path, input);
    const { findings } = await inspect(blobOf(input));
    expect(findings.map((f) => f.label)).toContain('element 0xeb');
    const cleaned = await cleanFile(path);
    expectNoLeaks(input, cleaned.bytes, [CANARY]);
    expect(chapterTitles(cleaned.path)).toEqual([TITLE, 'Second part']);
  });
});
