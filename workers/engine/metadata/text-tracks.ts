/**
 * What a container does with the text of a subtitle, caption or chapter track, whatever the
 * container: how much of it to read (a bounded head and tail, a per-file budget), how to turn its
 * bytes into words, and the findings for the report, a flight log removed with its first and last
 * position or ordinary text kept for review with its language or titles.
 */
import { EngineError } from '../errors';
import { finding, keptFinding, type Finding } from '../findings';
import { datesIn, positionText, type TextTelemetry } from './text-telemetry';

export interface ByteSpan {
  readonly start: number;
  readonly end: number;
}

/** Text read per track: its first and last halves of this when it is longer. */
export const MAX_TEXT_BYTES_PER_TRACK = 256 * 1024;
/** Text read per file, over all its text tracks; past it the file is too large to check. */
export const MAX_TEXT_BYTES_PER_FILE = 16 * 1024 * 1024;
/** Dates reported from one kept track. */
const MAX_DATES_REPORTED = 3;
/** Characters of chapter titles shown in the report. */
const MAX_TITLE_CHARS = 200;
const CONTROL_CHARS = /[\p{Cc}\ufffd]+/gu;

const utf8 = new TextDecoder('utf-8', { fatal: false });

/** Bytes of a sample as words: UTF-8, control characters and broken sequences as spaces. */
export function readableText(bytes: Uint8Array): string {
  return utf8.decode(bytes).replace(CONTROL_CHARS, ' ').trim();
}

/** The file's budget of text bytes to read. */
export class TextBudget {
  private left = MAX_TEXT_BYTES_PER_FILE;

  take(bytes: number): void {
    this.left -= bytes;
    if (this.left < 0)
      throw new EngineError(
        'too-large',
        'text tracks larger than the limit for checking them',
      );
  }
}

/** The samples read: all of them, or the head and the tail of a long track. */
export function samplesToRead(samples: readonly ByteSpan[]): ByteSpan[] {
  const half = MAX_TEXT_BYTES_PER_TRACK / 2;
  const take = (list: readonly ByteSpan[]) => {
    const taken: ByteSpan[] = [];
    let bytes = 0;
    for (const { start, end } of list) {
      if (bytes >= half) break;
      const length = Math.min(end - start, half - bytes);
      taken.push({ start, end: start + length });
      bytes += length;
    }
    return taken;
  };
  const total = samples.reduce((n, r) => n + r.end - r.start, 0);
  if (total <= MAX_TEXT_BYTES_PER_TRACK) return [...samples];
  const head = take(samples);
  const tail = take([...samples].reverse()).reverse();
  return [...head, ...tail];
}

/** How a track is named in the report. */
export interface TextTrackInfo {
  /** Its codec or sample entry (`tx3g`, `S_TEXT/UTF8`). */
  readonly label: string;
  readonly location: string;
  /** ISO 639-2 or BCP 47; `und` when unknown. */
  readonly language: string;
  /** A chapter track: its text is the chapters' titles. */
  readonly chapters: boolean;
}

/** The findings of a track: removed when `log` says it is one, else kept for review. */
export function textTrackFindings(
  track: TextTrackInfo,
  texts: readonly string[],
  log: TextTelemetry | null,
): Finding[] {
  return log ? removedFindings(track, log) : keptFindings(track, texts);
}

function removedFindings(track: TextTrackInfo, log: TextTelemetry): Finding[] {
  const { label: entryType, location: path } = track;
  const found: Finding[] = [];
  if (log.first && log.last) {
    found.push(
      finding(
        'gps.track-log',
        `${entryType} first position`,
        path,
        positionText(log.first),
      ),
      finding(
        'gps.track-log',
        `${entryType} last position`,
        path,
        positionText(log.last),
      ),
    );
  } else found.push(finding('device.track-log', entryType, path));
  if (log.firstTime)
    found.push(finding('time.taken', `${entryType} time`, path, log.firstTime));
  return found;
}

function keptFindings(
  track: TextTrackInfo,
  texts: readonly string[],
): Finding[] {
  const { label: entryType, location: path, chapters } = track;
  const text = texts.join(' ');
  const found = [
    chapters
      ? keptFinding(
          'media.chapters',
          entryType,
          path,
          'review',
          text.slice(0, MAX_TITLE_CHARS),
        )
      : keptFinding(
          'media.subtitles',
          entryType,
          path,
          'review',
          track.language,
        ),
  ];
  const where = chapters ? 'date in chapter titles' : 'date in subtitles';
  for (const date of datesIn(text, MAX_DATES_REPORTED))
    found.push(keptFinding('time.date', where, path, 'review', date));
  return found;
}
