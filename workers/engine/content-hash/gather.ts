import type { ByteReader } from '../byte-source';
import type { ByteRange } from '../engine-types';
import { rangesLength } from './content-part';

/** The bytes of `ranges` joined in order: only for sources already in memory. */
export async function gatherRanges(
  src: ByteReader,
  ranges: readonly ByteRange[],
): Promise<Uint8Array> {
  const out = new Uint8Array(rangesLength(ranges));
  let at = 0;
  for (const r of ranges) {
    out.set(await src.readExact(r.start, r.end - r.start), at);
    at += r.end - r.start;
  }
  return out;
}
