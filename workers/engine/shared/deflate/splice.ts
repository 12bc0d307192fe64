/**
 * The deflate splice: a member whose content changed only in its first bytes (a photo's
 * metadata) gets a new deflate stream made of a small new start and the original stream's
 * remaining bytes, copied as they are, instead of being deflated again or stored whole.
 *
 * Why it is sound (RFC 1951): a block's codes are its own (3.2.6, 3.2.7; a stored block has
 * none), so all a block needs from what came before is the window: back-references reach at most
 * 32768 bytes back (3.2.5). Take the first block boundary B whose output offset is at least that
 * far past the last byte the cleaner changed: every reference from B on points at unchanged
 * bytes, at the same distance, however much longer or shorter the new start is. The new stream is
 * (cleaned start + the unchanged bytes up to B) as non-final stored blocks, then a pad block
 * ending on the same bit of a byte as B (pad-block.ts), then the original's bytes from B's, the
 * byte B starts in merged bit by bit, checked by inflating across the junction. The CRC-32
 * follows without reading the tail (crc32-combine.ts).
 */
import { Inflate } from 'fflate';
import { crc32 } from '../crc32';
import { hostCodecs } from '../host-codecs';
import { crc32Combine, crc32OfTail } from '../crc32-combine';
import { walkBlocks } from './block-walk';
import { BitWriter, padBits, writePadBlock } from './pad-block';
import { storedBlocks } from './stored-blocks';

/** 3.2.5: the farthest a back-reference reaches. */
export const DEFLATE_WINDOW = 32 * 1024;
/**
 * How far past the window a block boundary is looked for: deflaters end a block every few tens
 * of kilobytes, and a stream of one long block is deflated again instead of walked in JavaScript.
 */
export const MAX_BOUNDARY_SEARCH = 1024 * 1024;

export interface SpliceInput {
  /** The member's deflate stream: proven by the caller to inflate to `content` and to end at its last byte. */
  readonly raw: Uint8Array;
  /** The stream's content, inflated. */
  readonly content: Uint8Array;
  /** The content's CRC-32, proven by the caller. */
  readonly crc32: number;
  /** The cleaned bytes that take the place of `content[0, changedEnd)`. */
  readonly cleanedHead: Uint8Array;
  /** The content from here to its end is unchanged by the clean. */
  readonly changedEnd: number;
}

export interface DeflateSplice {
  /** The new stream's first bytes; `raw` from `tailFrom` to its end follows them. */
  readonly head: Uint8Array;
  readonly tailFrom: number;
  /** The new content's CRC-32 and length. */
  readonly crc32: number;
  readonly size: number;
}

/** Output checked past the junction: two windows. */
const CHECKED_PAST = 2 * DEFLATE_WINDOW;
/** Compressed bytes of the tail fed with the new start while checking the junction, then at a time. */
const TAIL_FIRST = CHECKED_PAST + DEFLATE_WINDOW;
const TAIL_CHUNK = 256 * 1024;
/** Stops the inflater once enough was checked. */
const ENOUGH = Symbol('checked');

interface Junction {
  /** The new stream's start: the new content, a pad block, and B's first byte merged. */
  readonly head: Uint8Array;
  /** The original stream; the new one goes on from `tailFrom`. */
  readonly raw: Uint8Array;
  readonly tailFrom: number;
  /** What the new stream must make: `start`, then `content` from `from`. */
  readonly start: Uint8Array;
  readonly content: Uint8Array;
  readonly from: number;
}

/**
 * The junction checked by inflating across it: the new start, then the original's bytes from B,
 * must make the new start's content and then the original content from B's offset, for two
 * windows past B. From there every back-reference reaches only bytes both streams made alike,
 * from the same bits, so the rest makes what the rest of the original made. A walk that took B at
 * the wrong bit or offset, or a new start that does not inflate to what it should, fails here:
 * verify-after-clean does not inflate a held member written spliced.
 */
function junctionHolds(j: Junction): boolean {
  const wanted =
    j.start.length + Math.min(CHECKED_PAST, j.content.length - j.from);
  // One push of the start and enough of the tail for the check in the usual case (image data
  // hardly compresses): the streaming inflater copies what it holds at every push.
  const first = Math.min(j.raw.length, j.tailFrom + TAIL_FIRST);
  const joined = new Uint8Array(j.head.length + first - j.tailFrom);
  joined.set(j.head);
  joined.set(j.raw.subarray(j.tailFrom, first), j.head.length);
  return (
    provenNatively(j, joined, wanted) || checkedByInflating(j, joined, wanted)
  );
}

/**
 * The junction proven by the host's native inflate and compare, where it lends them: `joined`
 * made at least `wanted` bytes, and they are what the junction must make. Any other answer (a
 * throw, too few bytes, a difference) proves nothing, and `checkedByInflating` decides, so the
 * decision is the engine's own wherever it is not a plain yes.
 */
