/**
 * MP4, MOV, M4A, 3GP (ISOBMFF movies): generated with ffmpeg, checked with ffprobe, exiftool and
 * framemd5 after cleaning.
 */
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  openAsBlob,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanPlan, inspect } from '../../../workers/engine';
import {
  CANARY,
  DATE,
  LOCATION_DECIMAL,
  m4aWithCover,
  quickTimeKeysMov,
  rotated,
  taggedMp4,
  threeGp,
  timecodeMov,
  REEL_NAME,
  TIME_OF_DAY,
} from '../../helpers/isobmff-fixtures';
import {
  cleanFile,
  type Cleaned,
  expectReadGone,
  fileBytes,
  decodeErrors,
  exiftool,
  ffprobe,
  framemd5,
  tempDir,
} from '../../helpers/video-tools';
import { CORPUS_DIR, corpusFile, itCorpus } from '../../helpers/corpus';
import { expectNoLeaks, type Canary } from '../../helpers/leak-oracle';

const MAT2_MP4 = corpusFile('mat2', 'dirty.mp4');
/** exiftool tags that name a person, a place, a device or a moment. */
const IDENTIFYING_TAGS =
  /"[^"]*:(Title|Artist|Album|Comment|Encoder|GPS\w*|Make|Model|Software|CoverArt|LocationInformation|CreationDate)"/;
/** Any date but the file system's own and the formats' zero epochs. */
const NON_ZERO_DATE =
  /"(?!System:)[\w-]+:\w*Date": "(?!0000:00:00 00:00:00)(?!1904:01:01)(?!1970:01:01)/;
/** The udta `loci` box stores degrees as 16.16 fixed point, so the last decimals drift. */
/** The planted date as every reader writes its day. */
const DATE_TEXT = DATE.slice(0, 10);
/** The planted location, compared by value. */
const PLACE = { lat: 48.8584, lon: 2.2945 };
const LOCI_DECIMAL = /^48\.858\d+, 2\.294\d+$/;

const MOVIE_CANARIES: readonly Canary[] = [
  CANARY.title,
  CANARY.artist,
  CANARY.comment,
  DATE_TEXT,
  PLACE,
];
/** The canaries each fixture holds (isobmff-fixtures plants them); the corpus file holds none. */
const PLANTED: Record<string, readonly Canary[]> = {
  faststart: MOVIE_CANARIES,
  moovAtEnd: MOVIE_CANARIES,
  fragmented: MOVIE_CANARIES,
  // ffmpeg's re-mux with a display matrix writes no creation time.
  rotated: MOVIE_CANARIES.filter((c) => c !== DATE_TEXT),
  threeGp: MOVIE_CANARIES,
  timecode: [...MOVIE_CANARIES, TIME_OF_DAY, REEL_NAME],
  keysMov: [CANARY.make, CANARY.model, CANARY.software, DATE_TEXT, PLACE],
  m4a: [CANARY.title, CANARY.artist, CANARY.album],
  mat2: [],
};
/** ffprobe tags a cleaned movie must not show; each is shown for the input first. */
const PROBED_TAGS = [/creation_time/, /encoder/, /handler_name/, /Lavf|Lavc/];
/**
 * Where a fixture's input shows fewer of them: ffmpeg's 3GP muxer writes no encoder tag, its
 * re-mux and the M4A no creation time.
 */
const UNDATED = [/encoder/, /handler_name/, /Lavf|Lavc/];
const PROBED: Record<string, readonly RegExp[]> = {
  threeGp: [/creation_time/, /handler_name/],
  rotated: UNDATED,
  m4a: UNDATED,
  mat2: [/creation_time/, /encoder/, /HandBrake/],
};
/** exiftool readings a cleaned movie must not show; the M4A and the re-mux hold no date. */
const EXIFTOOL_PATTERNS = [IDENTIFYING_TAGS, NON_ZERO_DATE];
const EXIFTOOL_READ: Record<string, readonly RegExp[]> = {
  m4a: [IDENTIFYING_TAGS],
  rotated: [IDENTIFYING_TAGS],
};

