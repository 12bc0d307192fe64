/**
 * GIF block walk (GIF89a spec, sections 17-27): header, logical screen, global colour table,
 * then extensions and images until the trailer. Every size is checked against the file.
 */
import { ascii, startsWith } from '../../bytes';
import { corrupt, throwIfAborted } from '../../errors';
import type { EngineContext } from '../../format-module';
import { MAX_ENTRIES } from '../../limits';
import type { WindowedReader } from '../../windowed-reader';

export const GIF87A = ascii('GIF87a');
export const GIF89A = ascii('GIF89a');
const HEADER_BYTES = 6;
const SCREEN_DESCRIPTOR_BYTES = 7;
const IMAGE_DESCRIPTOR_BYTES = 10;
const COLOR_TABLE_FLAG = 0x80;
const COLOR_TABLE_SIZE_MASK = 0x07;
const EXTENSION_INTRODUCER = 0x21;
const IMAGE_SEPARATOR = 0x2c;
const TRAILER = 0x3b;
/** Bytes of the first data sub-block kept for the report (an application id, comment text). */
const FIRST_DATA_BYTES = 255;
/** Blocks walked between two checks of the abort signal and two progress reports. */
const BLOCKS_PER_CHECK = 4096;

export type GifBlock =
  | { readonly kind: 'image'; readonly start: number; readonly end: number }
  | {
      readonly kind: 'extension';
      readonly label: number;
      readonly start: number;
      readonly end: number;
      /** Where its data sub-blocks start (the first size byte). */
      readonly dataStart: number;
    };

export interface GifLayout {
  /** Header, logical screen descriptor and global colour table: [0, screenEnd). */
  readonly screenEnd: number;
  readonly blocks: readonly GifBlock[];
  /** Offset just past the trailer byte. */
  readonly imageEnd: number;
}

/** GIF89a specification 18/20: a colour table has 3 * 2^(size + 1) bytes. */
function colorTableBytes(packed: number): number {
  if ((packed & COLOR_TABLE_FLAG) === 0) return 0;
  return 3 * 2 ** ((packed & COLOR_TABLE_SIZE_MASK) + 1);
}

/** Skips data sub-blocks (GIF89a specification 15) from `at`; returns the offset after the terminator. */
export async function skipSubBlocks(
  reader: WindowedReader,
  at: number,
): Promise<number> {
  let offset = at;
  for (;;) {
    // Size bytes are read from the window synchronously; only a window miss awaits a read.
    let size = reader.cachedByte(offset);
    if (size < 0) size = await reader.byte(offset);
    offset += 1 + size;
    if (size === 0) return offset;
    if (offset > reader.size) throw corrupt('GIF sub-block runs past the file');
  }
}

/** The sub-blocks from `at` skipped inside the window; -1 when the window ends first. */
function skipCachedSubBlocks(reader: WindowedReader, at: number): number {
  let offset = at;
  for (;;) {
    const size = reader.cachedByte(offset);
    if (size < 0) return -1;
    offset += 1 + size;
    if (size === 0) return offset;
    if (offset > reader.size) throw corrupt('GIF sub-block runs past the file');
  }
}

/**
 * The block at `start` read from the window alone, without awaiting: a walk over many small
 * blocks (100,000 comments, say) costs microseconds per block. Null when the window ends first.
 */
function cachedBlock(
  reader: WindowedReader,
  start: number,
  introducer: number,
): GifBlock | null {
  if (introducer === EXTENSION_INTRODUCER) {
    const label = reader.cachedByte(start + 1);
    const dataStart = start + 2;
    const end = label < 0 ? -1 : skipCachedSubBlocks(reader, dataStart);
    return end < 0 ? null : { kind: 'extension', label, start, end, dataStart };
  }
  if (introducer === IMAGE_SEPARATOR) {
    const packed = reader.cachedByte(start + IMAGE_DESCRIPTOR_BYTES - 1);
    if (packed < 0) return null;
    const dataStart =
      start + IMAGE_DESCRIPTOR_BYTES + colorTableBytes(packed) + 1;
    const end = skipCachedSubBlocks(reader, dataStart);
    return end < 0 ? null : { kind: 'image', start, end };
  }
  return null;
}

async function readImage(
  reader: WindowedReader,
  start: number,
): Promise<GifBlock> {
  const descriptor = await reader.readExact(start, IMAGE_DESCRIPTOR_BYTES);
  const lzwCodeSize =
    start + IMAGE_DESCRIPTOR_BYTES + colorTableBytes(descriptor[9]!);
  const end = await skipSubBlocks(reader, lzwCodeSize + 1);
  return { kind: 'image', start, end };
}

async function readExtension(
  reader: WindowedReader,
  start: number,
): Promise<GifBlock> {
  const label = await reader.byte(start + 1);
  const dataStart = start + 2;
  const end = await skipSubBlocks(reader, dataStart);
  return { kind: 'extension', label, start, end, dataStart };
}

async function readScreen(reader: WindowedReader): Promise<number> {
  const head = await reader.readExact(
    0,
    HEADER_BYTES + SCREEN_DESCRIPTOR_BYTES,
  );
  if (!startsWith(head, GIF87A) && !startsWith(head, GIF89A))
    throw corrupt('not a GIF header');
  const screenEnd = head.length + colorTableBytes(head[10]!);
  if (screenEnd > reader.size)
    throw corrupt('GIF colour table runs past the file');
  return screenEnd;
}

function readBlock(
  reader: WindowedReader,
  start: number,
  introducer: number,
): Promise<GifBlock> {
  if (introducer === EXTENSION_INTRODUCER) return readExtension(reader, start);
  if (introducer === IMAGE_SEPARATOR) return readImage(reader, start);
  throw corrupt(`unknown GIF block 0x${introducer.toString(16)} at ${start}`);
}

export async function readGifLayout(
  reader: WindowedReader,
  ctx: EngineContext,
): Promise<GifLayout> {
  const screenEnd = await readScreen(reader);
  const blocks: GifBlock[] = [];
  let offset = screenEnd;
  while (blocks.length < MAX_ENTRIES) {
    if (blocks.length % BLOCKS_PER_CHECK === 0) {
      // The walk's reads report its progress (the engine meters every read).
      throwIfAborted(ctx.signal);
    }
    let introducer = reader.cachedByte(offset);
    if (introducer < 0) introducer = await reader.byte(offset);
    if (introducer === TRAILER)
      return { screenEnd, blocks, imageEnd: offset + 1 };
    const block =
      cachedBlock(reader, offset, introducer) ??
      (await readBlock(reader, offset, introducer));
    blocks.push(block);
    offset = block.end;
  }
  throw corrupt('too many GIF blocks');
}

/** The first data sub-block of an extension (an application id, the start of a comment). */
export async function firstSubBlock(
  reader: WindowedReader,
  dataStart: number,
): Promise<Uint8Array> {
  const size = await reader.byte(dataStart);
  return reader.readExact(dataStart + 1, Math.min(size, FIRST_DATA_BYTES));
}
