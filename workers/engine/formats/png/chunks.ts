/**
 * PNG chunk layout (PNG spec, 5.3): length (4), type (4), data (length), CRC (4). Only the
 * 8-byte headers are read, through a window so that files with thousands of IDAT chunks cost a
 * few hundred reads, not thousands.
 */
import type { ByteSource } from '../../byte-source';
import { fourcc, startsWith, u32be } from '../../bytes';
import { corrupt, throwIfAborted } from '../../errors';
import { MAX_ENTRIES } from '../../limits';

export const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const HEADER_BYTES = 8;
const CRC_BYTES = 4;
/** PNG specification 5.3: a chunk length is at most 2^31 - 1. */
const MAX_CHUNK_LENGTH = 0x7fffffff;
const WINDOW_BYTES = 64 * 1024;
const ABORT_CHECK_EVERY = 1024;

export interface PngChunk {
  readonly type: string;
  /** Offset of the length field; the chunk is [offset, end). */
  readonly offset: number;
  readonly dataOffset: number;
  readonly length: number;
  readonly end: number;
}

export interface PngLayout {
  readonly chunks: readonly PngChunk[];
  /** Where IEND ends; anything after it is data the decoder never reads. */
  readonly imageEnd: number;
}

/** PNG specification 5.4: each type byte is an ASCII letter; bit 5 of the first is the ancillary bit. */
function isChunkType(type: string): boolean {
  return /^[A-Za-z]{4}$/.test(type);
}

export function isCritical(type: string): boolean {
  return type.charCodeAt(0) < 0x61;
}

/** Reads 8-byte headers out of a window that is refilled only when a header falls outside it. */
class HeaderWindow {
  private start = 0;
  private bytes: Uint8Array = new Uint8Array(0);

  constructor(private readonly src: ByteSource) {}

  async at(offset: number): Promise<Uint8Array> {
    const inside = offset - this.start;
    if (inside < 0 || inside + HEADER_BYTES > this.bytes.length) {
      this.start = offset;
      this.bytes = await this.src.read(offset, WINDOW_BYTES);
      if (this.bytes.length < HEADER_BYTES)
        throw corrupt(`PNG chunk header truncated at ${offset}`);
      return this.bytes.subarray(0, HEADER_BYTES);
    }
    return this.bytes.subarray(inside, inside + HEADER_BYTES);
  }
}

async function readChunk(
  window: HeaderWindow,
  offset: number,
  fileSize: number,
): Promise<PngChunk> {
  const header = await window.at(offset);
  const length = u32be(header, 0);
  const type = fourcc(header, 4);
  if (!isChunkType(type)) throw corrupt(`bad PNG chunk type at ${offset}`);
  if (length > MAX_CHUNK_LENGTH)
    throw corrupt(`PNG chunk ${type} at ${offset} is too long`);
  const dataOffset = offset + HEADER_BYTES;
  const end = dataOffset + length + CRC_BYTES;
  if (end > fileSize)
    throw corrupt(`PNG chunk ${type} at ${offset} runs past the file`);
  return { type, offset, dataOffset, length, end };
}

/** Walks every chunk from the signature to IEND; fails as corrupt on anything out of bounds. */
export async function readPngLayout(
  src: ByteSource,
  signal?: AbortSignal,
): Promise<PngLayout> {
  const signature = await src.readExact(0, PNG_SIGNATURE.length);
  if (!startsWith(signature, PNG_SIGNATURE))
    throw corrupt('not a PNG signature');
  const window = new HeaderWindow(src);
  const chunks: PngChunk[] = [];
  let offset = PNG_SIGNATURE.length;
  for (;;) {
    if (chunks.length >= MAX_ENTRIES) throw corrupt('too many PNG chunks');
    if (chunks.length % ABORT_CHECK_EVERY === 0) throwIfAborted(signal);
    const chunk = await readChunk(window, offset, src.size);
    if (chunks.length === 0 && chunk.type !== 'IHDR')
      throw corrupt('PNG does not start with IHDR');
    chunks.push(chunk);
    offset = chunk.end;
    if (chunk.type === 'IEND') return { chunks, imageEnd: offset };
  }
}
