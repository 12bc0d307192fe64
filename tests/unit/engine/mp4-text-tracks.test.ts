/**
 * Text tracks in MP4 and MOV: a drone's flight log written as subtitles goes in place (its track
 * freed, its samples zeroed, the size unchanged), ordinary subtitles and chapter titles stay and
 * are reported for review. Fixtures are made by ffmpeg from SRT files; ffmpeg, ffprobe, exiftool
 * and the leak oracle read the result.
 */
import { copyFileSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Finding } from '../../../workers/engine/findings';
import { inspect } from '../../../workers/engine/index';
import { runCli } from '../../helpers/cli-run';
import { expectNoLeaks, type Canary } from '../../helpers/leak-oracle';
import {
  DATED_CHAPTER,
  FLIGHT,
  SUBTITLE_LINES,
  chapterTitles,
  djiGpsSrt,
  djiLabelledSrt,
  everyStreamText,
  exiftoolEmbedded,
  subtitleStreams,
  textTrackMovie,
  videoHash,
} from '../../helpers/text-track-fixtures';
import {
  blobOf,
  cleanFile,
  decodeErrors,
  fileBytes,
  tempDir,
  type Cleaned,
} from '../../helpers/video-tools';

const FLIGHT_TEXTS = [...FLIGHT.firstText, ...FLIGHT.lastText, FLIGHT.time];
/** exiftool -ee reads the samples a moov lists, not those of fragments. */
const FRAGMENTED = 'fragmented.mp4';
const canariesFor = (name: string): readonly Canary[] =>
  name === FRAGMENTED ? FLIGHT_TEXTS : [...FLIGHT_TEXTS, FLIGHT.first];
const ORDINARY = (language: 'eng' | 'por') => ({
  srt: `1\n00:00:00,000 --> 00:00:01,500\n${SUBTITLE_LINES[language]}\n`,
  language,
});

interface Case {
  readonly input: string;
  cleaned?: Cleaned;
}

let dir: string;
const cases: Record<string, Case> = {};

