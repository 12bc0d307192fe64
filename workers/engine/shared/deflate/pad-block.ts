/**
 * An empty, non-final deflate block whose length in bits ends on any chosen bit of a byte: with
 * it a new stream can end exactly where an old stream's block began within its byte, so the old
 * stream's remaining bytes follow unshifted (a stored block, 3.2.4, pads to a byte boundary from
 * its header: shifting it by bits would change what it holds).
 *
 * The block is dynamic (RFC 1951 3.2.7) and complete in every code, as zlib's inflate requires:
 * - literal/length code, 257 lengths (HLIT 0): bytes 0-254 length 8, byte 255 and end-of-block 9;
 * - distance code, 30 lengths (HDIST 29): 0-27 length 5, 28-29 length 4;
 * - code length code: lengths 4, 5, 8 and 9 each coded in 2 bits; every other 0.
 * Its only symbol is end-of-block. The code length code's lengths are sent 3 bits each in a fixed
 * order (16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, ...), the last used (4) twelfth; HCLEN may send
 * 12 to 19 of them, the extra ones 0. That is 3 bits more per step, and 3 is prime to 8, so the
 * eight choices end the block on eight different bits of a byte.
 */
import { BTYPE_DYNAMIC } from './block-walk';

/** Writes bits least significant first into bytes (RFC 1951 3.1.1). */
export class BitWriter {
  constructor(
    readonly bytes: Uint8Array,
    public pos: number,
  ) {}

  /** `n` bits of `value`, least significant first (header fields, extra bits). */
  bits(value: number, n: number): void {
    for (let i = 0; i < n; i++, this.pos++)
      if ((value >>> i) & 1) this.bytes[this.pos >>> 3]! |= 1 << (this.pos & 7);
  }

  /** A Huffman code of `n` bits, most significant bit first (3.1.1). */
  code(code: number, n: number): void {
    for (let i = n - 1; i >= 0; i--, this.pos++)
      if ((code >>> i) & 1) this.bytes[this.pos >>> 3]! |= 1 << (this.pos & 7);
  }
}

const HLIT_CODES = 257;
const HDIST_CODES = 30;
/** Code length code entries sent at least: up to length 4's place. */
const MIN_CL_ENTRIES = 12;
/** The code length code's order of lengths (3.2.7), as far as the block sends them. */
const CL_ORDER = [
  16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
];
const CL_LENGTH = new Map([
  [4, 2],
  [5, 2],
  [8, 2],
  [9, 2],
]);
/** Canonical 2-bit codes of the code lengths used, in symbol order (3.2.2). */
const CL_CODE = new Map([
  [4, 0b00],
  [5, 0b01],
  [8, 0b10],
  [9, 0b11],
]);
const CL_CODE_BITS = 2;
/** End-of-block's canonical code: the last of length 9 (after 255 of length 8 and byte 255). */
const END_OF_BLOCK_CODE = 0b111111111;
const END_OF_BLOCK_BITS = 9;
/** BFINAL and BTYPE, then HLIT, HDIST and HCLEN (3.2.3, 3.2.7). */
const HEADER_BITS = 1 + 2 + 5 + 5 + 4;
/** What the block holds whatever its code length code's count: header, lengths, end-of-block. */
const FIXED_BITS =
  HEADER_BITS + (HLIT_CODES + HDIST_CODES) * CL_CODE_BITS + END_OF_BLOCK_BITS;
const CL_ENTRY_BITS = 3;

/** The lengths the block's two codes get, literal/length first. */
function codeLengths(): number[] {
  const lit = Array.from({ length: HLIT_CODES }, (_, s) => (s < 255 ? 8 : 9));
  const dist = Array.from({ length: HDIST_CODES }, (_, s) => (s < 28 ? 5 : 4));
  return [...lit, ...dist];
}
const LENGTHS = codeLengths();

/** 3 * 3 = 9, which is 1 modulo 8: multiplying by 3 undoes a multiplication by 3. */
const INVERSE_OF_3_MOD_8 = 3;

/**
 * Code length code entries (12-19) to send so a block written from bit `start` ends on bit
 * `phase` of a byte: the k extra entries past twelve must make 3k match the bits missing.
 */
function entriesFor(start: number, phase: number): number {
  const missing = phase - start - FIXED_BITS - MIN_CL_ENTRIES * CL_ENTRY_BITS;
  const extra = (((missing * INVERSE_OF_3_MOD_8) % 8) + 8) % 8;
  return MIN_CL_ENTRIES + extra;
}

/** The pad block's length in bits when written from bit `start` to end on bit `phase`. */
export const padBits = (start: number, phase: number): number =>
  FIXED_BITS + entriesFor(start, phase) * CL_ENTRY_BITS;

/** Writes the pad block at the writer's position so it ends on bit `phase` (0-7) of a byte. */
export function writePadBlock(w: BitWriter, phase: number): void {
  const entries = entriesFor(w.pos, phase);
  w.bits(0, 1); // BFINAL: more blocks follow.
  w.bits(BTYPE_DYNAMIC, 2);
  w.bits(HLIT_CODES - 257, 5);
  w.bits(HDIST_CODES - 1, 5);
  w.bits(entries - 4, 4);
  for (let i = 0; i < entries; i++)
    w.bits(CL_LENGTH.get(CL_ORDER[i] ?? -1) ?? 0, CL_ENTRY_BITS);
  for (const len of LENGTHS) w.code(CL_CODE.get(len)!, CL_CODE_BITS);
  w.code(END_OF_BLOCK_CODE, END_OF_BLOCK_BITS);
}
