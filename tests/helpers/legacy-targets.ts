/**
 * Where a legacy Office seed's picture walks read their numbers, as file offsets, so the campaign
 * can aim at them beside its generic byte edits: OfficeArt record headers ([MS-ODRAW] 2.2.1: the
 * version and instance, the type, the length) in every stream that holds drawings, the OfficeArtFBSE
 * fields (2.2.32: size, foDelay, cbName), a metafile blip's cbSize, cbSave and compression
 * (2.2.31), each PICF of a Word Data stream ([MS-DOC] 2.9.192: lcb,
 * cbHeader, mm), the FIB's fcDggInfo and lcbDggInfo (2.5.6), the BIFF headers of an Excel drawing
 * group's MsoDrawingGroup and Continue records ([MS-XLS] 2.4.170, 2.4.58), and an `\001Ole`
 * stream's flags and moniker sizes ([MS-OLEDS] 2.3.3). A stream's bytes lie in sectors that need
 * not be side by side, so every byte of a field is placed through the stream's extents.
 */
import { ByteSource } from '../../workers/engine/byte-source';
import {
  locate,
  openCompoundFile,
  readExtents,
  type Extent,
} from '../../workers/engine/shared/cfb/compound-file';

export interface Target {
  /** File offsets of the field's bytes, least significant first. */
  readonly at: readonly number[];
  readonly what: string;
  /** The field's kind (a record's type, its length, FBSE foDelay...): the campaign picks a kind first. */
  readonly kind: string;
  /** Values worth trying besides arithmetic on the old one (record types). */
  readonly values?: readonly number[];
}

/** [MS-ODRAW] 2.2.1: OfficeArt record types lie in 0xF000-0xF122. */
const ODRAW_FIRST = 0xf000;
const ODRAW_LAST = 0xf122;
const RECORD_HEADER_BYTES = 8;
/** [MS-ODRAW] 2.2.12-2.2.32: the types the picture walks tell apart. */
const PICTURE_TYPES = [
  0xf000, 0xf001, 0xf007, 0xf01a, 0xf01b, 0xf01c, 0xf01d, 0xf01e, 0xf01f,
  0xf029, 0xf02a, 0xf004, 0xf0ee,
];
const FBSE = 0xf007;
/** recVer: 0 for atoms and blips, 2 for an FBSE, 0xF for containers. */
const VERSION_MASK = 0xf;
const RECORD_VERSIONS: ReadonlySet<number> = new Set([0x0, 0x2, 0xf]);
/** OfficeArtFBSE fields, from the record's body. */
const FBSE_FIELDS: readonly (readonly [string, number, number])[] = [
  ['btWin32', 0, 1],
  ['size', 20, 4],
  ['foDelay', 28, 4],
  ['cbName', 33, 1],
];
/**
 * [MS-ODRAW] 2.2.24-2.2.26, 2.2.31: a metafile blip's OfficeArtMetafileHeader after its one or
 * two 16-byte UIDs (two when recInstance is odd): cbSize, cbSave and compression.
 */
