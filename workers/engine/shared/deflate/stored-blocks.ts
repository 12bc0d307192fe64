/**
 * Bytes as a raw deflate stream of stored blocks (RFC 1951 3.2.4): each block a header byte
 * (BFINAL, BTYPE 00, the rest of the byte padding), LEN and its one's complement NLEN, then LEN
 * bytes as they are. Blocks hold 65535 bytes each, the last one the rest and marked final: the
 * blocks fflate's `deflateSync` at level 0 writes, to their final block, made with one copy per
 * block instead of its byte-by-byte loop (a splice's new start is tens of kilobytes a photo).
 */

/** 3.2.4: LEN is 16 bits. */
export const STORED_BLOCK_MAX = 0xffff;
/** The header byte, LEN and NLEN. */
const STORED_HEADER_BYTES = 5;
const BFINAL = 1;

export function storedBlocks(data: Uint8Array): Uint8Array {
  const blocks = Math.max(1, Math.ceil(data.length / STORED_BLOCK_MAX));
  const out = new Uint8Array(data.length + blocks * STORED_HEADER_BYTES);
  let at = 0;
  for (let block = 0; block < blocks; block++) {
    const from = block * STORED_BLOCK_MAX;
    const length = Math.min(STORED_BLOCK_MAX, data.length - from);
    out[at] = block === blocks - 1 ? BFINAL : 0;
    out[at + 1] = length & 0xff;
    out[at + 2] = length >>> 8;
    out[at + 3] = ~length & 0xff;
    out[at + 4] = (~length >>> 8) & 0xff;
    out.set(data.subarray(from, from + length), at + STORED_HEADER_BYTES);
    at += STORED_HEADER_BYTES + length;
  }
  return out;
}
