/**
 * Reads the ASF Header Object into memory (it is small: stream headers and metadata) and the
 * headers of the top-level objects after it (Data, indexes), never the packets.
 */
import type { ByteReader, ByteSource } from '../../byte-source';
import { u64le } from '../../bytes';
import { corrupt, EngineError, throwIfAborted } from '../../errors';
import { MAX_ENTRIES, MAX_METADATA_BYTES } from '../../limits';
import { WindowedReader } from '../../windowed-reader';
import { fileId, type AsfAnalysis } from './file-properties';
import * as G from './guids';
import { HEADER_OBJECT_BYTES, scanHeader } from './header-scan';
import { OBJECT_HEADER_BYTES } from './objects';

/** Enough of a top-level object to see its File ID (ASF specification: Data Object 5.1, Simple Index 6.1). */
const TOP_HEAD_BYTES = OBJECT_HEADER_BYTES + 16;
const SIZE_AT = 16;

export async function scanAsf(
  src: ByteSource,
  signal?: AbortSignal,
): Promise<AsfAnalysis> {
  const analysis: AsfAnalysis = { findings: [], patches: [] };
  const start = await src.readExact(0, HEADER_OBJECT_BYTES);
  const headerSize = u64le(start, SIZE_AT);
  if (headerSize < HEADER_OBJECT_BYTES || headerSize > src.size) {
    throw corrupt('ASF Header Object size does not fit the file');
  }
  if (headerSize > MAX_METADATA_BYTES)
    throw new EngineError('too-large', 'ASF header');
  scanHeader(await src.readExact(0, headerSize), analysis);
  await scanTopLevel(WindowedReader.over(src), headerSize, analysis, signal);
  return analysis;
}

/**
 * A second Header Object after the first is no valid ASF, yet readers such as exiftool read its
 * descriptions: it is cleaned like the first, its patches moved to where it lies in the file.
 */
async function scanLaterHeader(
  src: ByteReader,
  at: number,
  size: number,
  into: AsfAnalysis,
): Promise<void> {
  if (size > MAX_METADATA_BYTES)
    throw new EngineError('too-large', 'ASF header');
  const header: AsfAnalysis = { findings: [], patches: [] };
  scanHeader(await src.readExact(at, size), header);
  for (const f of header.findings) into.findings.push(f);
  for (const p of header.patches)
    into.patches.push({ offset: at + p.offset, data: p.data });
}

async function scanTopLevel(
  src: ByteReader,
  from: number,
  into: AsfAnalysis,
  signal?: AbortSignal,
): Promise<void> {
  for (let at = from, count = 0; at < src.size; count++) {
    throwIfAborted(signal);
    if (count > MAX_ENTRIES) throw corrupt('too many ASF objects');
    if (src.size - at < OBJECT_HEADER_BYTES)
      throw corrupt(`stray bytes after the last ASF object at ${at}`);
    const head = await src.readExact(
      at,
      Math.min(TOP_HEAD_BYTES, src.size - at),
    );
    const guid = G.readGuid(head, 0);
    if (guid === G.DATA || guid === G.SIMPLE_INDEX) {
      const location = guid === G.DATA ? 'Data Object' : 'Simple Index';
      fileId(head, at, location, into);
    }
    const size = u64le(head, SIZE_AT);
    // A broadcast (live) Data Object may leave its size unset (ASF specification 5.1): nothing follows it then.
    if (guid === G.DATA && (size < TOP_HEAD_BYTES || at + size > src.size))
      return;
    if (size < OBJECT_HEADER_BYTES || at + size > src.size)
      throw corrupt(`ASF object at ${at} has a size that does not fit`);
    if (guid === G.HEADER) await scanLaterHeader(src, at, size, into);
    at += size;
  }
}
