/**
 * The movie list (`movi`, AVI RIFF File Reference; OpenDML 1.02 for `ix##` and `rec ` lists):
 * every chunk header in it is walked, since dashcams write their GPS log there beside the frames
 * (`gps0` and `gsen` records, `JUNK` holding `0GPS` records, a text stream's `##tx` chunks) and a
 * player skips what it does not know. Kept: a stream's samples (`##db`, `##dc`, `##wb`), palette
 * changes (`##pc`), bitmap subtitles (`##sb`), OpenDML index chunks (up to their entries in use:
 * what a writer left past them is zeroed) and zero padding. A text
 * stream is weighed as a flight log or subtitles, as in every container; anything else becomes
 * JUNK of the same size, so `idx1` and OpenDML offsets stay valid.
 */
import type { ByteReader } from '../../byte-source';
import { EngineError } from '../../errors';
import type { FieldId } from '../../fields';
import { finding, type Finding } from '../../findings';
import { MAX_METADATA_BYTES } from '../../limits';
import { readTextTelemetry } from '../../metadata/text-telemetry';
import {
  TextBudget,
  readableText,
  samplesToRead,
  textTrackFindings,
  type ByteSpan,
} from '../../metadata/text-tracks';
import { readChildren, type RiffChunk } from '../../shared/riff/chunks';
import { WindowedReader } from '../../windowed-reader';
import { layoutExtra } from './extra';
import { junkIsBlank } from './junk';
import { textRuns } from './values';

export interface MoviTarget {
  readonly chunk: RiffChunk;
  readonly findings: Finding[];
  /** Zero the payload from here to the chunk's end, the chunk kept; else it becomes JUNK. */
  readonly zeroFrom?: number;
}

export interface MoviWalk {
  /** Chunks that become zero-filled JUNK. */
  readonly targets: MoviTarget[];
  /** Subtitles kept for review. */
  readonly kept: Finding[];
}

type MoviRole = 'sample' | 'index' | 'text' | 'padding' | 'record' | 'drop';

/** `##db` uncompressed and `##dc` compressed video, `##wb` audio, `##pc` palette, `##sb` XSUB. */
const SAMPLE_CHUNK = /^\d\d(?:db|dc|wb|pc|sb)$/;
const TEXT_CHUNK = /^\d\dtx$/;
/** OpenDML 1.02 standard and field index chunks, which the super index in `strl` points at. */
const INDEX_CHUNK = /^ix\d\d$/;
const STREAM_DIGITS = 2;
/**
 * Chunk headers are read in large windows, frames and all: a movie's thousands of headers cost
 * more as small reads than the frames between them cost to read (a 134 MB AVI of 6,000 chunks
 * took 1.4 s to clean with 4 KiB windows and 1.0 s with these).
 */
const MOVI_WINDOW_BYTES = 1024 * 1024;
/** Dashcams' binary GPS and accelerometer records (exiftool's RIFF tables name both). */
const LOG_CHUNKS: Readonly<Record<string, FieldId>> = {
  gps0: 'gps.track-log',
  gsen: 'device.track-log',
};

export function moviRole(id: string, listType: string | undefined): MoviRole {
  if (listType === 'rec ') return 'record';
  if (SAMPLE_CHUNK.test(id)) return 'sample';
  if (INDEX_CHUNK.test(id)) return 'index';
  if (TEXT_CHUNK.test(id)) return 'text';
  return id === 'JUNK' ? 'padding' : 'drop';
}

/** The chunks a `movi` list holds, `rec ` lists opened. */
async function moviChunks(
  src: ByteReader,
  movi: RiffChunk,
  signal?: AbortSignal,
): Promise<RiffChunk[]> {
  const chunks: RiffChunk[] = [];
  for (const chunk of await readChildren(src, movi, { signal })) {
    if (moviRole(chunk.id, chunk.listType) !== 'record') chunks.push(chunk);
    else chunks.push(...(await readChildren(src, chunk, { signal })));
  }
  return chunks;
}

