/**
 * The image data of a HEIF file (HEIC, AVIF): the extents of every picture item, in item order,
 * read from `meta`'s item information (`iinf`/`infe`, ISO/IEC 14496-12 8.11.6) and item
 * locations (`iloc`, 8.11.3). Exif and XMP items live in the same `mdat` as the pictures and
 * cleaning blanks them, so the whole `mdat` is not the content: only picture items are. A `jpeg`
 * item is a JPEG file with its own metadata segments, which cleaning removes: its content is its
 * scans' entropy-coded data, as a JPEG's own is.
 */
import type { ByteReader } from '../byte-source';
import { u16be, u32be, u64be } from '../bytes';
import type { ByteRange } from '../engine-types';
import { EngineError, corrupt } from '../errors';
import { MAX_ENTRIES, MAX_METADATA_BYTES } from '../limits';
import { children, FULL_BOX_BYTES, type Box } from './isobmff-boxes';
import { jpegScanRanges } from './jpeg-scans';

/**
 * Item types that hold pictures or build them from others: coded images (HEVC, layered HEVC,
 * AVC, JPEG, VVC, JPEG 2000, AV1, uncompressed), derived images (grid, overlay, identity, tone
 * map) and masks (ISO/IEC 23008-12 6.6 and Annexes B-E; AV1-ISOBMFF 2.2; ISO/IEC 23001-17).
 */
const PICTURE_ITEM_TYPES: ReadonlySet<string> = new Set([
  'hvc1',
  'hvt1',
  'lhv1',
  'avc1',
  'jpeg',
  'vvc1',
  'vvi1',
  'j2k1',
  'av01',
  'unci',
  'grid',
  'iovl',
  'iden',
  'tmap',
  'mski',
]);
/** `iloc` construction methods (8.11.3.3): offsets in the file, or in `idat`. */
const FILE_OFFSET = 0;
const IDAT_OFFSET = 1;

class Cursor {
  at = 0;
  constructor(private readonly b: Uint8Array) {}
  u8(): number {
    if (this.at >= this.b.length) throw corrupt('a HEIF box runs short');
    return this.b[this.at++]!;
  }
  u16(): number {
    const v = u16be(this.b, this.at);
    this.at += 2;
    return v;
  }
  u32(): number {
    const v = u32be(this.b, this.at);
    this.at += 4;
    return v;
  }
  /** An unsigned field of 0, 4 or 8 bytes (`iloc` sizes). */
  sized(bytes: number): number {
    if (bytes === 0) return 0;
    if (bytes === 4) return this.u32();
    if (bytes === 8) {
      const v = u64be(this.b, this.at);
      this.at += 8;
      return v;
    }
    throw corrupt(`an iloc field of ${bytes} bytes`);
  }
  type(): string {
    const t = String.fromCharCode(this.u8(), this.u8(), this.u8(), this.u8());
    return t;
  }
}

async function payload(src: ByteReader, box: Box): Promise<Uint8Array> {
  if (box.end - box.payload > MAX_METADATA_BYTES)
    throw new EngineError('too-large', `a ${box.type} box`);
  return src.readExact(box.payload, box.end - box.payload);
}

/** Item id to type, from `iinf`'s `infe` boxes of version 2 or 3. */
async function itemTypes(
  src: ByteReader,
  iinf: Box,
): Promise<Map<number, string>> {
  const head = await src.readExact(iinf.payload, FULL_BOX_BYTES);
  const countBytes = head[0] === 0 ? 2 : 4;
  const types = new Map<number, string>();
  for (const infe of await children(
    src,
    iinf.payload + FULL_BOX_BYTES + countBytes,
    iinf.end,
  )) {
    if (infe.type !== 'infe') continue;
    const c = new Cursor(await payload(src, infe));
    const version = c.u8();
    c.at += 3;
    if (version < 2)
      throw new EngineError(
        'unsupported',
        'HEIF item information of version 0 or 1',
      );
    const id = version === 2 ? c.u16() : c.u32();
    c.u16();
    types.set(id, c.type());
  }
  return types;
}

interface Located {
  readonly id: number;
  readonly extents: ByteRange[];
}