function provenNatively(
  j: Junction,
  joined: Uint8Array,
  wanted: number,
): boolean {
  const { inflateRawPrefix, bytesEqual } = hostCodecs();
  if (!inflateRawPrefix || !bytesEqual) return false;
  let made: Uint8Array | null;
  try {
    // No valid junction makes more than the new content: the start, then the rest from B.
    made = inflateRawPrefix(joined, j.start.length + j.content.length - j.from);
  } catch {
    return false;
  }
  if (!made || made.length < wanted) return false;
  const inStart = j.start.length;
  return (
    bytesEqual(made.subarray(0, inStart), j.start) &&
    bytesEqual(
      made.subarray(inStart, wanted),
      j.content.subarray(j.from, j.from + wanted - inStart),
    )
  );
}

/** The junction checked by the engine's own streaming inflate, `joined` its first push. */
function checkedByInflating(
  j: Junction,
  joined: Uint8Array,
  wanted: number,
): boolean {
  const first = j.tailFrom + joined.length - j.head.length;
  let made = 0;
  let same = true;
  const inflater = new Inflate((chunk) => {
    const take = Math.min(chunk.length, wanted - made);
    same = madeAsExpected(j, chunk.subarray(0, take), made);
    made += take;
    if (!same || made >= wanted) throw ENOUGH;
  });
  try {
    inflater.push(joined, first === j.raw.length);
    for (let at = first; at < j.raw.length; at += TAIL_CHUNK) {
      const end = Math.min(j.raw.length, at + TAIL_CHUNK);
      inflater.push(j.raw.subarray(at, end), end === j.raw.length);
    }
  } catch (error) {
    if (error !== ENOUGH) return false;
  }
  return same && made >= wanted;
}

/**
 * True when `made`, inflated from offset `at` of the new stream, is what the junction says it must
 * make there: `start`, then `content` from `from`. Compared in two plain loops, one for each,
 * since the check reads up to a megabyte of each photo's start.
 */
function madeAsExpected(j: Junction, made: Uint8Array, at: number): boolean {
  const inStart = Math.max(0, Math.min(made.length, j.start.length - at));
  for (let i = 0; i < inStart; i++)
    if (made[i] !== j.start[at + i]) return false;
  const shift = j.from + at - j.start.length;
  for (let i = inStart; i < made.length; i++)
    if (made[i] !== j.content[shift + i]) return false;
  return true;
}

/** Clears a block's BFINAL bit (its header's first bit, 3.2.3). */
function clearFinal(bytes: Uint8Array, bit: number): void {
  bytes[bit >>> 3]! &= ~(1 << (bit & 7));
}

/**
 * The spliced stream, or null when the stream is not one to splice: no block boundary a window
 * past the change within `MAX_BOUNDARY_SEARCH`, a final block before it, or anything the walk does
 * not take as valid deflate. The caller then deflates or stores the member whole.
 */
export function spliceDeflate(input: SpliceInput): DeflateSplice | null {
  const { raw, content, cleanedHead, changedEnd } = input;
  const target = changedEnd + DEFLATE_WINDOW;
  if (target >= content.length) return null;
  const walk = walkBlocks(
    raw,
    target,
    Math.min(content.length, target + MAX_BOUNDARY_SEARCH),
  );
  const boundary = walk?.end === null ? walk.blocks.at(-1) : undefined;
  if (!boundary || boundary.out < target || boundary.out >= content.length)
    return null;
  const startLength = cleanedHead.length + boundary.out - changedEnd;
  const start = new Uint8Array(startLength);
  start.set(cleanedHead);
  start.set(content.subarray(changedEnd, boundary.out), cleanedHead.length);

  // Stored (3.2.4): a photo's start is mostly its compressed image data, which deflating again
  // shrank by 0.2% on the bench's photos at a cost of 20-80 ms each in JavaScript.
  const ours = storedBlocks(start);
  const own = walkBlocks(ours, Infinity, start.length);
  const last = own?.blocks.at(-1);
  if (!own?.end || !last || own.end.out !== start.length) return null;
  const phase = boundary.bit & 7;
  const bits = own.end.bit + padBits(own.end.bit, phase);
  // Our bits, then the pad block, then (when B is not on a byte boundary) the byte B starts in.
  const head = new Uint8Array(Math.ceil(bits / 8));
  head.set(ours.subarray(0, Math.ceil(own.end.bit / 8)));
  if (own.end.bit & 7) head[own.end.bit >>> 3]! &= (1 << (own.end.bit & 7)) - 1;
  clearFinal(head, last.bit);
  writePadBlock(new BitWriter(head, own.end.bit), phase);
  let tailFrom = boundary.bit >>> 3;
  if (phase) {
    const keep = (1 << phase) - 1;
    head[head.length - 1] = (head.at(-1)! & keep) | (raw[tailFrom]! & ~keep);
    tailFrom++;
  }

  if (
    !junctionHolds({ head, raw, tailFrom, start, content, from: boundary.out })
  )
    return null;
  const tailLength = content.length - boundary.out;
  const tailCrc = crc32OfTail(
    input.crc32,
    crc32(content.subarray(0, boundary.out)),
    tailLength,
  );
  return {
    head,
    tailFrom,
    crc32: crc32Combine(crc32(start), tailCrc, tailLength),
    size: startLength + tailLength,
  };
}
