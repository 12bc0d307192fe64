/** Walks an AVI's header area and lists the chunks that become JUNK, with what they held. */
import type { ByteReader, ByteSource } from '../../byte-source';
import { fourcc } from '../../bytes';
import { EngineError, corrupt, throwIfAborted } from '../../errors';
import { MAX_ENTRIES, MAX_METADATA_BYTES } from '../../limits';
import { finding, type Finding } from '../../findings';
import {
  CHUNK_HEADER_BYTES,
  readChildren,
  readChunkAt,
  type RiffChunk,
} from '../../shared/riff/chunks';
import { WindowedReader } from '../../windowed-reader';
import { infoField } from '../../metadata/riff-info';
import { scanMovi } from './movi';
import { junkIsBlank } from './junk';
import { extraTarget, layoutExtra } from './extra';
import { chunkRole } from './rules';
import { iditDate, infoText, textRuns } from './values';
import { STREAM_TYPE_BYTES, streamFormatLayout } from './stream-format';

const MAX_READ_BYTES = 64 * 1024;
export interface AviTarget {
  readonly chunk: RiffChunk;
  readonly findings: Finding[];
  /** Zero the payload from here to the chunk's end, the chunk kept; else it becomes JUNK. */
  readonly zeroFrom?: number;
}

export interface AviScan {
  readonly targets: AviTarget[];
  /** What stays on purpose: subtitles, for review. */
  readonly kept: Finding[];
  /** Where the last top-level RIFF chunk ends: what follows is trailing bytes. */
  readonly end: number;
}

const RIFF = 'RIFF';

export async function scanAvi(
  input: ByteSource,
  signal?: AbortSignal,
): Promise<AviScan> {
  const src = WindowedReader.over(input);
  const walk: ListWalk = { targets: [], kept: [] };
  let at = 0;
  for (let index = 0; at < src.size; index++) {
    throwIfAborted(signal);
    if (index >= MAX_ENTRIES) throw corrupt('too many RIFF chunks');
    // After the first form, what is not a RIFF chunk is trailing bytes (padding some writers
    // leave), which players ignore: the module drops them. A RIFF chunk must be whole.
    const head = await src.read(at, CHUNK_HEADER_BYTES);
    if (
      index > 0 &&
      (head.length < CHUNK_HEADER_BYTES || fourcc(head, 0) !== RIFF)
    )
      break;
    const riff = await readChunkAt(src, at, src.size);
    const expected = index === 0 ? 'AVI ' : 'AVIX';
    if (riff.id !== RIFF || riff.listType !== expected) {
      throw corrupt(`unexpected top-level chunk at ${riff.offset}`);
    }
    await scanList(src, riff, '', walk, signal);
    at = riff.end;
  }
  return { ...walk, end: at };
}

type ListWalk = Pick<AviScan, 'targets' | 'kept'>;

async function scanList(
  src: ByteReader,
  list: RiffChunk,
  path: string,
  walk: ListWalk,
  signal?: AbortSignal,
): Promise<void> {
  const into = walk.targets;
  let streamType: string | undefined;
  for (const chunk of await readChildren(src, list, { signal })) {
    const location = `${path}/${(list.listType ?? '').trim()}`;
    const role = chunkRole(chunk.id, chunk.listType);
    if (role === 'descend') await scanList(src, chunk, location, walk, signal);
    if (role === 'movi') {
      const movi = await scanMovi(src, chunk, location, signal);
      into.push(...movi.targets);
      walk.kept.push(...movi.kept);
    }
    if (role === 'info')
      into.push(await infoTarget(src, chunk, location, signal));
    if (role === 'drop') into.push(await droppedTarget(src, chunk, location));
    if (chunk.id === 'strh' && chunk.size >= STREAM_TYPE_BYTES)
      streamType = fourcc(
        await src.readExact(chunk.dataOffset, STREAM_TYPE_BYTES),
        0,
      );
    if (role === 'keep') {
      const extra =
        chunk.id === 'strf'
          ? await extraTarget(
              src,
              chunk,
              streamFormatLayout(streamType, await payload(src, chunk)),
              location,
            )
          : await layoutExtra(src, chunk, location);
      if (extra) into.push(extra);
    }
    if (role === 'junk') {
      const target = await junkTarget(src, chunk, location);
      if (target) into.push(target);
    }
  }
}

/**
 * A JUNK chunk among the headers that holds more than zeros or a reserved header (junk.ts): a
 * signature (MPlayer signs its padding) or anything else a writer left there.
 */
async function junkTarget(
  src: ByteReader,
  chunk: RiffChunk,
  location: string,
): Promise<AviTarget | null> {
  if (chunk.size > MAX_METADATA_BYTES)
    throw new EngineError('too-large', `${chunk.id} at ${chunk.offset}`);
  const bytes = await src.readExact(chunk.dataOffset, chunk.size);
  if (junkIsBlank(bytes)) return null;
  const text = textRuns(bytes);
  const field = text ? 'software.encoder' : 'other.data';
  const value = text || `${chunk.size} bytes`;
  return { chunk, findings: [finding(field, 'JUNK', location, value)] };
}

/** The start of a chunk's payload: enough to show its text and to see whether padding is signed. */
async function payload(src: ByteReader, chunk: RiffChunk): Promise<Uint8Array> {
  return src.readExact(chunk.dataOffset, Math.min(chunk.size, MAX_READ_BYTES));
}

async function infoTarget(
  src: ByteReader,
  list: RiffChunk,
  path: string,
  signal?: AbortSignal,
): Promise<AviTarget> {
  const location = `${path}/INFO`;
  const findings: Finding[] = [];
  for (const tag of await readChildren(src, list, { signal })) {
    const text = infoText(await payload(src, tag));
    findings.push(finding(infoField(tag.id), tag.id, location, text));
  }
  if (findings.length === 0)
    findings.push(finding('other.data', 'LIST INFO', location));
  return { chunk: list, findings };
}

async function droppedTarget(
  src: ByteReader,
  chunk: RiffChunk,
  location: string,
): Promise<AviTarget> {
  if (chunk.listType !== undefined) {
    const label = `LIST ${chunk.listType}`;
    return { chunk, findings: [finding('other.data', label, location)] };
  }
  const bytes = await payload(src, chunk);
  const shown = chunk.id === 'IDIT' ? iditDate(bytes) : textRuns(bytes);
  const field =
    chunk.id === 'IDIT'
      ? 'time.taken'
      : chunk.id === 'strd'
        ? 'device.name'
        : 'other.data';
  return {
    chunk,
    findings: [finding(field, chunk.id, location, shown || undefined)],
  };
}