async function wholePayload(
  src: ByteReader,
  chunk: RiffChunk,
): Promise<Uint8Array> {
  if (chunk.size > MAX_METADATA_BYTES)
    throw new EngineError('too-large', `${chunk.id} at ${chunk.offset}`);
  return src.readExact(chunk.dataOffset, chunk.size);
}

async function paddingTarget(
  src: ByteReader,
  chunk: RiffChunk,
  location: string,
): Promise<MoviTarget | null> {
  const bytes = await wholePayload(src, chunk);
  if (junkIsBlank(bytes)) return null;
  const text = textRuns(bytes);
  const value = text || `${chunk.size} bytes`;
  return { chunk, findings: [finding('other.data', 'JUNK', location, value)] };
}

async function droppedTarget(
  src: ByteReader,
  chunk: RiffChunk,
  location: string,
): Promise<MoviTarget> {
  const field = LOG_CHUNKS[chunk.id];
  if (field) return { chunk, findings: [finding(field, chunk.id, location)] };
  const label = chunk.listType ? `LIST ${chunk.listType}` : chunk.id;
  const text = textRuns(await wholePayload(src, chunk));
  return {
    chunk,
    findings: [finding('other.data', label, location, text || undefined)],
  };
}

/** A text stream's chunks: a flight log goes whole, subtitles stay for review. */
async function weighTextStream(
  src: ByteReader,
  stream: string,
  chunks: readonly RiffChunk[],
  location: string,
  budget: TextBudget,
  into: MoviWalk,
): Promise<void> {
  const spans: ByteSpan[] = chunks.map((c) => ({
    start: c.dataOffset,
    end: c.dataOffset + c.size,
  }));
  const texts: string[] = [];
  for (const { start, end } of samplesToRead(spans)) {
    budget.take(end - start);
    const text = readableText(await src.readExact(start, end - start));
    if (text) texts.push(text);
  }
  const log = readTextTelemetry(texts);
  const track = { label: `${stream}tx`, location, language: 'und' };
  const findings = textTrackFindings({ ...track, chapters: false }, texts, log);
  if (!log) {
    into.kept.push(...findings);
    return;
  }
  const huge = chunks.find((c) => c.size > MAX_METADATA_BYTES);
  if (huge) throw new EngineError('too-large', `${huge.id} at ${huge.offset}`);
  chunks.forEach((chunk, i) =>
    into.targets.push({ chunk, findings: i === 0 ? findings : [] }),
  );
}

/** Walks one `movi` list: what goes, and the subtitles that stay. */
export async function scanMovi(
  input: ByteReader,
  movi: RiffChunk,
  location: string,
  signal?: AbortSignal,
): Promise<MoviWalk> {
  const raw = input instanceof WindowedReader ? input.src : input;
  const src = new WindowedReader(raw, MOVI_WINDOW_BYTES);
  const walk: MoviWalk = { targets: [], kept: [] };
  const texts = new Map<string, RiffChunk[]>();
  const where = `${location}/movi`;
  for (const chunk of await moviChunks(src, movi, signal)) {
    const role = moviRole(chunk.id, chunk.listType);
    if (role === 'sample') continue;
    if (role === 'index') {
      const extra = await layoutExtra(src, chunk, where);
      if (extra) walk.targets.push(extra);
      continue;
    }
    if (role === 'text') {
      const stream = chunk.id.slice(0, STREAM_DIGITS);
      texts.set(stream, [...(texts.get(stream) ?? []), chunk]);
      continue;
    }
    const target =
      role === 'padding'
        ? await paddingTarget(src, chunk, where)
        : await droppedTarget(src, chunk, where);
    if (target) walk.targets.push(target);
  }
  const budget = new TextBudget();
  for (const [stream, chunks] of texts)
    await weighTextStream(src, stream, chunks, where, budget, walk);
  return walk;
}
