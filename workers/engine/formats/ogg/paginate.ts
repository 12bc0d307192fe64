/**
 * Lays header packets out on exactly as many pages as they had, so every audio page after them
 * keeps its sequence number and is copied untouched (RFC 3533 section 6: lacing values, the
 * continued-packet flag, one checksum per page).
 */
import { concatBytes } from '../../bytes';
import { EngineError, corrupt } from '../../errors';
import {
  FLAG_CONTINUED,
  MAX_LACE,
  MAX_SEGMENTS,
  buildPage,
  type OggPage,
} from './page';

/** How many lacing values a packet takes: one per 255 bytes, plus the one that ends it. */
export function laceCount(packet: Uint8Array): number {
  return Math.floor(packet.length / MAX_LACE) + 1;
}

interface Lace {
  readonly value: number;
  readonly offset: number;
}

/** Lacing values of the packets, back to back (a packet ends with a value below 255). */
function lacesOf(packets: readonly Uint8Array[]): Lace[] {
  const laces: Lace[] = [];
  let offset = 0;
  for (const packet of packets) {
    for (let left = packet.length; ; left -= MAX_LACE) {
      const value = Math.min(left, MAX_LACE);
      laces.push({ value, offset });
      offset += value;
      if (value < MAX_LACE) break;
    }
  }
  return laces;
}

export function paginate(
  packets: readonly Uint8Array[],
  original: readonly OggPage[],
): Uint8Array[] {
  const laces = lacesOf(packets);
  const stream = concatBytes(packets);
  if (laces.length < original.length)
    throw new EngineError(
      'unsupported',
      'cleaned Ogg headers cannot fill their original pages',
    );
  const pages: Uint8Array[] = [];
  let next = 0;
  for (const [index, page] of original.entries()) {
    const pagesLeft = original.length - index - 1;
    const count = Math.min(MAX_SEGMENTS, laces.length - next - pagesLeft);
    const onPage = laces.slice(next, next + count);
    const continued = next > 0 && laces[next - 1]!.value === MAX_LACE;
    const start = onPage[0]!.offset;
    const last = onPage.at(-1)!;
    pages.push(
      buildPage({
        flags: continued ? FLAG_CONTINUED : 0,
        granuleEnds: onPage.some((l) => l.value < MAX_LACE),
        serial: page.serial,
        sequence: page.sequence,
        laces: onPage.map((l) => l.value),
        body: stream.subarray(start, last.offset + last.value),
      }),
    );
    next += count;
  }
  if (next !== laces.length)
    throw corrupt('Ogg header packets overflow their pages');
  return pages;
}
