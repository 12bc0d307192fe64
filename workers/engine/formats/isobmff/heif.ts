/**
 * HEIC and AVIF (ISO/IEC 23008-12 HEIF): the Exif and XMP items are zeroed in place and hidden
 * from the item list by rewriting their infe item_type to `free`. A reader finds Exif through
 * item_type `Exif` and XMP through item_type `mime` with content_type application/rdf+xml
 * (23008-12 Annex A); readers act only on item types they know, so neither exiftool nor libheif
 * sees them (checked in heic.test.ts), while the coded image items, their properties (ICC profile in
 * colr, rotation in irot, mirroring in imir) and every offset stay as they were. Thumbnails' own
 * Exif items (cdsc references to the thumbnail) are found the same way, since every item is walked.
 * A rotated photo's Exif item is the exception: it keeps its Orientation alone (heif-exif.ts).
 * A `jpeg` item, a JPEG file of its own, is cleaned by the JPEG module in place (heif-jpeg-item.ts).
 */
import type { ByteSource } from '../../byte-source';
import { ascii, decodeText } from '../../bytes';
import { EngineError, corrupt, throwIfAborted } from '../../errors';
import { finding, type Finding } from '../../findings';
import type { NestedEngine } from '../../format-module';
import { MAX_METADATA_BYTES } from '../../limits';
import type { Patch } from '../../shared/in-place';
import { firstChild, type Box } from './box';
import { xmpBlockFindings } from './embedded';
import { isUnchanged, planExifItem } from './heif-exif';
import { planJpegItem } from './heif-jpeg-item';
import {
  readItemInfos,
  readItemLocations,
  type ItemInfo,
  type ItemLocation,
} from './heif-items';
import { keptProperties } from './heif-properties';
import { freeOtherProperties } from './heif-other-properties';
import { freeOtherMetaBoxes } from './heif-meta-boxes';
import { pictureItems } from './heif-refs';
import type { Region } from './region';
import type { ByteRange } from './sample-table';
import { metaChildren } from './user-data';

export const HIDDEN_ITEM_TYPE = ascii('free');
const XMP_CONTENT_TYPE = 'application/rdf+xml';
const CONSTRUCTION = { file: 0, idat: 1 } as const;

export interface HeifScan {
  /** Zero patches for item bytes outside the meta box. */
  readonly patches: Patch[];
  /**
   * Where every item's bytes lie in the file (8.11.3: construction method 0), so a top-level box
   * of no known type can be told apart from one an item lies in; null when an item's bytes are
   * in another file or built from other items, so no box can be shown to hold none.
   */
  readonly items: ByteRange[] | null;
  /**
   * The item types of Exif items kept for their Orientation: `Exif` and the empty item name after
   * it read as the EXIF identifier to the residue scan, which these ranges tell to skip them.
   */
  readonly checked: ByteRange[];
}

/** Every item's file ranges, or null when one cannot be placed; idat items lie inside meta. */
function fileItemRanges(
  locations: ReadonlyMap<number, ItemLocation>,
  fileSize: number,
): ByteRange[] | null {
  const ranges: ByteRange[] = [];
  for (const location of locations.values()) {
    if (location.dataReference !== 0) return null;
    if (location.method === CONSTRUCTION.idat) continue;
    if (location.method !== CONSTRUCTION.file) return null;
    for (const { offset, length } of location.extents)
      // 8.11.3.3: a length of 0 means the item's bytes run to the end of the file.
      ranges.push({
        start: offset,
        end: length === 0 ? fileSize : offset + length,
      });
  }
  return ranges;
}

const isMetadataItem = (item: ItemInfo) =>
  item.type === 'Exif' || item.type === 'mime' || item.type === 'uri ';
/**
 * Item types that are the picture (23008-12 and the codec specifications that add to it): coded
 * images (HEVC and its tiles and layers, AVC, AV1, JPEG, JPEG 2000, VVC, EVC, uncompressed
 * 23001-17, masks), derived images (grid, overlay, identity, tone map), and `free`, what this
 * module makes of a hidden item. Any other item's bytes are hidden and zeroed like metadata.
 */
