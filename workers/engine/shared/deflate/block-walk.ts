/**
 * Walks a raw deflate stream (RFC 1951) block by block, counting the bytes each block makes but
 * never making them: where each block starts (its bit position) and how many bytes came before
 * it. A splice needs exactly that; the bytes themselves were already inflated by the host.
 * Anything a valid stream would not hold ends the walk with null: the caller then falls back.
 */
import { BitReader } from './bit-reader';
import {
  entryBits,
  entrySymbol,
  huffmanTable,
  MAX_CODE_BITS,
  type HuffmanTable,
} from './huffman';

export const BTYPE_STORED = 0;
export const BTYPE_FIXED = 1;
export const BTYPE_DYNAMIC = 2;

export interface BlockStart {
  /** Bit position of the block's header (its BFINAL bit). */
  readonly bit: number;
  /** Bytes the stream made before this block. */
  readonly out: number;
  readonly type: number;
  readonly final: boolean;
}

export interface BlockWalk {
  readonly blocks: readonly BlockStart[];
  /** Where the final block ended (bit after its last code) and the stream's length; null when stopped before. */
  readonly end: { readonly bit: number; readonly out: number } | null;
}

/** 3.2.5: lengths 3-258 by symbol 257-285, base and extra bits. */
const LENGTH_BASE = [
  3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67,
  83, 99, 115, 131, 163, 195, 227, 258,
];
const LENGTH_EXTRA = [
  0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5,
  5, 5, 0,
];
/** 3.2.5: distances 1-32768 by symbol 0-29, base and extra bits. */
const DIST_BASE = [
  1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769,
  1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
];
const DIST_EXTRA = [
  0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11,
  11, 12, 12, 13, 13,
];
const END_OF_BLOCK = 256;
const FIRST_LENGTH = 257;
/** 3.2.7: at most 286 literal/length codes and 30 distance codes are sent. */
const MAX_LIT_CODES = 286;
const MAX_DIST_CODES = 30;
/** 3.2.7: the order in which the code length code's lengths are sent. */
const CODE_LENGTH_ORDER = [
  16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
];
const CODE_LENGTH_BITS = 3;

/** 3.2.6: the fixed codes. */
const FIXED = (() => {
  const lit = new Uint8Array(288);
  lit.fill(8, 0, 144).fill(9, 144, 256).fill(7, 256, 280).fill(8, 280, 288);
  return {
    lit: huffmanTable(lit)!,
    dist: huffmanTable(new Uint8Array(MAX_DIST_CODES + 2).fill(5))!,
  };
})();

function readSymbol(r: BitReader, table: HuffmanTable): number {
  const entry = table.entries[r.peek(table.maxBits)]!;
  const bits = entryBits(entry);
  if (!bits) return -1;
  r.pos += bits;
  return entrySymbol(entry);
}

/** 3.2.7: a dynamic block's two codes, read from its header; null when not valid. */
function dynamicCodes(
  r: BitReader,
): { lit: HuffmanTable; dist: HuffmanTable } | null {
  const hlit = r.bits(5) + 257;
  const hdist = r.bits(5) + 1;
  const hclen = r.bits(4) + 4;
  if (hlit > MAX_LIT_CODES || hdist > MAX_DIST_CODES) return null;
  const clLengths = new Uint8Array(CODE_LENGTH_ORDER.length);
  for (let i = 0; i < hclen; i++)
    clLengths[CODE_LENGTH_ORDER[i]!] = r.bits(CODE_LENGTH_BITS);
  const cl = huffmanTable(clLengths);
  if (!cl || cl.maxBits === 0) return null;
  const lengths = new Uint8Array(hlit + hdist);
  for (let i = 0; i < lengths.length;) {
    const sym = readSymbol(r, cl);
    if (sym < 0 || r.overrun) return null;
    if (sym < 16) {
      lengths[i++] = sym;
      continue;
    }
    // 16: the previous length 3-6 times; 17: zero 3-10 times; 18: zero 11-138 times.
    let value = 0;
    let times: number;
    if (sym === 16) {
      if (i === 0) return null;
      value = lengths[i - 1]!;
      times = 3 + r.bits(2);
    } else if (sym === 17) times = 3 + r.bits(3);
    else times = 11 + r.bits(7);
    if (i + times > lengths.length) return null;
    lengths.fill(value, i, i + times);
    i += times;
  }
  if (!lengths[END_OF_BLOCK]) return null;
  const lit = huffmanTable(lengths.subarray(0, hlit));
  const dist = huffmanTable(lengths.subarray(hlit));
  return lit && dist && lit.maxBits <= MAX_CODE_BITS ? { lit, dist } : null;
}