function audioMd5(path: string): string {
  return execFileSync(
    'ffmpeg',
    ['-v', 'error', '-i', path, '-map', '0:a', '-f', 'md5', '-'],
    {
      encoding: 'utf8',
    },
  );
}

const cleaned = new Map<string, Promise<Cleaned>>();
/** Each fixture is cleaned once; the tests share the output. */
function cleanedOnce(input: string): Promise<Cleaned> {
  if (!cleaned.has(input)) cleaned.set(input, cleanFile(input));
  return cleaned.get(input)!;
}

let dir: string;
const files: Record<string, string> = {};

beforeAll(() => {
  dir = tempDir('isobmff-mp4');
  files.faststart = taggedMp4(dir, 'faststart.mp4', [
    '-movflags',
    '+faststart',
  ]);
  files.moovAtEnd = taggedMp4(dir, 'moov-at-end.mp4', []);
  files.fragmented = taggedMp4(dir, 'fragmented.mp4', [
    '-movflags',
    'frag_keyframe+empty_moov',
  ]);
  files.keysMov = quickTimeKeysMov(dir);
  files.rotated = rotated(dir, files.moovAtEnd);
  files.m4a = m4aWithCover(dir);
  files.threeGp = threeGp(dir);
  files.timecode = timecodeMov(dir);
  if (CORPUS_DIR) {
    files.mat2 = join(dir, 'dirty.mp4');
    copyFileSync(MAT2_MP4, files.mat2);
  }
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.each([
  'faststart',
  'moovAtEnd',
  'fragmented',
  'keysMov',
  'rotated',
  'm4a',
  'threeGp',
  'timecode',
  ...(CORPUS_DIR ? ['mat2'] : []),
])('%s', (name) => {
  it('cleans in place (same size) unless free space is left out, no canary, nothing identifying for exiftool or ffprobe', async () => {
    const input = files[name]!;
    const { bytes, path, inPlace, result } = await cleanedOnce(input);
    // mat2's file holds top-level free boxes with contents, which a copy leaves out.
    expect(inPlace).toBe(name !== 'mat2');
    expect(result.removed.length).toBeGreaterThan(0);
    expectNoLeaks(fileBytes(input), bytes, PLANTED[name]!);
    expectReadGone(
      exiftool,
      input,
      path,
      EXIFTOOL_READ[name] ?? EXIFTOOL_PATTERNS,
    );
    expectReadGone(ffprobe, input, path, PROBED[name] ?? PROBED_TAGS);
  });

  it('keeps every decoded frame and plays clean', async () => {
    const input = files[name]!;
    const { path } = await cleanedOnce(input);
    // The M4A's cover art is an attached picture stream: it goes with the metadata.
    const digest = name === 'm4a' ? audioMd5 : framemd5;
    expect(digest(path)).toBe(digest(input));
    expect(decodeErrors(path)).toBe('');
  });
});

// Without a corpus the mat2 file's block above is absent: a skipped test, counted, stands for it.
if (!CORPUS_DIR)
  itCorpus('mat2/dirty.mp4 is cleaned like the planted files', () => {});

describe('findings', () => {
  it('reports udta location as decimal degrees, dates as ISO 8601 and iTunes text', async () => {
    const { findings } = await inspect(await openAsBlob(files.faststart!));
    expect(findings).toContainEqual(
      expect.objectContaining({
        category: 'location',
        value: expect.stringMatching(LOCI_DECIMAL),
      }),
    );
    expect(findings).toContainEqual(
      expect.objectContaining({
        category: 'time',
        label: 'creation_time',
        location: 'moov/mvhd',
        value: '2021-04-11T15:47:53.000Z',
      }),
    );
    expect(findings).toContainEqual(
      expect.objectContaining({
        category: 'author',
        label: '\u00a9ART',
        value: CANARY.artist,
      }),
    );
    expect(findings).toContainEqual(
      expect.objectContaining({ category: 'comment', value: CANARY.comment }),
    );
  });

  it('reports QuickTime keys: ISO 6709 location, make, model, software, creation date', async () => {
    const { findings, format } = await inspect(
      await openAsBlob(files.keysMov!),
    );
    expect(format.id).toBe('mov');
    const byLabel = (key: string) =>
      findings.find((f) => f.label === `com.apple.quicktime.${key}`);
    expect(byLabel('location.ISO6709')).toMatchObject({
      category: 'location',
      value: LOCATION_DECIMAL,
    });
    expect(byLabel('make')).toMatchObject({
      category: 'device',
      value: CANARY.make,
    });
    expect(byLabel('model')).toMatchObject({
      category: 'device',
      value: CANARY.model,
    });
    expect(byLabel('software')).toMatchObject({
      category: 'software',
      value: CANARY.software,
    });
    expect(byLabel('creationdate')).toMatchObject({ category: 'time' });
  });

  it('reports cover art as a thumbnail and sniffs M4A as audio/mp4', async () => {
    const { findings, format } = await inspect(await openAsBlob(files.m4a!));
    expect(format).toMatchObject({
      id: 'mp4',
      mime: 'audio/mp4',
      extension: 'm4a',
    });
    expect(findings).toContainEqual(
      expect.objectContaining({ category: 'thumbnail', label: 'covr' }),
    );
    expect(findings).toContainEqual(
      expect.objectContaining({ value: CANARY.album }),
    );
  });

  it('sniffs 3GP with its own MIME type', async () => {
    const { format } = await inspect(await openAsBlob(files.threeGp!));
    expect(format).toMatchObject({
      id: 'mp4',
      mime: 'video/3gpp',
      extension: '3gp',
    });
  });

  it('zeroes a time-of-day timecode and reports it as a time', async () => {
    expect(ffprobe(files.timecode!)).toContain(TIME_OF_DAY);
    const { path, result } = await cleanedOnce(files.timecode!);
    expect(result.removed).toContainEqual(
      expect.objectContaining({ category: 'time', label: 'tmcd' }),
    );
    expect(ffprobe(path)).not.toContain(TIME_OF_DAY);
  });

  it('blanks the reel name in the timecode entry and reports it as an identifier', async () => {
    expect(ffprobe(files.timecode!)).toContain(REEL_NAME);
    expect(exiftool(files.timecode!)).toContain(REEL_NAME);
    const { path, result } = await cleanedOnce(files.timecode!);
    expect(result.removed).toContainEqual(
      expect.objectContaining({ category: 'identifier', label: 'tmcd name' }),
    );
    expect(ffprobe(path)).not.toContain(REEL_NAME);
    expect(exiftool(path)).not.toContain(REEL_NAME);
  });

  it('cleans a timecode entry whose bytes after its fields are no atoms, as before', async () => {
    // A camera's odd entry end is kept as it always was: the file is not called damaged.
    const bytes = readFileSync(files.timecode!);
    const entry = bytes.indexOf('tmcd', bytes.indexOf('stsd'));
    const name = bytes.indexOf('name', entry);
    expect(entry).toBeGreaterThan(0);
    expect(name).toBeGreaterThan(entry);
    bytes.writeUInt32BE(0x7fff_fff0, name - 4);
    const odd = join(dir, 'timecode-odd.mov');
    writeFileSync(odd, bytes);
    const { path, result } = await cleanFile(odd);
    expect(result.removed).toContainEqual(
      expect.objectContaining({ category: 'time', label: 'tmcd' }),
    );
    expect(ffprobe(path)).not.toContain(TIME_OF_DAY);
  });

  it('keeps the rotation matrix and says so', async () => {
    const { kept } = await cleanPlan(await openAsBlob(files.rotated!));
    expect(kept).toContainEqual(
      expect.objectContaining({ kept: 'orientation', label: 'tkhd matrix' }),
    );
    const { path } = await cleanedOnce(files.rotated!);
    expect(ffprobe(path)).toMatch(/"rotation": -?90/);
  });

  it('finds nothing removable in its own output', async () => {
    const { path } = await cleanedOnce(files.keysMov!);
    const { findings } = await inspect(await openAsBlob(path));
    expect(findings.filter((f) => !f.kept)).toEqual([]);
  });
});
