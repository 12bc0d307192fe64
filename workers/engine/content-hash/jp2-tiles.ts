/**
 * The compressed image data of a JPEG 2000 file or codestream: the bit stream after each
 * tile-part's SOD marker (ISO/IEC 15444-1, A.4.2-A.4.5), found by a walk of its own of the
 * codestream's markers. Headers are not counted: comments (COM) go from them when cleaned.
 */
import type { ByteReader } from '../byte-source';
import { u16be, u32be } from '../bytes';
import type { ByteRange } from '../engine-types';
import { corrupt } from '../errors';
import { MAX_ENTRIES } from '../limits';
import { children } from './isobmff-boxes';

const MARKER_BYTES = 2;
const SOC = 0xff4f;
const SOT = 0xff90;
const SOD = 0xff93;
const EOC = 0xffd9;
/** SOT's segment: Lsot, Isot, then Psot, the tile-part's length from the SOT marker (A.4.2). */
const PSOT_AT = 6;
/** Psot of 0: the tile-part runs to the codestream's EOC (A.4.2). */
const PSOT_TO_END = 0;
/** The contiguous codestream box of a JP2 or JPX file (15444-1, I.5.4). */
const CODESTREAM_BOX = 'jp2c';

/** The tile-parts' data of the codestream in [from, to). */
async function tileData(
  src: ByteReader,
  from: number,
  to: number,
): Promise<ByteRange[]> {
  if (u16be(await src.readExact(from, MARKER_BYTES), 0) !== SOC)
    throw corrupt('a JPEG 2000 codestream without SOC');
  const ranges: ByteRange[] = [];
  let at = from + MARKER_BYTES;
  // The main header's marker segments, each with its length, up to the first SOT (A.4.1).
  for (let n = 0; ; n++) {
    if (n >= MAX_ENTRIES) throw corrupt('too many JPEG 2000 markers');
    const marker = u16be(await src.readExact(at, MARKER_BYTES), 0);
    if (marker === EOC) return ranges;
    const head = await src.readExact(at, 2 * MARKER_BYTES);
    if (marker !== SOT) {
      at += MARKER_BYTES + u16be(head, MARKER_BYTES);
      continue;
    }
    const sot = await src.readExact(at, PSOT_AT + 4);
    const psot = u32be(sot, PSOT_AT);
    const end = psot === PSOT_TO_END ? to - MARKER_BYTES : at + psot;
    if (end > to) throw corrupt(`a JPEG 2000 tile-part at ${at} runs past`);
    // The tile-part header's marker segments, up to SOD (A.4.3).
    let inner = at + MARKER_BYTES + u16be(sot, MARKER_BYTES);
    for (let m = 0; ; m++) {
      if (m >= MAX_ENTRIES || inner + MARKER_BYTES > end)
        throw corrupt('a JPEG 2000 tile-part without SOD');
      const h = await src.readExact(inner, 2 * MARKER_BYTES);
      if (u16be(h, 0) === SOD) break;
      inner += MARKER_BYTES + u16be(h, MARKER_BYTES);
    }
    ranges.push({ start: inner + MARKER_BYTES, end });
    at = end;
  }
}

/** The tile-parts' data of a bare codestream, or of each codestream box of a JP2/JPX file. */
export async function jp2TileRanges(src: ByteReader): Promise<ByteRange[]> {
  const head = await src.readExact(0, MARKER_BYTES);
  if (u16be(head, 0) === SOC) return tileData(src, 0, src.size);
  const ranges: ByteRange[] = [];
  for (const box of await children(src, 0, src.size))
    if (box.type === CODESTREAM_BOX)
      ranges.push(...(await tileData(src, box.payload, box.end)));
  return ranges;
}