/** The bytes a Huffman-coded block makes (3.2.5), reading to its end-of-block code; -1 when not valid. */
function codedBlockLength(
  r: BitReader,
  codes: { lit: HuffmanTable; dist: HuffmanTable },
  before: number,
  maxOut: number,
): number {
  let out = before;
  for (;;) {
    if (out > maxOut) return -1;
    const sym = readSymbol(r, codes.lit);
    if (sym < 0 || r.overrun) return -1;
    if (sym < END_OF_BLOCK) {
      out++;
      continue;
    }
    if (sym === END_OF_BLOCK) return out - before;
    const li = sym - FIRST_LENGTH;
    if (li >= LENGTH_BASE.length) return -1;
    const length = LENGTH_BASE[li]! + r.bits(LENGTH_EXTRA[li]!);
    const ds = readSymbol(r, codes.dist);
    if (ds < 0 || ds >= DIST_BASE.length) return -1;
    const distance = DIST_BASE[ds]! + r.bits(DIST_EXTRA[ds]!);
    if (distance > out) return -1;
    out += length;
  }
}

/**
 * True when a stream's first block makes at least one byte (3.2.3): a stored block whose LEN is
 * above 0, or a coded block whose first code is not end-of-block. False for an empty first block
 * and for bytes this reader does not take as a block's start: false claims nothing.
 */
export function firstBlockMakesBytes(raw: Uint8Array): boolean {
  const r = new BitReader(raw);
  r.bits(1);
  const type = r.bits(2);
  if (r.overrun) return false;
  if (type === BTYPE_STORED) {
    r.alignToByte();
    const len = r.bits(16);
    const nlen = r.bits(16);
    return !r.overrun && (len ^ nlen) === 0xffff && len > 0;
  }
  const codes =
    type === BTYPE_FIXED
      ? FIXED
      : type === BTYPE_DYNAMIC
        ? dynamicCodes(r)
        : null;
  if (!codes || r.overrun) return false;
  const sym = readSymbol(r, codes.lit);
  return !r.overrun && sym >= 0 && sym !== END_OF_BLOCK;
}

/**
 * The blocks of `raw` up to the first whose start lies at or past `stopAt` bytes of output (that
 * block is the last listed, not read), or to the end of the final block. Null when the stream is
 * not valid deflate, or makes more than `maxOut` bytes before either.
 */
export function walkBlocks(
  raw: Uint8Array,
  stopAt: number,
  maxOut: number,
): BlockWalk | null {
  const r = new BitReader(raw);
  const blocks: BlockStart[] = [];
  let out = 0;
  for (;;) {
    const bit = r.pos;
    const final = r.bits(1) === 1;
    const type = r.bits(2);
    if (r.overrun) return null;
    blocks.push({ bit, out, type, final });
    if (out >= stopAt) return { blocks, end: null };
    let made: number;
    if (type === BTYPE_STORED) {
      // 3.2.4: skip to a byte boundary, then LEN and its one's complement NLEN, then LEN bytes.
      r.alignToByte();
      const len = r.bits(16);
      const nlen = r.bits(16);
      if ((len ^ nlen) !== 0xffff) return null;
      r.pos += len * 8;
      made = len;
    } else if (type === BTYPE_FIXED)
      made = codedBlockLength(r, FIXED, out, maxOut);
    else if (type === BTYPE_DYNAMIC) {
      const codes = dynamicCodes(r);
      if (!codes) return null;
      made = codedBlockLength(r, codes, out, maxOut);
    } else return null;
    if (made < 0 || r.overrun) return null;
    out += made;
    if (out > maxOut) return null;
    if (final) return { blocks, end: { bit: r.pos, out } };
  }
}
