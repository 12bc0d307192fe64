/** Walks an AVI's header area and lists the chunks that become JUNK, with what they held. */
import type { ByteReader, ByteSource } from '../../byte-source';
import { corrupt } from '../../errors';
import { finding, type Finding } from '../../findings';
import {
  readChildren,
  readChunks,
  type RiffChunk,
} from '../../shared/riff/chunks';
import { WindowedReader } from '../../windowed-reader';
import { infoField } from '../../metadata/riff-info';
import { chunkRole } from './rules';
import { iditDate, infoText, textRuns } from './values';

const MAX_READ_BYTES = 64 * 1024;

export interface AviTarget {
  readonly chunk: RiffChunk;
  readonly findings: Finding[];
}

export async function scanAvi(
  input: ByteSource,
  signal?: AbortSignal,
): Promise<AviTarget[]> {
  const src = WindowedReader.over(input);
  const targets: AviTarget[] = [];
  const riffs = await readChunks(src, 0, src.size, { signal });
  for (const [index, riff] of riffs.entries()) {
    const expected = index === 0 ? 'AVI ' : 'AVIX';
    if (riff.id !== 'RIFF' || riff.listType !== expected) {
      throw corrupt(`unexpected top-level chunk at ${riff.offset}`);
    }
    await scanList(src, riff, '', targets, signal);
  }
  return targets;
}

async function scanList(
  src: ByteReader,
  list: RiffChunk,
  path: string,
  into: AviTarget[],
  signal?: AbortSignal,
): Promise<void> {
  for (const chunk of await readChildren(src, list, { signal })) {
    const location = `${path}/${(list.listType ?? '').trim()}`;
    const role = chunkRole(chunk.id, chunk.listType);
    if (role === 'descend') await scanList(src, chunk, location, into, signal);
    if (role === 'info')
      into.push(await infoTarget(src, chunk, location, signal));
    if (role === 'drop') into.push(await droppedTarget(src, chunk, location));
    if (role === 'junk') {
      const text = textRuns(await payload(src, chunk));
      if (text)
        into.push({
          chunk,
          findings: [finding('software.encoder', 'JUNK', location, text)],
        });
    }
  }
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
    findings.push(
      finding(infoField(tag.id), tag.id, location, text || undefined),
    );
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
