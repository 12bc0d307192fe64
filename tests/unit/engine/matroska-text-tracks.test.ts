/**
 * Subtitle tracks in Matroska and WebM: a drone's flight log goes in place (its TrackEntry and its
 * blocks voided, the size unchanged), ordinary subtitles stay and are reported for review.
 * Fixtures are made by ffmpeg from SRT files; ffmpeg and the leak oracle read the result.
 */
import { copyFileSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Finding } from '../../../workers/engine/findings';
import { inspect } from '../../../workers/engine/index';
import { runCli } from '../../helpers/cli-run';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import {
  FLIGHT,
  SUBTITLE_LINES,
  djiGpsSrt,
  djiLabelledSrt,
  everyStreamText,
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
  dir = tempDir('mkv-text-tracks');
  const log = { srt: djiLabelledSrt(), language: 'und' };
  cases['mixed.mkv'] = {
    input: textTrackMovie(dir, 'mixed.mkv', [log, ORDINARY('eng')]),
  };
  cases['gps.mkv'] = {
    input: textTrackMovie(dir, 'gps.mkv', [
      { srt: djiGpsSrt(), language: 'und' },
    ]),
  };
  cases['flight.webm'] = { input: textTrackMovie(dir, 'flight.webm', [log]) };
  cases['ordinary.mkv'] = {
    input: textTrackMovie(dir, 'ordinary.mkv', [
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

describe.each(['mixed.mkv', 'gps.mkv', 'flight.webm'])(
  'a flight log in %s',
  (name) => {
    it('is read by ffmpeg in the input', () => {
      const text = subtitleStreams(cases[name]!.input).join('\n');
      for (const canary of FLIGHT_TEXTS) expect(text).toContain(canary);
    });

    it('is gone from every stream and every layer the oracle reads', () => {
      const { path, bytes } = cleanedOf(name);
      const subtitles = subtitleStreams(path).join('\n');
      const streams = everyStreamText(path);
      for (const canary of FLIGHT_TEXTS) {
        expect(subtitles).not.toContain(canary);
        expect(streams).not.toContain(canary);
      }
      expect(subtitles).not.toMatch(/\d{1,3}\.\d{4,}/);
      expectNoLeaks(fileBytes(cases[name]!.input), bytes, FLIGHT_TEXTS);
    });

    it('is reported with its first and last position', () => {
      const { removed } = cleanedOf(name).result;
      expect(withField(removed, 'gps.track-log').map((f) => f.value)).toEqual([
        `${FLIGHT.first.lat}, ${FLIGHT.first.lon}`,
        `${FLIGHT.last.lat}, ${FLIGHT.last.lon}`,
      ]);
    });

    it('goes in place: same size, same video, and the file plays', async () => {
      const { input } = cases[name]!;
      const cleaned = cleanedOf(name);
      expect(cleaned.inPlace).toBe(true);
      expect(cleaned.bytes.length).toBe(readFileSync(input).length);
      expect(videoHash(cleaned.path)).toBe(videoHash(input));
      expect(decodeErrors(cleaned.path)).toBe('');
      const { findings } = await inspect(blobOf(cleaned.bytes));
      expect(findings.filter((f) => f.kept === undefined)).toEqual([]);
    });
  },
);

describe('ordinary subtitles', () => {
  it('stay, in both languages, and are kept for review', () => {
    const { input } = cases['ordinary.mkv']!;
    const { path, result } = cleanedOf('ordinary.mkv');
    expect(subtitleStreams(path)).toEqual(subtitleStreams(input));
    expect(
      withField(result.kept, 'media.subtitles').map((f) => [f.kept, f.value]),
    ).toEqual([
      ['review', 'eng'],
      ['review', 'por'],
    ]);
  });

  it('stay beside a flight log that goes', () => {
    const { path } = cleanedOf('mixed.mkv');
    expect(subtitleStreams(path)).toHaveLength(1);
    expect(subtitleStreams(path)[0]).toContain(SUBTITLE_LINES.eng);
  });
});

describe('the CLI', () => {
  it('cleans a flight log --in-place, writing what the engine plans', async () => {
    const copy = join(dir, 'in-place.mkv');
    copyFileSync(cases['mixed.mkv']!.input, copy);
    const run = await runCli(['--in-place', copy]);
    expect(run.code, run.stderr).toBe(0);
    expect(fileBytes(copy)).toEqual(cleanedOf('mixed.mkv').bytes);
  });
});
