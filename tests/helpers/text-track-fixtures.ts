/**
 * Movies with text tracks, made by ffmpeg from SRT files: a drone's flight log in DJI's layouts
 * (the per-frame labelled one and the older per-second `GPS (lon, lat, alt)` one), ordinary
 * subtitles in two languages, and QuickTime chapters whose first title holds a date.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ffmpeg } from './video-tools';

/** The first and last positions the flight logs hold, and the time of their first sample. */
export const FLIGHT = {
  first: { lat: 17.02583, lon: -96.551234 },
  last: { lat: 17.026412, lon: -96.551801 },
  firstText: ['17.025830', '-96.551234'],
  lastText: ['17.026412', '-96.551801'],
  time: '2024-03-01 09:14:22.123',
} as const;
export const SUBTITLE_LINES = {
  eng: 'Hello there, how are you?',
  por: 'Olá, tudo bem?',
} as const;
export const DATED_CHAPTER = 'Arrival at Oaxaca 2024-03-01';

const SECONDS = 3;
const MAX_OUTPUT = 64 * 1024 * 1024;

function srtTime(seconds: number): string {
  return `00:00:0${seconds},000`;
}

function srt(cues: readonly string[]): string {
  return cues
    .map(
      (text, i) => `${i + 1}\n${srtTime(i)} --> ${srtTime(i + 1)}\n${text}\n`,
    )
    .join('\n');
}

/** Steps from the first position to the last, one per cue. */
function positions(): { lat: string; lon: string }[] {
  const { first, last } = FLIGHT;
  return Array.from({ length: SECONDS }, (_, i) => {
    if (i === 0) return { lat: FLIGHT.firstText[0], lon: FLIGHT.firstText[1] };
    if (i === SECONDS - 1)
      return { lat: FLIGHT.lastText[0], lon: FLIGHT.lastText[1] };
    const t = i / (SECONDS - 1);
    return {
      lat: (first.lat + (last.lat - first.lat) * t).toFixed(6),
      lon: (first.lon + (last.lon - first.lon) * t).toFixed(6),
    };
  });
}

/** DJI's labelled layout (Mavic, Air, Mini 3 and later). */
export function djiLabelledSrt(): string {
  return srt(
    positions().map(
      ({ lat, lon }, i) =>
        `FrameCnt: ${i + 1}, DiffTime: 33ms\n2024-03-01 09:14:2${2 + i}.123\n` +
        `[iso: 100] [shutter: 1/1000.0] [fnum: 2.8] [ev: 0] [latitude: ${lat}] ` +
        `[longitude: ${lon}] [rel_alt: 20.100 abs_alt: 1630.2]`,
    ),
  );
}

/** DJI's older per-second layout: longitude first. */
export function djiGpsSrt(): string {
  return srt(
    positions().map(
      ({ lat, lon }, i) =>
        `F/2.8, SS 1000, ISO 100, EV 0, GPS (${lon}, ${lat}, 20), ` +
        `D 25.3m, H 20.1m\n2024-03-01 09:14:2${2 + i}.123`,
    ),
  );
}

const VIDEO = [
  ...['-f', 'lavfi', '-i', `testsrc=size=64x48:rate=10:duration=${SECONDS}`],
];

/** MP4 and MOV carry 3GPP timed text, Matroska SubRip, WebM WebVTT (with VP8, as WebM requires). */
function codecsFor(name: string): string[] {
  if (name.endsWith('.webm')) return ['-c:v', 'libvpx', '-c:s', 'webvtt'];
  if (name.endsWith('.mkv')) return ['-c:v', 'mpeg4', '-c:s', 'srt'];
  return ['-c:v', 'mpeg4', '-c:s', 'mov_text'];
}

export interface TextTrackSpec {
  /** SRT text, and the track's ISO 639-2 language. */
  readonly srt: string;
  readonly language: string;
  /** The handler name DJI writes, for the flight log. */
  readonly handler?: string;
}

