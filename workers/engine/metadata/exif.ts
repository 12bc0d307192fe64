/**
 * EXIF blocks (a TIFF structure: JPEG APP1 after `Exif\0\0`, the WebP `EXIF` chunk, a HEIC Exif
 * item after its offset prefix) for the report, plus the minimal Orientation-only EXIF we write.
 *
 * Why our own walker and not `exifreader`: the TIFF module needs the IFD walk anyway to blank tags
 * in place, the walk here is bounded (visited offsets, an IFD count limit, every value checked
 * against the block) and never throws on a damaged block, and it stays a few kilobytes in the
 * worker where exifreader's full tag dictionaries would be loaded for every image.
 */
import { finding, type Finding } from '../findings';
import { MAX_DEPTH } from '../limits';
import { TAG, INTEROP_TAGS } from './exif-tags';
import { gpsFindings, type ValueOf } from './gps';
import { entryFinding, orientationOf, thumbnailFinding } from './ifd-findings';
import {
  IFD_ENTRY_BYTES,
  TIFF_HEADER_BYTES,
  TYPE,
  entryUint,
  ifdByteLength,
  ifdEntryCount,
  parseIfd,
  readTiffHeader,
  valueInRange,
  type ByteOrder,
  type Ifd,
  type IfdEntry,
} from './tiff-ifd';

export type ExifIfdKind = 'IFD0' | 'IFD1' | 'ExifIFD' | 'GPS' | 'InteropIFD';

export interface WalkedIfd {
  readonly kind: ExifIfdKind;
  readonly ifd: Ifd;
}

export interface ExifWalk {
  readonly order: ByteOrder;
  readonly ifds: readonly WalkedIfd[];
  /** True when a pointer led out of the block, into a loop, or to a truncated IFD. */
  readonly damaged: boolean;
}

/** Sub-IFD pointers followed from each kind of IFD. */
const CHILDREN: Readonly<
  Record<ExifIfdKind, readonly (readonly [number, ExifIfdKind])[]>
> = {
  IFD0: [
    [TAG.EXIF_IFD, 'ExifIFD'],
    [TAG.GPS_IFD, 'GPS'],
  ],
  IFD1: [
    [TAG.EXIF_IFD, 'ExifIFD'],
    [TAG.GPS_IFD, 'GPS'],
  ],
  ExifIFD: [[TAG.INTEROP_IFD, 'InteropIFD']],
  GPS: [],
  InteropIFD: [],
};

function readIfdAt(
  tiff: Uint8Array,
  offset: number,
  order: ByteOrder,
): Ifd | null {
  if (offset < TIFF_HEADER_BYTES || offset + 2 > tiff.length) return null;
  const length = ifdByteLength(ifdEntryCount(tiff, offset, order));
  if (offset + length > tiff.length) return null;
  return parseIfd(tiff.subarray(offset, offset + length), offset, order);
}

function valueReader(tiff: Uint8Array): ValueOf {
  return (entry) =>
    valueInRange(entry, tiff.length)
      ? tiff.subarray(entry.valueOffset, entry.valueOffset + entry.valueSize)
      : null;
}

/**
 * Walks IFD0, IFD1 and the Exif, GPS and Interop IFDs. Bounded: each offset is visited once, at
 * most MAX_DEPTH IFDs are read, and a bad pointer ends that branch (marked `damaged`).
 */
export function walkExif(tiff: Uint8Array): ExifWalk | null {
  const header = readTiffHeader(tiff);
  if (!header) return null;
  const { order } = header;
  const valueOf = valueReader(tiff);
  const queue: [ExifIfdKind, number][] = [['IFD0', header.firstIfd]];
  const visited = new Set<number>();
  const ifds: WalkedIfd[] = [];
  let damaged = false;
  while (queue.length > 0 && ifds.length < MAX_DEPTH) {
    const [kind, offset] = queue.shift()!;
    const ifd = visited.has(offset) ? null : readIfdAt(tiff, offset, order);
    visited.add(offset);
    if (!ifd) {
      damaged = true;
      continue;
    }
    ifds.push({ kind, ifd });
    if (kind === 'IFD0' && ifd.next !== 0) queue.push(['IFD1', ifd.next]);
    for (const [tag, child] of CHILDREN[kind]) {
      const entry = ifd.entries.find((e) => e.tag === tag);
      const value = entry && valueOf(entry);
      const pointer =
        entry && value ? entryUint(entry, value, order) : undefined;
      if (pointer !== undefined) queue.push([child, pointer]);
    }
  }
  return { order, ifds, damaged: damaged || queue.length > 0 };
}

function ifdFindings(
  walked: WalkedIfd,
  valueOf: ValueOf,
  order: ByteOrder,
  location: string,
): Finding[] {
  const where = `${location} / ${walked.kind}`;
  const { entries } = walked.ifd;
  if (walked.kind === 'GPS') return gpsFindings(entries, valueOf, order, where);
  const table = walked.kind === 'InteropIFD' ? INTEROP_TAGS : undefined;
  const tags = entries.flatMap((e) =>
    entryFinding(e, valueOf, order, where, table),
  );
  const thumbnail =
    walked.kind === 'IFD1'
      ? thumbnailFinding(entries, valueOf, order, where)
      : [];
  return [...tags, ...thumbnail];
}

/**
 * Every item of an EXIF block for the report. Never throws: a damaged block reports what could
 * be read plus one finding saying the rest is unreadable (the block is removed whole anyway).
 */
export function readExifFindings(
  tiff: Uint8Array,
  location: string,
): Finding[] {
  const walk = walkExif(tiff);
  if (!walk) return [finding('other.data', 'EXIF', location, 'unreadable')];
  const valueOf = valueReader(tiff);
  const found = walk.ifds.flatMap((w) =>
    ifdFindings(w, valueOf, walk.order, location),
  );
  if (walk.damaged)
    found.push(finding('other.data', 'EXIF', location, 'partly unreadable'));
  return found;
}

/** IFD0's Orientation (1..8), or undefined when absent or invalid. */
export function exifOrientation(tiff: Uint8Array): number | undefined {
  const header = readTiffHeader(tiff);
  if (!header) return undefined;
  const ifd0 = readIfdAt(tiff, header.firstIfd, header.order);
  const entry = ifd0?.entries.find((e: IfdEntry) => e.tag === TAG.ORIENTATION);
  return entry
    ? orientationOf(entry, valueReader(tiff), header.order)
    : undefined;
}

const SHORT_BYTES = 2;

/**
 * A minimal big-endian TIFF block with one IFD0 entry, Orientation (SHORT), and no next IFD:
 * what a viewer needs to show a rotated photo upright, and nothing else.
 */
export function buildOrientationOnlyExif(orientation: number): Uint8Array {
  const out = new Uint8Array(TIFF_HEADER_BYTES + ifdByteLength(1));
  const view = new DataView(out.buffer);
  out.set([0x4d, 0x4d, 0x00, 0x2a]);
  view.setUint32(4, TIFF_HEADER_BYTES);
  view.setUint16(TIFF_HEADER_BYTES, 1);
  const entry = TIFF_HEADER_BYTES + SHORT_BYTES;
  view.setUint16(entry, TAG.ORIENTATION);
  view.setUint16(entry + 2, TYPE.SHORT);
  view.setUint32(entry + 4, 1);
  view.setUint16(entry + 8, orientation);
  view.setUint32(entry + IFD_ENTRY_BYTES, 0);
  return out;
}
