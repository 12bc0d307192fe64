/**
 * The samples of each track of an ISOBMFF movie (MP4, MOV), located by a walk of its own of the
 * track's sample table (ISO/IEC 14496-12, 8.7): chunk offsets (`stco`/`co64`, 8.7.5), samples per
 * chunk (`stsc`, 8.7.4) and sample sizes (`stsz`/`stz2`, 8.7.3). A chunk's samples lie end to end
 * (8.7.4), so each chunk is one range. A fragmented movie (`moof`, 8.8) keeps its samples' places
 * in its fragments, not here: it answers null and is hashed by its `mdat` payloads instead.
 */
import type { ByteReader } from '../byte-source';
import { fourcc, u16be, u32be, u64be } from '../bytes';
import type { ByteRange } from '../engine-types';
import { corrupt } from '../errors';
import { MAX_ENTRIES, MAX_METADATA_BYTES } from '../limits';
import { children, topLevel, type Box } from './isobmff-boxes';

/** One track's samples, by its `tkhd` track_ID and its `hdlr` handler type (8.3.2, 8.4.3). */
export interface TrackSamples {
  readonly id: number;
  readonly handler: string;
  readonly ranges: ByteRange[];
}

/** `tkhd`'s track_ID after the creation and modification times: 32-bit in version 0, 64 in 1. */
const TRACK_ID_AT: Readonly<Record<number, number>> = { 0: 12, 1: 20 };
/** `hdlr`'s handler_type after pre_defined. */
const HANDLER_AT = 8;
/** `stsz`: sample_size, sample_count, then a size per sample when sample_size is 0. */
const STSZ_SIZE_AT = 4;
const STSZ_COUNT_AT = 8;
const STSZ_ENTRIES_AT = 12;
/** `stz2`: 24 reserved bits, field_size, sample_count, then packed sizes. */
const STZ2_FIELD_SIZE_AT = 7;
const COUNT_AT = 4;
const ENTRIES_AT = 8;
const STSC_ENTRY_BYTES = 12;
const BITS_PER_BYTE = 8;

async function payload(src: ByteReader, box: Box): Promise<Uint8Array> {
  if (box.end - box.payload > MAX_METADATA_BYTES)
    throw corrupt(`a ${box.type} box too large to read`);
  return src.readExact(box.payload, box.end - box.payload);
}

async function child(
  src: ByteReader,
  box: Box | undefined,
  type: string,
): Promise<Box | undefined> {
  if (!box) return undefined;
  return (await children(src, box.payload, box.end)).find(
    (b) => b.type === type,
  );
}

function entryCount(b: Uint8Array, at: number, entryBytes: number): number {
  const n = u32be(b, at);
  if (n > MAX_ENTRIES || at + 4 + n * entryBytes > b.length)
    throw corrupt('a sample table entry count that does not fit its box');
  return n;
}

function sampleSizes(stsz: Uint8Array, compact: boolean): number[] {
  const count = u32be(stsz, STSZ_COUNT_AT);
  if (count > MAX_ENTRIES) throw corrupt('too many samples');
  if (!compact) {
    const size = u32be(stsz, STSZ_SIZE_AT);
    if (size !== 0) return new Array<number>(count).fill(size);
    entryCount(stsz, STSZ_COUNT_AT, 4);
    return Array.from({ length: count }, (_, i) =>
      u32be(stsz, STSZ_ENTRIES_AT + 4 * i),
    );
  }
  const bits = stsz[STZ2_FIELD_SIZE_AT]!;
  if (bits !== 4 && bits !== 8 && bits !== 16)
    throw corrupt(`an stz2 field size of ${bits}`);
  if (STSZ_ENTRIES_AT + Math.ceil((count * bits) / BITS_PER_BYTE) > stsz.length)
    throw corrupt('stz2 sizes past their box');
  return Array.from({ length: count }, (_, i) => {
    const at = STSZ_ENTRIES_AT + Math.floor((i * bits) / BITS_PER_BYTE);
    if (bits === 16) return u16be(stsz, at);
    if (bits === 8) return stsz[at]!;
    // Two 4-bit sizes a byte, the first in the high nibble.
    return i % 2 === 0 ? stsz[at]! >> 4 : stsz[at]! & 0x0f;
  });
}

