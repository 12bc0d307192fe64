/**
 * In-place patches that clean a TIFF: each image IFD is rewritten at its own offset without the
 * removed entries (count, kept entries, next pointer, zero padding: the same length), and the
 * values of removed entries and the whole Exif, GPS and Interop IFDs are zeroed. Image data, kept
 * values and kept IFDs are protected ranges that no zeroing touches, so offsets stay valid.
 */
import type { ByteSource } from '../../byte-source';
import { corrupt } from '../../errors';
import {
  IFD_ENTRY_BYTES,
  INLINE_VALUE_BYTES,
  entryUints,
  type ByteOrder,
  type IfdEntry,
} from '../../metadata/tiff-ifd';
import type { Patch } from '../../shared/in-place';
import { scrubIccText } from '../../metadata/icc-text';
import { isImageIfd, isKept } from './findings';
import { DATA_LOCATORS } from './keep';
import { TAG } from '../../metadata/exif-tags';
import { subtractRanges, type Range } from './ranges';
import { readValue, type TiffWalk, type WalkedTiffIfd } from './walk';

const COUNT_BYTES = 2;
const NEXT_BYTES = 4;

function ifdRange(walked: WalkedTiffIfd): Range {
  return [walked.ifd.offset, walked.ifd.offset + walked.ifd.byteLength];
}

function outOfLine(entry: IfdEntry): boolean {
  return entry.valueSize > INLINE_VALUE_BYTES;
}

function valueRange(entry: IfdEntry): Range {
  return [entry.valueOffset, entry.valueOffset + entry.valueSize];
}

/** The IFD without its removed entries, padded with zeros to its original length. */
function rewrittenIfd(
  walked: WalkedTiffIfd,
  kept: readonly IfdEntry[],
  order: ByteOrder,
): Uint8Array {
  const { ifd, bytes } = walked;
  const out = new Uint8Array(ifd.byteLength);
  new DataView(out.buffer).setUint16(0, kept.length, order === 'le');
  kept.forEach((entry, i) => {
    const from = entry.entryOffset - ifd.offset;
    out.set(
      bytes.subarray(from, from + IFD_ENTRY_BYTES),
      COUNT_BYTES + i * IFD_ENTRY_BYTES,
    );
  });
  const nextAt = COUNT_BYTES + kept.length * IFD_ENTRY_BYTES;
  out.set(bytes.subarray(ifd.byteLength - NEXT_BYTES, ifd.byteLength), nextAt);
  return out;
}

/** Where the strips, tiles and old-style JPEG stream of an image IFD lie. */
async function imageDataRanges(
  src: ByteSource,
  walk: TiffWalk,
  walked: WalkedTiffIfd,
): Promise<Range[]> {
  const ranges: Range[] = [];
  for (const [offsetsTag, lengthsTag] of DATA_LOCATORS) {
    const offsets = walked.ifd.entries.find((e) => e.tag === offsetsTag);
    const lengths = walked.ifd.entries.find((e) => e.tag === lengthsTag);
    if (!offsets || !lengths) continue;
    const starts = entryUints(
      offsets,
      await readValue(src, walked, offsets),
      walk.order,
    );
    const sizes = entryUints(
      lengths,
      await readValue(src, walked, lengths),
      walk.order,
    );
    if (starts.length !== sizes.length)
      throw corrupt(`${walked.name}: offsets and lengths disagree`);
    starts.forEach((start, i) => ranges.push([start, start + sizes[i]!]));
  }
  return ranges;
}

/** The kept ICC profile with its words zeroed in place, once per value (pages may share one). */
async function iccPatches(
  src: ByteSource,
  walked: WalkedTiffIfd,
  seen: Set<number>,
): Promise<Patch[]> {
  const patches: Patch[] = [];
  for (const entry of walked.ifd.entries) {
    if (entry.tag !== TAG.ICC_PROFILE || !outOfLine(entry)) continue;
    if (seen.has(entry.valueOffset)) continue;
    seen.add(entry.valueOffset);
    const scrubbed = scrubIccText(await readValue(src, walked, entry), '');
    if (scrubbed.profile)
      patches.push({ offset: entry.valueOffset, data: scrubbed.profile });
  }
  return patches;
}

export async function tiffPatches(
  src: ByteSource,
  walk: TiffWalk,
): Promise<Patch[]> {
  const patches: Patch[] = [];
  const zero: Range[] = [];
  const keep: Range[] = [];
  const profiles = new Set<number>();
  for (const walked of walk.ifds) {
    const { entries } = walked.ifd;
    if (!isImageIfd(walked)) {
      zero.push(ifdRange(walked), ...entries.filter(outOfLine).map(valueRange));
      continue;
    }
    keep.push(ifdRange(walked), ...(await imageDataRanges(src, walk, walked)));
    const kept = entries.filter(isKept);
    for (const item of kept.filter(outOfLine).map(valueRange)) keep.push(item);
    patches.push(...(await iccPatches(src, walked, profiles)));
    zero.push(
      ...entries.filter((e) => !isKept(e) && outOfLine(e)).map(valueRange),
    );
    if (kept.length < entries.length) {
      patches.push({
        offset: walked.ifd.offset,
        data: rewrittenIfd(walked, kept, walk.order),
      });
    }
  }
  for (const [start, end] of subtractRanges(zero, keep)) {
    patches.push({ offset: start, data: new Uint8Array(end - start) });
  }
  return patches;
}
