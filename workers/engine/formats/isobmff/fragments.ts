/**
 * Movie fragments (ISO/IEC 14496-12 8.8): removable boxes in moof and traf become free space, and
 * the samples of telemetry tracks are located from tfhd/trun so they can be zeroed like the ones
 * the sample table points at.
 */
import { u32be, u64be } from '../../bytes';
import { corrupt } from '../../errors';
import type { Finding } from '../../findings';
import { MAX_ENTRIES } from '../../limits';
import {
  FULL_BOX_BYTES,
  childrenOf,
  firstChild,
  payloadBytes,
  type Box,
} from './box';
import type { Movie } from './movie';
import type { Region } from './region';
import { isRemovable, removeBox } from './removable';
import type { ByteRange } from './sample-table';

/** tfhd flags (8.8.7.1). */
const TFHD = {
  baseDataOffset: 0x1,
  sampleDescriptionIndex: 0x2,
  defaultDuration: 0x8,
  defaultSize: 0x10,
  defaultBaseIsMoof: 0x20000,
} as const;
/** trun flags (8.8.8.1). */
const TRUN = {
  dataOffset: 0x1,
  firstSampleFlags: 0x4,
  duration: 0x100,
  size: 0x200,
  flags: 0x400,
  compositionOffset: 0x800,
} as const;
const FLAGS_MASK = 0xffffff;

export interface TrackRange {
  readonly trackId: number;
  readonly range: ByteRange;
}

interface TrackFragment {
  readonly trackId: number;
  readonly base: number | null;
  readonly defaultSize: number | undefined;
}

const fullBoxFlags = (payload: Uint8Array) => u32be(payload, 0) & FLAGS_MASK;

function readTfhd(payload: Uint8Array, moofStart: number): TrackFragment {
  const flags = fullBoxFlags(payload);
  let at = FULL_BOX_BYTES;
  const trackId = u32be(payload, at);
  at += 4;
  let base: number | null = null;
  if (flags & TFHD.baseDataOffset) {
    base = u64be(payload, at);
    at += 8;
  } else if (flags & TFHD.defaultBaseIsMoof) base = moofStart;
  if (flags & TFHD.sampleDescriptionIndex) at += 4;
  if (flags & TFHD.defaultDuration) at += 4;
  const defaultSize = flags & TFHD.defaultSize ? u32be(payload, at) : undefined;
  return { trackId, base, defaultSize };
}

/** Byte range of one trun's samples, given where its data starts when it has no data_offset. */
function trunRange(
  payload: Uint8Array,
  base: number,
  next: number,
  defaultSize: number,
): ByteRange {
  const flags = fullBoxFlags(payload);
  const count = u32be(payload, FULL_BOX_BYTES);
  if (count > MAX_ENTRIES) throw corrupt(`trun claims ${count} samples`);
  let at = FULL_BOX_BYTES + 4;
  let start = next;
  if (flags & TRUN.dataOffset) {
    start = base + (u32be(payload, at) | 0);
    at += 4;
  }
  if (flags & TRUN.firstSampleFlags) at += 4;
  const perSample = [
    TRUN.duration,
    TRUN.size,
    TRUN.flags,
    TRUN.compositionOffset,
  ];
  const stride = perSample.filter((f) => flags & f).length * 4;
  const sizeAt = flags & TRUN.duration ? 4 : 0;
  if (at + count * stride > payload.length)
    throw corrupt('trun runs past its box');
  let length = 0;
  for (let i = 0; i < count; i++)
    length +=
      flags & TRUN.size
        ? u32be(payload, at + i * stride + sizeAt)
        : defaultSize;
  if (start < 0) throw corrupt('trun data offset before the file');
  return { start, end: start + length };
}

/**
 * Cleans one moof held in `region`; returns the byte ranges of the telemetry and text samples it
 * describes.
 * `fileSize` bounds every range.
 */
export function scanFragment(
  region: Region,
  moof: Box,
  movie: Movie,
  fileSize: number,
  findings: Finding[],
): TrackRange[] {
  const wanted = new Set(
    [...movie.telemetry, ...movie.text].map((t) => t.trackId),
  );
  const ranges: TrackRange[] = [];
  let previousEnd = moof.start;
  for (const child of childrenOf(region.bytes, region.base, moof)) {
    if (isRemovable(region, child)) removeBox(region, child, 'moof', findings);
    if (child.type !== 'traf') continue;
    const traf = childrenOf(region.bytes, region.base, child);
    for (const box of traf)
      if (isRemovable(region, box))
        removeBox(region, box, 'moof/traf', findings);
    const tfhd = firstChild(traf, 'tfhd');
    if (!tfhd) throw corrupt('traf without tfhd');
    const fragment = readTfhd(
      payloadBytes(region.bytes, region.base, tfhd),
      moof.start,
    );
    const base = fragment.base ?? previousEnd;
    const defaultSize =
      fragment.defaultSize ??
      movie.defaultSampleSize.get(fragment.trackId) ??
      0;
    let next = base;
    for (const trun of traf.filter((b) => b.type === 'trun')) {
      const range = trunRange(
        payloadBytes(region.bytes, region.base, trun),
        base,
        next,
        defaultSize,
      );
      if (range.end > fileSize)
        throw corrupt(`fragment samples at ${range.start} run past the file`);
      if (wanted.has(fragment.trackId) && range.end > range.start)
        ranges.push({ trackId: fragment.trackId, range });
      next = range.end;
    }
    previousEnd = next;
  }
  return ranges;
}
