/**
 * Where a raw deflate stream (RFC 1951) ends against the size its container says it makes,
 * found by walking its blocks (block-walk.ts) without inflating them: the walk counts what each
 * block makes, so a stream that would make more costs no more than `size` bytes of counting, and
 * the final block's last bit says where the stream ends. Bytes after that end are read by no
 * inflater and could hold anything.
 */
import { walkBlocks } from './block-walk';

const BITS_PER_BYTE = 8;

/**
 * `exact`: the stream makes `size` bytes and its final block ends in its last byte; `broken`: it
 * is not valid deflate, or makes more than `size`; `short`: it makes fewer; `trailing`: bytes
 * follow its end.
 */
export type StreamEnd = 'exact' | 'broken' | 'short' | 'trailing';

export function streamEnd(raw: Uint8Array, size: number): StreamEnd {
  const walk = walkBlocks(raw, Infinity, size);
  if (!walk?.end) return 'broken';
  if (walk.end.out !== size) return 'short';
  return Math.ceil(walk.end.bit / BITS_PER_BYTE) === raw.length
    ? 'exact'
    : 'trailing';
}
