/**
 * GIF block walk (GIF89a spec, sections 17-27): header, logical screen, global colour table,
 * then extensions and images until the trailer. Every size is checked against the file.
 */
import { ascii, startsWith } from '../../bytes';
import { corrupt } from '../../errors';
import { MAX_ENTRIES } from '../../limits';
import type { GifCursor } from './cursor';

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

/** GIF spec 18/20: a colour table has 3 * 2^(size + 1) bytes. */
function colorTableBytes(packed: number): number {
  if ((packed & COLOR_TABLE_FLAG) === 0) return 0;
  return 3 * 2 ** ((packed & COLOR_TABLE_SIZE_MASK) + 1);
}

/** Skips data sub-blocks (GIF spec 15) from `at`; returns the offset after the terminator. */
export async function skipSubBlocks(
  cursor: GifCursor,
  at: number,
): Promise<number> {
  let offset = at;
  for (;;) {
    const size = await cursor.byte(offset);
    offset += 1 + size;
    if (size === 0) return offset;
    if (offset > cursor.size) throw corrupt('GIF sub-block runs past the file');
  }
}

async function readImage(cursor: GifCursor, start: number): Promise<GifBlock> {
  const descriptor = await cursor.bytesAt(start, IMAGE_DESCRIPTOR_BYTES);
  const lzwCodeSize =
    start + IMAGE_DESCRIPTOR_BYTES + colorTableBytes(descriptor[9]!);
  const end = await skipSubBlocks(cursor, lzwCodeSize + 1);
  return { kind: 'image', start, end };
}

async function readExtension(
  cursor: GifCursor,
  start: number,
): Promise<GifBlock> {
  const label = await cursor.byte(start + 1);
  const dataStart = start + 2;
  const end = await skipSubBlocks(cursor, dataStart);
  return { kind: 'extension', label, start, end, dataStart };
}

async function readScreen(cursor: GifCursor): Promise<number> {
  const head = await cursor.bytesAt(0, HEADER_BYTES + SCREEN_DESCRIPTOR_BYTES);
  if (!startsWith(head, GIF87A) && !startsWith(head, GIF89A))
    throw corrupt('not a GIF header');
  const screenEnd = head.length + colorTableBytes(head[10]!);
  if (screenEnd > cursor.size)
    throw corrupt('GIF colour table runs past the file');
  return screenEnd;
}

export async function readGifLayout(cursor: GifCursor): Promise<GifLayout> {
  const screenEnd = await readScreen(cursor);
  const blocks: GifBlock[] = [];
  let offset = screenEnd;
  while (blocks.length < MAX_ENTRIES) {
    const introducer = await cursor.byte(offset);
    if (introducer === TRAILER)
      return { screenEnd, blocks, imageEnd: offset + 1 };
    if (introducer === EXTENSION_INTRODUCER)
      blocks.push(await readExtension(cursor, offset));
    else if (introducer === IMAGE_SEPARATOR)
      blocks.push(await readImage(cursor, offset));
    else
      throw corrupt(
        `unknown GIF block 0x${introducer.toString(16)} at ${offset}`,
      );
    offset = blocks.at(-1)!.end;
  }
  throw corrupt('too many GIF blocks');
}

/** The first data sub-block of an extension (an application id, the start of a comment). */
export async function firstSubBlock(
  cursor: GifCursor,
  dataStart: number,
): Promise<Uint8Array> {
  const size = await cursor.byte(dataStart);
  return cursor.bytesAt(dataStart + 1, Math.min(size, FIRST_DATA_BYTES));
}