/** A movie (MP4, MOV, MKV or WebM by the name) with one subtitle track per spec, and chapters if asked. */
export function textTrackMovie(
  dir: string,
  name: string,
  tracks: readonly TextTrackSpec[],
  chapters = false,
  flags: readonly string[] = [],
): string {
  const inputs: string[] = [];
  const maps = ['-map', '0:v'];
  const tags: string[] = [];
  tracks.forEach((track, i) => {
    const path = join(dir, `${name}-${i}.srt`);
    writeFileSync(path, track.srt);
    inputs.push('-i', path);
    maps.push('-map', `${i + 1}:s`);
    tags.push(`-metadata:s:s:${i}`, `language=${track.language}`);
    if (track.handler)
      tags.push(`-metadata:s:s:${i}`, `handler_name=${track.handler}`);
  });
  if (chapters) {
    const path = join(dir, `${name}-chapters.txt`);
    writeFileSync(
      path,
      `;FFMETADATA1\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=0\nEND=1000\ntitle=${DATED_CHAPTER}\n` +
        `[CHAPTER]\nTIMEBASE=1/1000\nSTART=1000\nEND=${SECONDS * 1000}\ntitle=Ceremony\n`,
    );
    inputs.push('-i', path);
    maps.push('-map_chapters', String(tracks.length + 1));
  }
  const out = join(dir, name);
  ffmpeg([
    ...VIDEO,
    ...inputs,
    ...maps,
    ...codecsFor(name),
    ...tags,
    ...flags,
    out,
  ]);
  return out;
}

function streamCount(path: string, select: string[] = []): number {
  return execFileSync(
    'ffprobe',
    [
      ...['-v', 'error', ...select],
      ...['-show_entries', 'stream=index', '-of', 'csv=p=0', path],
    ],
    { encoding: 'utf8' },
  )
    .split('\n')
    .filter(Boolean).length;
}

/** The text of every subtitle stream ffmpeg finds, as SRT, one entry per stream. */
export function subtitleStreams(path: string): string[] {
  const count = streamCount(path, ['-select_streams', 's']);
  return Array.from({ length: count }, (_, i) =>
    execFileSync(
      'ffmpeg',
      ['-v', 'error', '-i', path, '-map', `0:s:${i}`, '-f', 'srt', '-'],
      { encoding: 'utf8' },
    ),
  );
}

/** Every stream's packets as they are (`-c copy -f data`), for a search for coordinates. */
export function everyStreamText(path: string): string {
  return Array.from({ length: streamCount(path) }, (_, i) => {
    const run = spawnSync(
      'ffmpeg',
      [
        '-v',
        'error',
        '-i',
        path,
        '-map',
        `0:${i}`,
        '-c',
        'copy',
        '-f',
        'data',
        '-',
      ],
      { maxBuffer: MAX_OUTPUT },
    );
    return Buffer.from(run.stdout).toString('latin1');
  }).join('\n');
}

/** The video stream's hash: equal hashes mean identical video packets. */
export function videoHash(path: string): string {
  return execFileSync(
    'ffmpeg',
    ['-v', 'error', '-i', path, '-map', '0:v', '-f', 'streamhash', '-'],
    { encoding: 'utf8' },
  );
}

/** exiftool's reading of the embedded streams (`-ee`), where it shows each text sample. */
export function exiftoolEmbedded(path: string): string {
  return execFileSync('exiftool', ['-a', '-ee', '-G3', path], {
    encoding: 'latin1',
    maxBuffer: MAX_OUTPUT,
  });
}

export function chapterTitles(path: string): string[] {
  const json = execFileSync(
    'ffprobe',
    ['-v', 'error', '-show_chapters', '-of', 'json', path],
    { encoding: 'utf8' },
  );
  const parsed = JSON.parse(json) as {
    chapters: { tags?: { title?: string } }[];
  };
  return parsed.chapters.map((c) => c.tags?.title ?? '');
}
