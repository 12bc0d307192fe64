/**
 * Canonical Huffman codes of a deflate stream (RFC 1951 3.2.2), as lookup tables for reading.
 * Deflate packs a code's bits from its most significant bit on, into bytes from their least
 * significant bit (3.1.1), so the table is indexed by the next `maxBits` stream bits as read
 * least significant first, with each code's bits reversed.
 */

/** The longest code deflate allows (3.2.7: code lengths 0-15). */
export const MAX_CODE_BITS = 15;
/** Bits of an entry that hold its code length; the symbol is above them. */
const LENGTH_BITS = 4;
const LENGTH_MASK = (1 << LENGTH_BITS) - 1;

export interface HuffmanTable {
  /** Entry = symbol << 4 | code length; 0 where no code begins with those bits. */
  readonly entries: Uint32Array;
  readonly maxBits: number;
}

function reverse(code: number, bits: number): number {
  let r = 0;
  for (let i = 0; i < bits; i++) r = (r << 1) | ((code >>> i) & 1);
  return r;
}

/**
 * The table of the code with these lengths (0: the symbol has no code), or null when the lengths
 * over-subscribe the code space, which no valid stream does. An incomplete code is built; a bit
 * pattern no code has reads as an entry of 0, and the reader fails there.
 */
export function huffmanTable(lengths: ArrayLike<number>): HuffmanTable | null {
  const count = new Uint16Array(MAX_CODE_BITS + 1);
  let maxBits = 0;
  for (let s = 0; s < lengths.length; s++) {
    const len = lengths[s]!;
    count[len]!++;
    if (len > maxBits) maxBits = len;
  }
  count[0] = 0;
  // 3.2.2 step 2: the first code of each length; the space left must never go below zero.
  const next = new Uint16Array(MAX_CODE_BITS + 2);
  let code = 0;
  let left = 1;
  for (let bits = 1; bits <= MAX_CODE_BITS; bits++) {
    left = left * 2 - count[bits]!;
    if (left < 0) return null;
    code = (code + count[bits - 1]!) << 1;
    next[bits] = code;
  }
  const entries = new Uint32Array(1 << maxBits);
  for (let s = 0; s < lengths.length; s++) {
    const len = lengths[s]!;
    if (!len) continue;
    const reversed = reverse(next[len]!++, len);
    for (let i = reversed; i < entries.length; i += 1 << len)
      entries[i] = (s << LENGTH_BITS) | len;
  }
  return { entries, maxBits };
}

/** The code length an entry holds (0 for no code). */
export const entryBits = (entry: number): number => entry & LENGTH_MASK;
/** The symbol an entry holds. */
export const entrySymbol = (entry: number): number => entry >>> LENGTH_BITS;
