/**
 * FLAC metadata blocks (RFC 9639 section 8): after `fLaC`, blocks with a 4-byte header (last-block
 * flag, 7-bit type, 24-bit length). STREAMINFO comes first; audio frames follow the last block.
 */
import type { ByteSource } from '../../byte-source';
import { ascii, startsWith, u24be } from '../../bytes';
import { corrupt, throwIfAborted } from '../../errors';
import { MAX_ENTRIES } from '../../limits';

export const FLAC_MAGIC = ascii('fLaC');
export const BLOCK_HEADER_BYTES = 4;
const LAST_BLOCK = 0x80;
const TYPE_MASK = 0x7f;
const TYPE_INVALID = 127;

export const BLOCK = {
  streamInfo: 0,
  padding: 1,
  application: 2,
  seekTable: 3,
  vorbisComment: 4,
  cueSheet: 5,
  picture: 6,
} as const;

export interface FlacBlock {
  readonly type: number;
  /** Offset of the block header. */
  readonly offset: number;
  readonly dataOffset: number;
  readonly size: number;
}

export interface FlacLayout {
  readonly blocks: FlacBlock[];
  /** Where the first audio frame starts (just past the last metadata block). */
  readonly audioStart: number;
}

export const isFlac = (b: Uint8Array, at = 0): boolean =>
  startsWith(b, FLAC_MAGIC, at);

/** Walks the metadata blocks of the stream whose `fLaC` marker is at `start`. */
export async function readFlacBlocks(
  src: ByteSource,
  start: number,
  signal?: AbortSignal,
): Promise<FlacLayout> {
  if (!isFlac(await src.read(start, FLAC_MAGIC.length), 0))
    throw corrupt(`no fLaC marker at ${start}`);
  const blocks: FlacBlock[] = [];
  let at = start + FLAC_MAGIC.length;
  for (let last = false; !last;) {
    throwIfAborted(signal);
    if (blocks.length >= MAX_ENTRIES)
      throw corrupt('too many FLAC metadata blocks');
    const header = await src.readExact(at, BLOCK_HEADER_BYTES);
    const type = header[0]! & TYPE_MASK;
    const size = u24be(header, 1);
    const dataOffset = at + BLOCK_HEADER_BYTES;
    if (type === TYPE_INVALID)
      throw corrupt(`invalid FLAC block type at ${at}`);
    if (blocks.length === 0 && type !== BLOCK.streamInfo)
      throw corrupt('FLAC stream does not start with STREAMINFO');
    if (dataOffset + size > src.size)
      throw corrupt(`FLAC block at ${at} runs past the file`);
    blocks.push({ type, offset: at, dataOffset, size });
    last = (header[0]! & LAST_BLOCK) !== 0;
    at = dataOffset + size;
  }
  return { blocks, audioStart: at };
}

/** A block header with the last-block flag set as asked. */
export function blockHeader(
  type: number,
  size: number,
  last: boolean,
): Uint8Array {
  return Uint8Array.of(
    (last ? LAST_BLOCK : 0) | type,
    (size >>> 16) & 0xff,
    (size >>> 8) & 0xff,
    size & 0xff,
  );
}