beforeAll(async () => {
  dir = tempDir('text-tracks');
  const log = {
    srt: djiLabelledSrt(),
    language: 'eng',
    handler: 'DJI.Subtitle',
  };
  cases['labelled.mp4'] = { input: textTrackMovie(dir, 'labelled.mp4', [log]) };
  cases['gps.mov'] = {
    input: textTrackMovie(
      dir,
      'gps.mov',
      [{ srt: djiGpsSrt(), language: 'und' }],
      true,
    ),
  };
  cases[FRAGMENTED] = {
    input: textTrackMovie(dir, FRAGMENTED, [log], false, [
      ...['-movflags', 'frag_keyframe+empty_moov'],
    ]),
  };
  cases['mixed.mp4'] = {
    input: textTrackMovie(dir, 'mixed.mp4', [log, ORDINARY('eng')]),
  };
  cases['ordinary.mp4'] = {
    input: textTrackMovie(dir, 'ordinary.mp4', [
      ORDINARY('eng'),
      ORDINARY('por'),
    ]),
  };
  for (const c of Object.values(cases)) c.cleaned = await cleanFile(c.input);
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const cleanedOf = (name: string) => cases[name]!.cleaned!;
const withField = (findings: readonly Finding[], field: string) =>
  findings.filter((f) => f.field === field);

describe.each(['labelled.mp4', 'gps.mov', FRAGMENTED, 'mixed.mp4'])(
  'a flight log in %s',
  (name) => {
    it('is read by ffmpeg and exiftool in the input', () => {
      const { input } = cases[name]!;
      const text = subtitleStreams(input).join('\n');
      for (const canary of FLIGHT_TEXTS) expect(text).toContain(canary);
      if (name !== FRAGMENTED)
        expect(exiftoolEmbedded(input)).toContain(FLIGHT.firstText[0]);
    });

    it('is gone from every stream and from exiftool', () => {
      const { path } = cleanedOf(name);
      const subtitles = subtitleStreams(path).join('\n');
      const streams = everyStreamText(path);
      const embedded = exiftoolEmbedded(path);
      for (const canary of FLIGHT_TEXTS) {
        expect(subtitles).not.toContain(canary);
        expect(streams).not.toContain(canary);
        expect(embedded).not.toContain(canary);
      }
      expect(subtitles).not.toMatch(/\d{1,3}\.\d{4,}/);
    });

    it('leaves no canary for the leak oracle', () => {
      expectNoLeaks(
        fileBytes(cases[name]!.input),
        cleanedOf(name).bytes,
        canariesFor(name),
      );
    });

    it('is reported with its first and last position and its time', () => {
      const { removed } = cleanedOf(name).result;
      expect(withField(removed, 'gps.track-log').map((f) => f.value)).toEqual([
        `${FLIGHT.first.lat}, ${FLIGHT.first.lon}`,
        `${FLIGHT.last.lat}, ${FLIGHT.last.lon}`,
      ]);
      expect(withField(removed, 'time.taken').map((f) => f.value)).toContain(
        '2024-03-01T09:14:22.123',
      );
    });

    it('goes in place: same size, same video, and the movie plays', () => {
      const { input } = cases[name]!;
      const cleaned = cleanedOf(name);
      expect(cleaned.inPlace).toBe(true);
      expect(cleaned.bytes.length).toBe(readFileSync(input).length);
      expect(videoHash(cleaned.path)).toBe(videoHash(input));
      expect(decodeErrors(cleaned.path)).toBe('');
    });

    it('leaves nothing removable in the output', async () => {
      const { findings } = await inspect(blobOf(cleanedOf(name).bytes));
      expect(findings.filter((f) => f.kept === undefined)).toEqual([]);
    });
  },
);

describe('ordinary subtitles', () => {
  it('stay, in both languages, and are kept for review', () => {
    const { input } = cases['ordinary.mp4']!;
    const { path, result } = cleanedOf('ordinary.mp4');
    expect(subtitleStreams(path)).toEqual(subtitleStreams(input));
    expect(subtitleStreams(path).join('\n')).toContain(SUBTITLE_LINES.por);
    expect(
      withField(result.kept, 'media.subtitles').map((f) => [f.kept, f.value]),
    ).toEqual([
      ['review', 'eng'],
      ['review', 'por'],
    ]);
    expect(withField(result.removed, 'gps.track-log')).toEqual([]);
  });

  it('stay beside a flight log that goes', () => {
    const { path, result } = cleanedOf('mixed.mp4');
    expect(subtitleStreams(path)).toHaveLength(1);
    expect(subtitleStreams(path)[0]).toContain(SUBTITLE_LINES.eng);
    expect(withField(result.kept, 'media.subtitles')).toHaveLength(1);
  });
});

describe('QuickTime chapters', () => {
  it('stay beside a removed flight log, their dated title kept for review', () => {
    const { input } = cases['gps.mov']!;
    const { path, result } = cleanedOf('gps.mov');
    expect(chapterTitles(input)).toContain(DATED_CHAPTER);
    expect(chapterTitles(path)).toEqual(chapterTitles(input));
    expect(withField(result.kept, 'media.chapters')[0]?.value).toContain(
      DATED_CHAPTER,
    );
    expect(
      withField(result.kept, 'time.date').map((f) => [f.kept, f.value]),
    ).toEqual([['review', '2024-03-01']]);
  });
});

describe('the CLI', () => {
  it('cleans a flight log --in-place, writing what the engine plans', async () => {
    const copy = join(dir, 'in-place.mp4');
    copyFileSync(cases['labelled.mp4']!.input, copy);
    const run = await runCli(['--in-place', copy]);
    expect(run.code, run.stderr).toBe(0);
    expect(fileBytes(copy)).toEqual(cleanedOf('labelled.mp4').bytes);
    expect(subtitleStreams(copy)).toEqual([]);
  });
});
