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
import type { Finding } from '../../findings';
import { MAX_METADATA_BYTES } from '../../limits';
import { readTextTelemetry } from '../../metadata/text-telemetry';
import {
  TextBudget,
  readableText,
  samplesToRead,
  textTrackFindings,
  type TextTrackInfo,
} from '../../metadata/text-tracks';
import type { Patch } from '../../shared/in-place';
import type { WindowedReader } from '../../windowed-reader';
import type { Movie } from './movie';
import type { Region } from './region';
import type { ByteRange } from './sample-table';
import { mergeRanges, zeroPatches } from './telemetry';
import { CHAPTER_REFERENCE, type TextTrack } from './text-tracks';

/** Sample entries whose samples start with a 16-bit text length (3GPP TS 26.245 5.17, QuickTime). */
const COUNTED_TEXT_ENTRIES = new Set(['tx3g', 'text']);
const LENGTH_BYTES = 2;

/** A sample's words: the counted text of tx3g/QuickTime text, every byte of the others. */
function sampleText(bytes: Uint8Array, entryType: string): string {
  let text = bytes;
  if (COUNTED_TEXT_ENTRIES.has(entryType) && bytes.length >= LENGTH_BYTES) {
    const length = u16be(bytes, 0);
    text = bytes.subarray(LENGTH_BYTES, LENGTH_BYTES + length);
  }
  return readableText(text);
}

const info = (track: TextTrack, chapters: boolean): TextTrackInfo => ({
  label: track.entryType,
  location: track.path,
  language: track.language,
  chapters,
});

/** Where a track's samples lie: its own sample table's, then what fragments list (whole runs). */
interface TrackSamples {
  readonly samples: readonly ByteRange[];
  readonly runs: readonly ByteRange[];
}

async function readTexts(
  reader: WindowedReader,
  track: TextTrack,
  { samples, runs }: TrackSamples,
  budget: TextBudget,
  signal: AbortSignal | undefined,
): Promise<string[]> {
  const texts: string[] = [];
  const ranges = samplesToRead([...samples, ...runs]);
  for (const { start, end } of ranges) {
    throwIfAborted(signal);
    budget.take(end - start);
    // A fragment's run holds many samples: every byte of them is read as text.
    const entryType = runs.length === 0 ? track.entryType : '';
    const text = sampleText(
      await reader.readExact(start, end - start),
      entryType,
    );
    if (text) texts.push(text);
  }
  return texts;
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
  fragmentRuns: (trackId: number) => readonly ByteRange[],
  budget: TextBudget,
  findings: Finding[],
  signal: AbortSignal | undefined,
): Promise<Patch[]> {
  const patches: Patch[] = [];
  for (const track of movie.text) {
    const where = { samples: track.samples, runs: fragmentRuns(track.trackId) };
    const texts = await readTexts(reader, track, where, budget, signal);
    const log = readTextTelemetry(texts);
    const references = movie.references.filter((r) =>
      r.trackIds.includes(track.trackId),
    );
    if (!log) {
      const chapters = references.some((r) => r.box.type === CHAPTER_REFERENCE);
      for (const f of textTrackFindings(info(track, chapters), texts, null))
        findings.push(f);
      continue;
    }
    for (const f of textTrackFindings(info(track, false), texts, log))
      findings.push(f);
    region.free(track.trak);
    for (const reference of references) region.free(reference.box);
    for (const patch of zeroSamples([...where.samples, ...where.runs]))
      patches.push(patch);
  }
  return patches;
}