/** Every item's extents in the file, from `iloc` (offsets in `idat` made file offsets). */
async function itemLocations(
  src: ByteReader,
  iloc: Box,
  idat: Box | undefined,
): Promise<Located[]> {
  const c = new Cursor(await payload(src, iloc));
  const version = c.u8();
  c.at += 3;
  const sizes = c.u16();
  const [offsetSize, lengthSize, baseSize] = [
    sizes >> 12,
    (sizes >> 8) & 0xf,
    (sizes >> 4) & 0xf,
  ];
  const indexSize = version >= 1 ? sizes & 0xf : 0;
  const count = version < 2 ? c.u16() : c.u32();
  if (count > MAX_ENTRIES) throw corrupt('too many HEIF items');
  const out: Located[] = [];
  for (let i = 0; i < count; i++) {
    const id = version < 2 ? c.u16() : c.u32();
    const method = version >= 1 ? c.u16() & 0xf : FILE_OFFSET;
    c.u16();
    const base = c.sized(baseSize);
    const extentCount = c.u16();
    const extents: ByteRange[] = [];
    for (let e = 0; e < extentCount; e++) {
      if (indexSize) c.sized(indexSize);
      const offset = base + c.sized(offsetSize);
      const length = c.sized(lengthSize);
      if (method !== FILE_OFFSET && method !== IDAT_OFFSET)
        throw new EngineError(
          'unsupported',
          'HEIF items built from other items',
        );
      const origin = method === IDAT_OFFSET ? (idat?.payload ?? -1) : 0;
      if (origin < 0) throw corrupt('a HEIF item in an idat that is not there');
      const start = origin + offset;
      const end =
        length === 0
          ? method === IDAT_OFFSET
            ? idat!.end
            : src.size
          : start + length;
      if (end > src.size || start > end)
        throw corrupt(`HEIF item ${id} lies past the file`);
      extents.push({ start, end });
    }
    out.push({ id, extents });
  }
  return out;
}

const JPEG_ITEM = 'jpeg';

/** The bytes `range` of `src` as a file of their own. */
function windowOf(src: ByteReader, range: ByteRange): ByteReader {
  const size = range.end - range.start;
  const inside = (offset: number, length: number) =>
    Math.max(0, Math.min(length, size - offset));
  return {
    size,
    read: (offset, length) =>
      src.read(range.start + offset, inside(offset, length)),
    readExact: (offset, length) => {
      if (offset + length > size) throw corrupt('a JPEG item runs short');
      return src.readExact(range.start + offset, length);
    },
  };
}

/** A JPEG item's scans, in the file's offsets; one in pieces (several extents) whole. */
async function jpegItemScans(
  src: ByteReader,
  extents: ByteRange[],
): Promise<ByteRange[]> {
  const [only] = extents;
  if (extents.length !== 1 || !only) return extents;
  const scans = await jpegScanRanges(windowOf(src, only));
  return scans.map((r) => ({
    start: only.start + r.start,
    end: only.start + r.end,
  }));
}

/** The extents of every picture item, in item id order. */
export async function heifItemRanges(src: ByteReader): Promise<ByteRange[]> {
  const meta = (await children(src, 0, src.size)).find(
    (b) => b.type === 'meta',
  );
  if (!meta) throw corrupt('a HEIF file without meta');
  const inner = await children(src, meta.payload + FULL_BOX_BYTES, meta.end);
  const iinf = inner.find((b) => b.type === 'iinf');
  const iloc = inner.find((b) => b.type === 'iloc');
  if (!iinf || !iloc) throw corrupt('a HEIF meta without iinf or iloc');
  const types = await itemTypes(src, iinf);
  const located = await itemLocations(
    src,
    iloc,
    inner.find((b) => b.type === 'idat'),
  );
  const pictures = located
    .filter((item) => PICTURE_ITEM_TYPES.has(types.get(item.id) ?? ''))
    .sort((a, b) => a.id - b.id);
  const ranges: ByteRange[] = [];
  for (const item of pictures)
    ranges.push(
      ...(types.get(item.id) === JPEG_ITEM
        ? await jpegItemScans(src, item.extents)
        : item.extents),
    );
  return ranges;
}
