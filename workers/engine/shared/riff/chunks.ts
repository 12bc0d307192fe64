/**
 * A generic walker for RIFF-style chunk lists (RIFF/WAVE, RIFF/AVI, RIFF/WEBP, and big-endian
 * IFF FORM/AIFF). It reads only chunk headers, so walking a 2 GB AVI costs a few dozen reads.
 *
 * Layout (RIFF 1.0, "Multimedia Programming Interface and Data Specifications", 1991): a chunk is
 * a four-character id, a 32-bit payload size, the payload, and one pad byte when the size is odd.
 * `RIFF`, `LIST` (and IFF `FORM`, `CAT `) payloads start with a four-character form type followed
 * by more chunks.
 */
import type { ByteReader } from '../../byte-source';
import { fourcc, u32be, u32le } from '../../bytes';
import { corrupt, throwIfAborted } from '../../errors';
import { MAX_DEPTH, MAX_ENTRIES } from '../../limits';
import { WindowedReader } from '../../windowed-reader';

export const CHUNK_HEADER_BYTES = 8;
export const FORM_TYPE_BYTES = 4;

/** Chunk ids whose payload starts with a form type and holds nested chunks. */
const CONTAINER_IDS = new Set(['RIFF', 'RIFX', 'LIST', 'FORM', 'CAT ']);

export type RiffEndian = 'le' | 'be';

export interface RiffChunk {
  /** The four-character chunk id (`LIST`, `JUNK`, `fmt `). */
  readonly id: string;
  /** Offset of the chunk header in the file. */
  readonly offset: number;
  /** Offset of the payload (offset + 8). */
  readonly dataOffset: number;
  /** Payload size as declared, without the pad byte. */
  readonly size: number;
  /** Offset just past the chunk: payload plus its pad byte (clamped to the parent's end). */
  readonly end: number;
  /** For `RIFF`/`LIST`/`FORM` chunks: the form type (`AVI `, `INFO`, `hdrl`, `WAVE`). */
  readonly listType?: string;
  /** Nesting level: 0 for chunks walked from the file's top. */
  readonly depth: number;
}

export interface ChunkWalkOptions {
  /** `le` for RIFF (the default), `be` for RIFX and IFF/AIFF. */
  readonly endian?: RiffEndian;
  readonly signal?: AbortSignal;
  /** Nesting level of the chunks being walked; walking stops with `corrupt` past MAX_DEPTH. */
  readonly depth?: number;
}

/**
 * The chunks laid end to end in [start, end). A chunk whose payload runs past `end` is corrupt
 * (a lying size); fewer than 8 bytes left over are accepted only when they are zero padding.
 */
export async function readChunks(
  src: ByteReader,
  start: number,
  end: number,
  options: ChunkWalkOptions = {},
): Promise<RiffChunk[]> {
  const depth = options.depth ?? 0;
  if (depth > MAX_DEPTH)
    throw corrupt(`chunks nested deeper than ${MAX_DEPTH}`);
  if (end > src.size)
    throw corrupt(`chunk list at ${start} runs past the file`);
  const cached = WindowedReader.over(src);
  const chunks: RiffChunk[] = [];
  let at = start;
  while (at < end) {
    throwIfAborted(options.signal);
    if (chunks.length >= MAX_ENTRIES) throw corrupt('too many chunks');
    if (end - at < CHUNK_HEADER_BYTES) {
      await expectZeroPadding(cached, at, end);
      break;
    }
    const chunk = await readChunkAt(
      cached,
      at,
      end,
      options.endian ?? 'le',
      depth,
    );
    chunks.push(chunk);
    at = chunk.end;
  }
  return chunks;
}

/** The chunks nested in a `RIFF`/`LIST`/`FORM` chunk, after its form type. */
export function readChildren(
  src: ByteReader,
  parent: RiffChunk,
  options: ChunkWalkOptions = {},
): Promise<RiffChunk[]> {
  if (parent.listType === undefined) {
    throw corrupt(`chunk ${parent.id} at ${parent.offset} has no children`);
  }
  return readChunks(
    src,
    parent.dataOffset + FORM_TYPE_BYTES,
    parent.dataOffset + parent.size,
    { ...options, depth: parent.depth + 1 },
  );
}

/** Reads one chunk header at `at`, checking that the chunk fits in its parent ending at `end`. */
export async function readChunkAt(
  src: ByteReader,
  at: number,
  end: number,
  endian: RiffEndian = 'le',
  depth = 0,
): Promise<RiffChunk> {
  const head = await src.read(at, CHUNK_HEADER_BYTES + FORM_TYPE_BYTES);
  if (head.length < CHUNK_HEADER_BYTES)
    throw corrupt(`truncated chunk at ${at}`);
  const id = fourcc(head, 0);
  const size = endian === 'le' ? u32le(head, 4) : u32be(head, 4);
  const dataOffset = at + CHUNK_HEADER_BYTES;
  if (dataOffset + size > end) {
    throw corrupt(`chunk ${JSON.stringify(id)} at ${at} overruns its parent`);
  }
  const isContainer = CONTAINER_IDS.has(id);
  if (isContainer && size < FORM_TYPE_BYTES) {
    throw corrupt(`list ${id} at ${at} is too short for its form type`);
  }
  const padded = dataOffset + size + (size % 2);
  return {
    id,
    offset: at,
    dataOffset,
    size,
    end: Math.min(padded, end),
    depth,
    ...(isContainer ? { listType: fourcc(head, CHUNK_HEADER_BYTES) } : {}),
  };
}

async function expectZeroPadding(
  src: ByteReader,
  at: number,
  end: number,
): Promise<void> {
  const rest = await src.readExact(at, end - at);
  if (rest.some((b) => b !== 0)) {
    throw corrupt(`stray bytes at ${at} where a chunk header should be`);
  }
}

/**
 * The 8-byte header of a chunk of `size` payload bytes; with id `JUNK` it turns any chunk into
 * padding of the same length in place, so index offsets (AVI `idx1`) stay valid.
 */
export function chunkHeader(
  id: string,
  size: number,
  endian: RiffEndian = 'le',
): Uint8Array {
  if (id.length !== FORM_TYPE_BYTES) throw corrupt(`bad chunk id ${id}`);
  const header = new Uint8Array(CHUNK_HEADER_BYTES);
  for (let i = 0; i < FORM_TYPE_BYTES; i++) header[i] = id.charCodeAt(i) & 0xff;
  const view = new DataView(header.buffer);
  view.setUint32(FORM_TYPE_BYTES, size, endian === 'le');
  return header;
}
