/**
 * What becomes of each text track. Its samples are read (a bounded head and tail of a long track)
 * and their text weighed: a flight or camera log (`metadata/text-telemetry.ts`) goes in place, its
 * `trak` turned into a `free` box of the same size (14496-12 8.1.2) and every `tref` entry that
 * points at it freed too, so no track refers to one that is gone (8.3.3), and its samples zeroed
 * where they lie in mdat; nothing moves, so every other track's chunk offsets stay valid.
 * Ordinary subtitles and chapter titles are part of what the video shows: kept, and reported for
 * review with their language, or their titles.
 */
import { u16be } from '../../bytes';
import { EngineError, throwIfAborted } from '../../errors';
import { finding, keptFinding, type Finding } from '../../findings';
import { MAX_METADATA_BYTES } from '../../limits';
import {
  datesIn,
  positionText,
  readTextTelemetry,
  type TextTelemetry,
} from '../../metadata/text-telemetry';
import type { Patch } from '../../shared/in-place';
import type { WindowedReader } from '../../windowed-reader';
import type { Movie } from './movie';
import type { Region } from './region';
import type { ByteRange } from './sample-table';
import { mergeRanges, zeroPatches } from './telemetry';
import { CHAPTER_REFERENCE, type TextTrack } from './text-tracks';

/** Text read per track: its first and last halves of this when it is longer. */
export const MAX_TEXT_BYTES_PER_TRACK = 256 * 1024;
/** Text read per file, over all its text tracks; past it the file is too large to check. */
export const MAX_TEXT_BYTES_PER_FILE = 16 * 1024 * 1024;
/** Sample entries whose samples start with a 16-bit text length (3GPP TS 26.245 5.17, QuickTime). */
const COUNTED_TEXT_ENTRIES = new Set(['tx3g', 'text']);
const LENGTH_BYTES = 2;
/** Dates reported from one kept track. */
const MAX_DATES_REPORTED = 3;
/** Characters of chapter titles shown in the report. */
const MAX_TITLE_CHARS = 200;
const CONTROL_CHARS = /[\p{Cc}\ufffd]+/gu;

const utf8 = new TextDecoder('utf-8', { fatal: false });

/** The samples read: all of them, or the head and the tail of a long track. */
function samplesToRead(samples: readonly ByteRange[]): ByteRange[] {
  const half = MAX_TEXT_BYTES_PER_TRACK / 2;
  const take = (list: readonly ByteRange[]) => {
    const taken: ByteRange[] = [];
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

/** A sample's words: the counted text of tx3g/QuickTime text, every byte of the others. */
function sampleText(bytes: Uint8Array, entryType: string): string {
  let text = bytes;
  if (COUNTED_TEXT_ENTRIES.has(entryType) && bytes.length >= LENGTH_BYTES) {
    const length = u16be(bytes, 0);
    text = bytes.subarray(LENGTH_BYTES, LENGTH_BYTES + length);
  }
  return utf8.decode(text).replace(CONTROL_CHARS, ' ').trim();
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

async function readTexts(
  reader: WindowedReader,
  track: TextTrack,
  budget: TextBudget,
  signal: AbortSignal | undefined,
): Promise<string[]> {
  const texts: string[] = [];
  for (const { start, end } of samplesToRead(track.samples)) {
    throwIfAborted(signal);
    budget.take(end - start);
    const text = sampleText(
      await reader.readExact(start, end - start),
      track.entryType,
    );
    if (text) texts.push(text);
  }
  return texts;
}

function removedFindings(track: TextTrack, log: TextTelemetry): Finding[] {
  const { entryType, path } = track;
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
  track: TextTrack,
  texts: readonly string[],
  chapters: boolean,
): Finding[] {
  const { entryType, path } = track;
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

function zeroSamples(samples: readonly ByteRange[]): Patch[] {
  const ranges = mergeRanges(samples);
  if (ranges.reduce((n, r) => n + r.end - r.start, 0) > MAX_METADATA_BYTES)
    throw new EngineError(
      'too-large',
      'text track larger than the metadata limit',
    );
  return zeroPatches(ranges);
}

/**
 * Weighs every text track of the movie held in `region`: removes flight logs (freeing their trak
 * and the references to them in `region`, returning the patches that zero their samples) and
 * reports the rest as kept.
 */
export async function weighTextTracks(
  reader: WindowedReader,
  region: Region,
  movie: Movie,
  budget: TextBudget,
  findings: Finding[],
  signal: AbortSignal | undefined,
): Promise<Patch[]> {
  const patches: Patch[] = [];
  for (const track of movie.text) {
    const texts = await readTexts(reader, track, budget, signal);
    const log = readTextTelemetry(texts);
    const references = movie.references.filter((r) =>
      r.trackIds.includes(track.trackId),
    );
    if (!log) {
      const chapters = references.some((r) => r.box.type === CHAPTER_REFERENCE);
      for (const f of keptFindings(track, texts, chapters)) findings.push(f);
      continue;
    }
    for (const f of removedFindings(track, log)) findings.push(f);
    region.free(track.trak);
    for (const reference of references) region.free(reference.box);
    for (const patch of zeroSamples(track.samples)) patches.push(patch);
  }
  return patches;
}