const PICTURE_ITEM_TYPES = new Set([
  'hvc1',
  'hvt1',
  'lhv1',
  'avc1',
  'av01',
  'jpeg',
  'j2k1',
  'vvc1',
  'vvi1',
  'evc1',
  'unci',
  'mski',
  'grid',
  'iovl',
  'iden',
  'tmap',
  'free',
]);

function itemRanges(
  location: ItemLocation,
  idat: Box | undefined,
  fileSize: number,
): ByteRange[] {
  if (location.dataReference !== 0)
    throw new EngineError(
      'unsupported',
      'metadata item stored in another file',
    );
  return location.extents.map(({ offset, length }) => {
    if (length === 0)
      throw new EngineError('unsupported', 'metadata item of implicit length');
    if (location.method === CONSTRUCTION.file) {
      if (offset + length > fileSize)
        throw corrupt(`item at ${offset} runs past the file`);
      return { start: offset, end: offset + length };
    }
    if (location.method !== CONSTRUCTION.idat || !idat)
      throw new EngineError(
        'unsupported',
        `item construction method ${location.method}`,
      );
    const start = idat.payload + offset;
    if (start + length > idat.end)
      throw corrupt(`item at ${offset} runs past idat`);
    return { start, end: start + length };
  });
}

async function readRanges(
  src: ByteSource,
  region: Region,
  ranges: ByteRange[],
): Promise<Uint8Array> {
  const total = ranges.reduce((n, r) => n + r.end - r.start, 0);
  if (total > MAX_METADATA_BYTES)
    throw new EngineError('too-large', 'metadata item too large');
  const out = new Uint8Array(total);
  let at = 0;
  for (const { start, end } of ranges) {
    const inside =
      start >= region.base && end <= region.base + region.bytes.length;
    out.set(
      inside
        ? region.bytes.subarray(start - region.base, end - region.base)
        : await src.readExact(start, end - start),
      at,
    );
    at += end - start;
  }
  return out;
}

/** Writes `bytes` over the item's ranges: in the region where they lie in it, else as patches. */
function writeItem(
  region: Region,
  ranges: readonly ByteRange[],
  bytes: Uint8Array,
  patches: Patch[],
): void {
  let at = 0;
  for (const { start, end } of ranges) {
    const part = bytes.subarray(at, at + end - start);
    at += end - start;
    const inside =
      start >= region.base && end <= region.base + region.bytes.length;
    if (inside) region.write(part, start);
    else patches.push({ offset: start, data: part });
  }
}

const SPACE = 0x20;

/**
 * An item's name (14496-12 8.11.6: a symbolic name, in file delivery the source file's) that says
 * anything is blanked: spaces of its length, so the box and what follows it keep their places.
 */
function blankItemName(region: Region, item: ItemInfo): Finding[] {
  const { start, end } = item.name;
  const bytes = region.bytes.subarray(start - region.base, end - region.base);
  const said = decodeText(bytes).trim();
  if (!said) return [];
  region.write(new Uint8Array(bytes.length).fill(SPACE), start);
  return [finding('other.data', 'item name', `meta/item ${item.id}`, said)];
}

function itemFindings(
  item: ItemInfo,
  data: Uint8Array,
  where: string,
): Finding[] {
  if (item.contentType === XMP_CONTENT_TYPE)
    return xmpBlockFindings(data, where);
  const value = isMetadataItem(item) ? undefined : 'unknown item';
  return [finding('other.data', item.contentType || item.type, where, value)];
}

const JPEG_ITEM_TYPE = 'jpeg';

/**
 * A `jpeg` item cleaned by the JPEG module and written back zero-padded where it lies. Its bytes,
 * verified by that clean (their own residue scan included), are marked checked: an Orientation-only
 * EXIF it keeps must not read as residue where the item lies in idat.
 */