const METAFILE_BLIPS: ReadonlySet<number> = new Set([0xf01a, 0xf01b, 0xf01c]);
const UID_BYTES = 16;
const METAFILE_FIELDS: readonly (readonly [string, number, number])[] = [
  ['metafile cbSize', 0, 4],
  ['metafile cbSave', 28, 4],
  ['metafile compression', 32, 1],
];
const METAFILE_HEADER_BYTES = 34;
/** 2.2.31 compression: DEFLATE, and none. */
const COMPRESSIONS = [0x00, 0xfe];
/** [MS-DOC] 2.9.192 PICF: lcb, cbHeader, mfpf.mm. */
const PICF_FIELDS: readonly (readonly [string, number, number])[] = [
  ['PICF lcb', 0, 4],
  ['PICF cbHeader', 4, 2],
  ['PICF mm', 6, 2],
];
const PICF_BYTES = 0x44;
/** [MS-DOC] 2.9.158 MFPF mm values of pictures drawn by OfficeArt. */
const PICF_MM = [0x0064, 0x0066, 0x0008, 0x0000];
/** [MS-DOC] 2.5.6 FibRgFcLcb97, from the FIB's start: fcDggInfo (index 50) and lcbDggInfo. */
const FC_DGG_INFO_AT = 154 + 50 * 8;
/** [MS-XLS] 2.3 record types of a drawing group's records, and others worth swapping in. */
const BIFF_TYPES = [0x00eb, 0x003c, 0x00ec, 0x005d, 0x01b6, 0x000a];
const BIFF_DRAWING = new Set([0x00eb, 0x003c]);
const BIFF_HEADER_BYTES = 4;
/** [MS-OLEDS] 2.3.3: an OLEStream's version, and the reserved moniker's size after 16 bytes. */
const OLE_VERSION = Buffer.from([0x01, 0x00, 0x00, 0x02]);
const OLE_FIELDS: readonly (readonly [string, number, number])[] = [
  ['Ole flags', 4, 4],
  ['Ole reserved moniker size', 16, 4],
];
/** CLSID_FileMoniker as stored: each file moniker starts with it, after its size. */
const FILE_MONIKER = Buffer.from('0303000000000000c000000000000046', 'hex');

const DRAWING_STREAMS = [
  'WordDocument',
  '1Table',
  '0Table',
  'Data',
  'Workbook',
  'PowerPoint Document',
  'Pictures',
];

const u16 = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u32 = (b: Uint8Array, at: number) =>
  (u16(b, at) + u16(b, at + 2) * 0x10000) >>> 0;

/** A field of `width` bytes at `offset` of a stream laid out as `extents`. */
function field(
  extents: readonly Extent[],
  offset: number,
  width: number,
  what: string,
  values?: readonly number[],
): Target {
  const at = Array.from({ length: width }, (_, k) =>
    locate(extents, offset + k),
  );
  const kind = what.replace(/ (?:at \d+|0x[0-9a-f]+)/g, '');
  return values ? { at, what, kind, values } : { at, what, kind };
}

/** Every offset of `b` that reads as an OfficeArt record whose body fits the stream. */
function officeArtTargets(
  b: Uint8Array,
  extents: readonly Extent[],
  name: string,
): Target[] {
  const found: Target[] = [];
  for (let at = 0; at + RECORD_HEADER_BYTES <= b.length; at++) {
    const type = u16(b, at + 2);
    if (type < ODRAW_FIRST || type > ODRAW_LAST) continue;
    if (!RECORD_VERSIONS.has(b[at]! & VERSION_MASK)) continue;
    const length = u32(b, at + 4);
    if (at + RECORD_HEADER_BYTES + length > b.length) continue;
    const where = `${name} record 0x${type.toString(16)} at ${at}`;
    found.push(
      field(extents, at, 2, `${where}: version and instance`),
      field(extents, at + 2, 2, `${where}: type`, PICTURE_TYPES),
      field(extents, at + 4, 4, `${where}: length`),
    );
    const uids = UID_BYTES * (1 + ((u16(b, at) >> 4) & 1));
    if (METAFILE_BLIPS.has(type) && uids + METAFILE_HEADER_BYTES <= length)
      for (const [label, offset, width] of METAFILE_FIELDS)
        found.push(
          field(
            extents,
            at + RECORD_HEADER_BYTES + uids + offset,
            width,
            `${where}: ${label}`,
            label.endsWith('compression') ? COMPRESSIONS : undefined,
          ),
        );
    if (type === FBSE)
      for (const [label, offset, width] of FBSE_FIELDS)
        if (offset + width <= length)
          found.push(
            field(
              extents,
              at + RECORD_HEADER_BYTES + offset,
              width,
              `${where}: ${label}`,
            ),
          );
  }
  return found;
}

