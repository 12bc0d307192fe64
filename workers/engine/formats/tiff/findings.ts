/** Report findings of a walked TIFF: removable tags of every IFD, and Orientation and ICC kept. */
import type { ByteSource } from '../../byte-source';
import { finding, type Finding } from '../../findings';
import {
  MAIN_TAGS,
  INTEROP_TAGS,
  TAG,
  tagName,
} from '../../metadata/exif-tags';
import { gpsFindings, type ValueOf } from '../../metadata/gps';
import { entryFinding } from '../../metadata/ifd-findings';
import { iccProfileFinding } from '../../metadata/icc';
import { scrubIccText } from '../../metadata/icc-text';
import { readIptcFindings, readPhotoshopFindings } from '../../metadata/iptc';
import type { IfdEntry } from '../../metadata/tiff-ifd';
import { readXmpFindings } from '../../metadata/xmp';
import { KEPT_IMAGE_TAGS } from './keep';
import { readValue, type TiffWalk, type WalkedTiffIfd } from './walk';

/** Values longer than this are not read for the report (their size is shown instead). */
const MAX_REPORTED_VALUE_BYTES = 1024 * 1024;
/** Pointers are reported through the IFDs they point to. */
const SUB_IFD_POINTERS: ReadonlySet<number> = new Set([
  TAG.EXIF_IFD,
  TAG.GPS_IFD,
  TAG.INTEROP_IFD,
]);

export function isImageIfd(walked: WalkedTiffIfd): boolean {
  return walked.kind === 'page' || walked.kind === 'SubIFD';
}

/** Whether the tag stays in an image IFD. */
export function isKept(entry: IfdEntry): boolean {
  return KEPT_IMAGE_TAGS.has(entry.tag);
}

async function valuesOf(
  src: ByteSource,
  walked: WalkedTiffIfd,
): Promise<ValueOf> {
  const values = new Map<IfdEntry, Uint8Array>();
  for (const entry of walked.ifd.entries) {
    if (entry.valueSize <= MAX_REPORTED_VALUE_BYTES)
      values.set(entry, await readValue(src, walked, entry));
  }
  return (entry) => values.get(entry) ?? null;
}

function keptFindings(
  entry: IfdEntry,
  valueOf: ValueOf,
  walk: TiffWalk,
  where: string,
): Finding[] {
  if (entry.tag === TAG.ICC_PROFILE) {
    const profile = valueOf(entry) ?? new Uint8Array(0);
    return [
      iccProfileFinding(profile, where),
      ...scrubIccText(profile, where).findings,
    ];
  }
  if (entry.tag === TAG.ORIENTATION)
    return entryFinding(entry, valueOf, walk.order, where);
  return [];
}

function removedFindings(
  entry: IfdEntry,
  valueOf: ValueOf,
  walk: TiffWalk,
  where: string,
): Finding[] {
  if (SUB_IFD_POINTERS.has(entry.tag)) return [];
  const value = valueOf(entry);
  if (entry.tag === TAG.XMP && value)
    return readXmpFindings(value, `${where} / XMP`);
  if (entry.tag === TAG.IPTC && value)
    return readIptcFindings(value, `${where} / IPTC`);
  if (entry.tag === TAG.PHOTOSHOP && value)
    return readPhotoshopFindings(value, `${where} / Photoshop`);
  const found = entryFinding(entry, valueOf, walk.order, where);
  // Technical tags outside the allow-list are removed too, so they are reported too.
  return found.length > 0
    ? found
    : [finding('other.data', tagName(MAIN_TAGS, entry.tag)[0], where)];
}

async function ifdFindings(
  src: ByteSource,
  walk: TiffWalk,
  walked: WalkedTiffIfd,
): Promise<Finding[]> {
  const valueOf = await valuesOf(src, walked);
  const where = walked.name;
  const { entries } = walked.ifd;
  if (walked.kind === 'GPS')
    return gpsFindings(entries, valueOf, walk.order, where);
  if (!isImageIfd(walked)) {
    const table = walked.kind === 'InteropIFD' ? INTEROP_TAGS : MAIN_TAGS;
    return entries.flatMap((e) =>
      entryFinding(e, valueOf, walk.order, where, table),
    );
  }
  return entries.flatMap((e) =>
    isKept(e)
      ? keptFindings(e, valueOf, walk, where)
      : removedFindings(e, valueOf, walk, where),
  );
}

export async function tiffFindings(
  src: ByteSource,
  walk: TiffWalk,
): Promise<Finding[]> {
  const found: Finding[] = [];
  for (const walked of walk.ifds)
    for (const item of await ifdFindings(src, walk, walked)) found.push(item);
  return found;
}
