/**
 * Where a track's samples lie in the file, from its sample table (ISO/IEC 14496-12 8.7): chunk
 * offsets (stco/co64), samples per chunk (stsc) and sample sizes (stsz/stz2). One byte range per
 * chunk, since a chunk's samples are contiguous (8.7.4).
 */
import { u16be, u32be, u64be, u8 } from '../../bytes';
import { EngineError, corrupt } from '../../errors';
import { MAX_ENTRIES } from '../../limits';
import {
  FULL_BOX_BYTES,
  childrenOf,
  firstChild,
  payloadBytes,
  type Box,
  type View,
} from './box';

export interface ByteRange {
  readonly start: number;
  readonly end: number;
}

const STSC_ENTRY_BYTES = 12;
const BITS_PER_BYTE = 8;

function countedTable(
  payload: Uint8Array,
  entryBytes: number,
  countAt = FULL_BOX_BYTES,
) {
  const count = u32be(payload, countAt);
  const first = countAt + 4;
  if (count > MAX_ENTRIES || first + count * entryBytes > payload.length)
    throw corrupt(`sample table claims ${count} entries past its box`);
  return { count, first };
}

function chunkOffsets(view: View, stbl: Box[]): number[] {
  const box = firstChild(stbl, 'stco') ?? firstChild(stbl, 'co64');
  if (!box) return [];
  const payload = payloadBytes(view.bytes, view.base, box);
  const width = box.type === 'co64' ? 8 : 4;
  const { count, first } = countedTable(payload, width);
  const read = width === 8 ? u64be : u32be;
  return Array.from({ length: count }, (_, i) =>
    read(payload, first + i * width),
  );
}

function sampleSizes(view: View, stbl: Box[]): number[] {
  const stsz = firstChild(stbl, 'stsz');
  if (stsz) {
    const payload = payloadBytes(view.bytes, view.base, stsz);
    const fixed = u32be(payload, FULL_BOX_BYTES);
    if (fixed !== 0) {
      const count = u32be(payload, FULL_BOX_BYTES + 4);
      if (count > MAX_ENTRIES) throw corrupt(`stsz claims ${count} samples`);
      return new Array<number>(count).fill(fixed);
    }
    const { count, first } = countedTable(payload, 4, FULL_BOX_BYTES + 4);
    return Array.from({ length: count }, (_, i) =>
      u32be(payload, first + i * 4),
    );
  }
  const stz2 = firstChild(stbl, 'stz2');
  if (!stz2) return [];
  const payload = payloadBytes(view.bytes, view.base, stz2);
  const fieldBits = u8(payload, FULL_BOX_BYTES + 3);
  if (![4, 8, 16].includes(fieldBits))
    throw corrupt(`stz2 field size ${fieldBits}`);
  const count = u32be(payload, FULL_BOX_BYTES + 4);
  const first = FULL_BOX_BYTES + 8;
  if (
    count > MAX_ENTRIES ||
    first + Math.ceil((count * fieldBits) / BITS_PER_BYTE) > payload.length
  )
    throw corrupt(`stz2 claims ${count} samples past its box`);
  return Array.from({ length: count }, (_, i) => {
    if (fieldBits === 16) return u16be(payload, first + i * 2);
    if (fieldBits === 8) return u8(payload, first + i);
    const byte = u8(payload, first + (i >> 1));
    return i % 2 === 0 ? byte >> 4 : byte & 0xf;
  });
}

/** samples_per_chunk for every chunk, expanded from stsc's runs. */
function samplesPerChunk(view: View, stbl: Box[], chunks: number): number[] {
  const stsc = firstChild(stbl, 'stsc');
  if (!stsc) throw corrupt('sample table without stsc');
  const payload = payloadBytes(view.bytes, view.base, stsc);
  const { count, first } = countedTable(payload, STSC_ENTRY_BYTES);
  const perChunk = new Array<number>(chunks).fill(0);
  for (let i = 0; i < count; i++) {
    const at = first + i * STSC_ENTRY_BYTES;
    const firstChunk = u32be(payload, at);
    const samples = u32be(payload, at + 4);
    const nextFirst =
      i + 1 < count ? u32be(payload, at + STSC_ENTRY_BYTES) : chunks + 1;
    if (firstChunk < 1 || nextFirst < firstChunk)
      throw corrupt('stsc runs out of order');
    for (let c = firstChunk; c < Math.min(nextFirst, chunks + 1); c++)
      perChunk[c - 1] = samples;
  }
  return perChunk;
}

interface Layout {
  readonly offsets: number[];
  readonly sizes: number[];
  readonly perChunk: number[];
}

function layoutOf(view: View, stblBox: Box): Layout | null {
  const stbl = childrenOf(view.bytes, view.base, stblBox);
  if (
    firstChild(stbl, 'stz2') === undefined &&
    firstChild(stbl, 'stsz') === undefined
  )
    return null;
  const offsets = chunkOffsets(view, stbl);
  const sizes = sampleSizes(view, stbl);
  const perChunk = samplesPerChunk(view, stbl, offsets.length);
  return { offsets, sizes, perChunk };
}

/** Calls `visit` with each sample's range, chunk by chunk, checked against the file. */
function eachSample(
  layout: Layout,
  fileSize: number,
  visit: (chunk: number, range: ByteRange) => void,
): void {
  const { offsets, sizes, perChunk } = layout;
  let sample = 0;
  offsets.forEach((start, i) => {
    let at = start;
    for (let n = 0; n < perChunk[i]! && sample < sizes.length; n++) {
      const end = at + sizes[sample++]!;
      if (end > fileSize)
        throw new EngineError(
          'corrupt',
          `chunk at ${start} runs past the file`,
        );
      visit(i, { start: at, end });
      at = end;
    }
  });
}

/** The byte range of every chunk of the track whose stbl is `stbl`, checked against the file. */
export function chunkRanges(
  view: View,
  stblBox: Box,
  fileSize: number,
): ByteRange[] {
  const layout = layoutOf(view, stblBox);
  if (!layout) return [];
  const ends = new Array<number>(layout.offsets.length).fill(0);
  eachSample(layout, fileSize, (chunk, range) => (ends[chunk] = range.end));
  const ranges: ByteRange[] = [];
  layout.offsets.forEach((start, i) => {
    if (ends[i]! > start) ranges.push({ start, end: ends[i]! });
  });
  return ranges;
}

/** The byte range of every sample, in decoding order (8.7: chunks hold samples contiguously). */
export function sampleRanges(
  view: View,
  stblBox: Box,
  fileSize: number,
): ByteRange[] {
  const layout = layoutOf(view, stblBox);
  const ranges: ByteRange[] = [];
  if (layout) eachSample(layout, fileSize, (_, range) => ranges.push(range));
  return ranges;
}