function chunkOffsets(box: Uint8Array, wide: boolean): number[] {
  const bytes = wide ? 8 : 4;
  const n = entryCount(box, COUNT_AT, bytes);
  return Array.from({ length: n }, (_, i) =>
    wide ? u64be(box, ENTRIES_AT + 8 * i) : u32be(box, ENTRIES_AT + 4 * i),
  );
}

/** Samples per chunk, chunk by chunk, from `stsc`'s runs (8.7.4.3). */
function samplesPerChunk(stsc: Uint8Array, chunks: number): number[] {
  const n = entryCount(stsc, COUNT_AT, STSC_ENTRY_BYTES);
  const out = new Array<number>(chunks).fill(0);
  for (let i = 0; i < n; i++) {
    const at = ENTRIES_AT + i * STSC_ENTRY_BYTES;
    const first = u32be(stsc, at);
    const next = i + 1 < n ? u32be(stsc, at + STSC_ENTRY_BYTES) : chunks + 1;
    if (first < 1 || next < first || next > chunks + 1)
      throw corrupt('stsc runs out of order');
    out.fill(u32be(stsc, at + 4), first - 1, next - 1);
  }
  return out;
}

async function trackSamples(src: ByteReader, trak: Box): Promise<TrackSamples> {
  const tkhd = await child(src, trak, 'tkhd');
  const mdia = await child(src, trak, 'mdia');
  const hdlr = await child(src, mdia, 'hdlr');
  const stbl = await child(src, await child(src, mdia, 'minf'), 'stbl');
  if (!tkhd || !hdlr || !stbl) throw corrupt('a track without its tables');
  const head = await payload(src, tkhd);
  const idAt = TRACK_ID_AT[head[0]!];
  if (idAt === undefined) throw corrupt(`tkhd version ${head[0]}`);
  const id = u32be(head, idAt);
  const handler = fourcc(await payload(src, hdlr), HANDLER_AT);
  const boxes = await children(src, stbl.payload, stbl.end);
  const find = (type: string) => boxes.find((b) => b.type === type);
  const sizesBox = find('stsz') ?? find('stz2');
  const offsetsBox = find('stco') ?? find('co64');
  const stscBox = find('stsc');
  if (!sizesBox || !offsetsBox || !stscBox)
    throw corrupt(`track ${id} without a sample table`);
  const sizes = sampleSizes(
    await payload(src, sizesBox),
    sizesBox.type === 'stz2',
  );
  const offsets = chunkOffsets(
    await payload(src, offsetsBox),
    offsetsBox.type === 'co64',
  );
  const perChunk = samplesPerChunk(await payload(src, stscBox), offsets.length);
  const ranges: ByteRange[] = [];
  let sample = 0;
  offsets.forEach((start, chunk) => {
    let end = start;
    for (let k = 0; k < perChunk[chunk]!; k++) {
      if (sample >= sizes.length)
        throw corrupt(`track ${id}: more samples in chunks than sizes`);
      end += sizes[sample++]!;
    }
    if (end > src.size) throw corrupt(`track ${id}: a chunk past the file`);
    if (end > start) ranges.push({ start, end });
  });
  if (sample !== sizes.length)
    throw corrupt(`track ${id}: sizes left without chunks`);
  return { id, handler, ranges };
}

/** Each track's samples in chunk order, or null for a fragmented movie. */
export async function isobmffTrackSamples(
  src: ByteReader,
): Promise<TrackSamples[] | null> {
  const top = await topLevel(src);
  if (top.some((b) => b.type === 'moof')) return null;
  const moov = top.find((b) => b.type === 'moov');
  if (!moov) throw corrupt('a movie without moov');
  const tracks: TrackSamples[] = [];
  for (const trak of await children(src, moov.payload, moov.end))
    if (trak.type === 'trak') tracks.push(await trackSamples(src, trak));
  return tracks;
}