async function cleanJpegItem(
  src: ByteSource,
  region: Region,
  {
    item,
    locations,
    idat,
  }: {
    item: ItemInfo;
    locations: ReadonlyMap<number, ItemLocation>;
    idat: Box | undefined;
  },
  nested: NestedEngine,
  out: { patches: Patch[]; checked: ByteRange[]; findings: Finding[] },
): Promise<void> {
  const location = locations.get(item.id);
  if (!location) return;
  const ranges = itemRanges(location, idat, src.size);
  const data = await readRanges(src, region, ranges);
  const where = `meta/item ${item.id} ${item.type}`;
  const jpeg = await planJpegItem(data, item.id, where, nested);
  out.findings.push(...jpeg.findings);
  if (jpeg.replacement)
    writeItem(region, ranges, jpeg.replacement, out.patches);
  out.checked.push(...ranges);
}

/**
 * A top-level meta that lists items (HEIF, handler `pict`, or any other handler) is cleaned item by
 * item, since its items may be the picture itself; a meta without items is plain metadata.
 */
export function hasItems(region: Region, meta: Box): boolean {
  const children = metaChildren(region, meta);
  return children.some((b) => b.type === 'iinf' || b.type === 'iloc');
}

/** Cleans a HEIF `meta` box held in `region`; item bytes outside it come back as patches. */
export async function scanHeifMeta(
  src: ByteSource,
  region: Region,
  meta: Box,
  findings: Finding[],
  signal: AbortSignal | undefined,
  nested: NestedEngine,
): Promise<HeifScan> {
  const children = metaChildren(region, meta);
  const iinf = firstChild(children, 'iinf');
  const iloc = firstChild(children, 'iloc');
  const idat = firstChild(children, 'idat');
  const iprp = firstChild(children, 'iprp');
  for (const item of keptProperties(region, iprp)) findings.push(item);
  for (const item of freeOtherProperties(region, iprp)) findings.push(item);
  for (const item of freeOtherMetaBoxes(region, children)) findings.push(item);
  const patches: Patch[] = [];
  const locations = iloc
    ? readItemLocations(region, iloc)
    : new Map<number, ItemLocation>();
  const items = fileItemRanges(locations, src.size);
  const checked: ByteRange[] = [];
  if (!iinf) return { patches, items, checked };
  const picture = pictureItems(region, children);
  for (const item of readItemInfos(region, iinf)) {
    throwIfAborted(signal);
    findings.push(...blankItemName(region, item));
    if (!item.type && item.contentType === XMP_CONTENT_TYPE)
      throw new EngineError(
        'unsupported',
        'XMP item in an untyped (version 0/1) infe',
      );
    if (item.type === JPEG_ITEM_TYPE) {
      await cleanJpegItem(src, region, { item, locations, idat }, nested, {
        patches,
        checked,
        findings,
      });
      continue;
    }
    if (!item.type || PICTURE_ITEM_TYPES.has(item.type)) continue;
    if (!isMetadataItem(item) && picture.has(item.id))
      throw new EngineError(
        'unsupported',
        `item ${item.id} of unknown type '${item.type}' is part of the picture`,
      );
    const where = `meta/item ${item.id} ${item.type}`;
    const location = locations.get(item.id);
    const ranges = location ? itemRanges(location, idat, src.size) : [];
    const data = await readRanges(src, region, ranges);
    const exif = item.type === 'Exif' ? planExifItem(data, where) : null;
    findings.push(...(exif ? exif.findings : itemFindings(item, data, where)));
    if (exif?.replacement) {
      // A rotated photo's Exif item stays an Exif item, holding its Orientation alone.
      if (!isUnchanged(exif, data))
        writeItem(region, ranges, exif.replacement, patches);
      checked.push({
        start: item.typeOffset,
        end: item.typeOffset + HIDDEN_ITEM_TYPE.length,
      });
      continue;
    }
    region.write(HIDDEN_ITEM_TYPE, item.typeOffset);
    writeItem(region, ranges, new Uint8Array(data.length), patches);
  }
  return { patches, items, checked };
}