/** The PICFs of a Word Data stream, one after another from its start. */
function picfTargets(b: Uint8Array, extents: readonly Extent[]): Target[] {
  const found: Target[] = [];
  for (let at = 0; at + PICF_BYTES <= b.length;) {
    const lcb = u32(b, at);
    if (lcb < PICF_BYTES) break;
    for (const [label, offset, width] of PICF_FIELDS)
      found.push(
        field(
          extents,
          at + offset,
          width,
          `Data ${label} at ${at}`,
          label.endsWith('mm') ? PICF_MM : undefined,
        ),
      );
    at += lcb;
  }
  return found;
}

/** The headers of a workbook's drawing group records. */
function biffTargets(b: Uint8Array, extents: readonly Extent[]): Target[] {
  const found: Target[] = [];
  for (let at = 0; at + BIFF_HEADER_BYTES <= b.length;) {
    const type = u16(b, at);
    const size = u16(b, at + 2);
    if (BIFF_DRAWING.has(type))
      found.push(
        field(extents, at, 2, `Workbook record type at ${at}`, BIFF_TYPES),
        field(
          extents,
          at + 2,
          2,
          `Workbook record 0x${type.toString(16)} size at ${at}`,
        ),
      );
    at += BIFF_HEADER_BYTES + size;
  }
  return found;
}

/** Every position of `needle` in `b`. */
function positions(b: Buffer, needle: Buffer): number[] {
  const found: number[] = [];
  for (let i = b.indexOf(needle); i >= 0; i = b.indexOf(needle, i + 1))
    found.push(i);
  return found;
}

/**
 * An `\001Ole` stream's fields and every file moniker's size, found in the file's own bytes: an
 * OLE object embedded in a record is a compound file of its own, whose small streams lie in its
 * mini stream's 64-byte sectors, written one after another by the writers of these seeds.
 */
function oleTargets(file: Buffer): Target[] {
  const span = (at: number, width: number) =>
    Array.from({ length: width }, (_, k) => at + k);
  const found: Target[] = [];
  for (const at of positions(file, OLE_VERSION))
    for (const [label, offset, width] of OLE_FIELDS)
      if (at + offset + width <= file.length)
        found.push({
          at: span(at + offset, width),
          what: `${label} at ${at}`,
          kind: label,
        });
  for (const at of positions(file, FILE_MONIKER))
    if (at >= 4)
      found.push(
        {
          at: span(at - 4, 4),
          what: `moniker size at ${at - 4}`,
          kind: 'moniker size',
        },
        {
          at: span(at + FILE_MONIKER.length + 2, 4),
          what: `file moniker ansiLength at ${at}`,
          kind: 'file moniker ansiLength',
        },
      );
  return found;
}

/** The aimed targets of one seed. */
export async function legacyTargets(bytes: Uint8Array): Promise<Target[]> {
  const src = new ByteSource(new Blob([bytes as Uint8Array<ArrayBuffer>]));
  const cfb = await openCompoundFile(src);
  const found: Target[] = [];
  for (const entry of cfb.entries) {
    if (entry.kind !== 'stream' || entry.path.length !== 1) continue;
    if (!DRAWING_STREAMS.includes(entry.name)) continue;
    const extents = cfb.extents(entry);
    const b = await readExtents(src, extents, 0, entry.size);
    found.push(...officeArtTargets(b, extents, entry.name));
    if (entry.name === 'Data') found.push(...picfTargets(b, extents));
    if (entry.name === 'Workbook') found.push(...biffTargets(b, extents));
    if (entry.name === 'WordDocument' && b.length >= FC_DGG_INFO_AT + 8)
      found.push(
        field(extents, FC_DGG_INFO_AT, 4, 'FIB fcDggInfo'),
        field(extents, FC_DGG_INFO_AT + 4, 4, 'FIB lcbDggInfo'),
      );
  }
  found.push(...oleTargets(Buffer.from(bytes)));
  return found;
}
