/**
 * Compound files for the legacy Office rules the LibreOffice fixtures do not reach: a PowerPoint
 * file whose `Pictures` stream holds a photo ([MS-ODRAW] 2.2.27 OfficeArtBlipJPEG), and OLE
 * objects whose `\001Ole` stream ([MS-OLEDS] 2.3.3) names the file they came from or link to.
 */
import { deflateSync } from 'node:zlib';
import { writeCfb, type CfbStream } from './cfb-writer';

/** [MS-ODRAW] 2.2.1 record types and instances of the blips built here. */
const JPEG_BLIP = 0xf01d;
const JPEG_ONE_UID = 0x46a;
const DIB_BLIP = 0xf01f;
const DIB_ONE_UID = 0x7a8;
const UID_BYTES = 16;
const TAG = 0xff;

function record(instance: number, type: number, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt16LE(instance << 4, 0);
  head.writeUInt16LE(type, 2);
  head.writeUInt32LE(body.length, 4);
  return Buffer.concat([head, body]);
}

/** A bitmap blip record ([MS-ODRAW] 2.2.27-2.2.30): one UID, the tag, then `data`. */
export const blip = (
  instance: number,
  type: number,
  data: Uint8Array,
): Buffer =>
  record(
    instance,
    type,
    Buffer.concat([Buffer.alloc(UID_BYTES, 0x11), Buffer.of(TAG), data]),
  );

/** A Current User stream ([MS-PPT] 2.3.2) naming no one. */
export function currentUser(): Buffer {
  const user = Buffer.alloc(28 + 4);
  user.writeUInt16LE(0x0ff6, 2);
  user.writeUInt32LE(user.length - 8, 4);
  user.writeUInt32LE(0x14, 8);
  user.writeUInt32LE(0xe391c05f, 12);
  return user;
}

/** A bitmap's header and pixels, as a DIB blip holds them: content, no metadata. */
export const DIB_PIXELS = Buffer.concat([
  Buffer.from([40, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 24, 0]),
  Buffer.alloc(24),
  Buffer.from('DIB_PIXELS_KEPT'),
]);

/**
 * A presentation with a JPEG and a DIB in its Pictures stream, and `extra` records after them;
 * `streams` gives the Current User and PowerPoint Document streams another content.
 */
export function pptWithPictures(
  jpeg: Uint8Array,
  extra: Uint8Array = new Uint8Array(0),
  streams: { user?: Uint8Array; document?: Uint8Array } = {},
): Uint8Array {
  const pictures = Buffer.concat([
    blip(JPEG_ONE_UID, JPEG_BLIP, jpeg),
    blip(DIB_ONE_UID, DIB_BLIP, DIB_PIXELS),
    extra,
  ]);
  const all: CfbStream[] = [
    { path: ['Current User'], data: streams.user ?? currentUser() },
    {
      path: ['PowerPoint Document'],
      data: streams.document ?? new Uint8Array(64),
    },
    { path: ['Pictures'], data: pictures },
  ];
  return writeCfb(all).bytes;
}

/** [MS-ODRAW] 2.2.24 OfficeArtBlipEMF with one UID, and 2.2.31's compression "none" and filter. */
const EMF_BLIP = 0xf01a;
const EMF_ONE_UID = 0x3d4;
const METAFILE_HEADER_BYTES = 34;
const NO_COMPRESSION = 0xfe;

/** An uncompressed EMF blip of `data` (`instance` and `type` say what the record claims). */
export function metafileBlip(
  data: Uint8Array,
  instance = EMF_ONE_UID,
  type = EMF_BLIP,
): Buffer {
  const header = Buffer.alloc(METAFILE_HEADER_BYTES);
  header.writeUInt32LE(data.length, 0);
  header.writeUInt32LE(data.length, 28);
  header[32] = NO_COMPRESSION;
  header[33] = NO_COMPRESSION;
  return record(
    instance,
    type,
    Buffer.concat([Buffer.alloc(UID_BYTES, 0x33), header, data]),
  );
}

/** [MS-ODRAW] 2.2.31: compression 0x00, DEFLATE (a zlib stream, as Office and LibreOffice write). */
const DEFLATE_COMPRESSION = 0x00;

/** What a hostile compressed metafile blip says instead of the truth. */
export interface MetafileLie {
  /** The data after the header, instead of `data` deflated. */
  readonly stream?: Uint8Array;
  readonly cbSize?: number;
  readonly cbSave?: number;
}

/** The zlib stream of `data`, as a compressed metafile blip holds it. */
export const zlibOf = (data: Uint8Array): Buffer => deflateSync(data);

/**
 * A compressed metafile blip of `data` ([MS-ODRAW] 2.2.24-2.2.25, 2.2.31): the header's cbSize
 * is `data`'s length, cbSave its zlib stream's, unless `lie` says otherwise.
 */
export function compressedMetafileBlip(
  data: Uint8Array,
  instance = EMF_ONE_UID,
  type = EMF_BLIP,
  lie: MetafileLie = {},
): Buffer {
  const stream = lie.stream ?? zlibOf(data);
  const header = Buffer.alloc(METAFILE_HEADER_BYTES);
  header.writeUInt32LE(lie.cbSize ?? data.length, 0);
  header.writeUInt32LE(lie.cbSave ?? stream.length, 28);
  header[32] = DEFLATE_COMPRESSION;
  header[33] = NO_COMPRESSION;
  return record(
    instance,
    type,
    Buffer.concat([Buffer.alloc(UID_BYTES, 0x33), header, stream]),
  );
}

/** A record of a type no blip has, for the fail-closed case. */
export const UNKNOWN_RECORD = record(
  0,
  0xf0ee,
  Buffer.from('UNKNOWN_RECORD_DATA'),
);

/** [MS-OLEDS] 2.3.3: the OLEStream's version, and Flags bit 0 for a linked object. */
const OLE_VERSION = 0x02000001;
const LINKED = 1;
/** CLSID_FileMoniker, {00000303-0000-0000-C000-000000000046}, as its 16 bytes are stored. */
const FILE_MONIKER = Buffer.from('0303000000000000c000000000000046', 'hex');

const u32 = (v: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(v >>> 0);
  return b;
};
const u16 = (v: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(v);
  return b;
};

/** A MONIKERSTREAM holding a file moniker ([MS-OSHARED] 2.3.7.8) of `path`. */
export function fileMoniker(path: string): Buffer {
  const ansi = Buffer.concat([Buffer.from(path, 'latin1'), Buffer.alloc(1)]);
  const wide = Buffer.from(path, 'utf16le');
  return Buffer.concat([
    FILE_MONIKER,
    u16(0),
    u32(ansi.length),
    ansi,
    u16(0xffff),
    u16(0xdead),
    Buffer.alloc(16),
    u32(0),
    u32(wide.length + 6),
    u32(wide.length),
    u16(3),
    wide,
  ]);
}

/** The `\001Ole` stream of an object embedded from a file: its reserved moniker names the file. */
export function embeddedOleStream(path: string): Buffer {
  const moniker = fileMoniker(path);
  return Buffer.concat([
    u32(OLE_VERSION),
    u32(0),
    u32(0),
    u32(0),
    u32(moniker.length),
    moniker,
  ]);
}

/** A FILETIME of 2021-03-04, where a link says it was last updated. */
const FILETIME = Buffer.from('00c0e6a4e010d701', 'hex');

/**
 * The `\001Ole` stream of a linked object: relative and absolute source monikers, the source's
 * class id, its display name and update times. `ownSize` counts each size field in its size,
 * as some writers do; `damaged` drops the class id indicator.
 */
export function linkedOleStream(
  relative: string,
  absolute: string,
  display: string,
  options: { ownSize?: boolean; damaged?: boolean } = {},
): Buffer {
  const extra = options.ownSize ? 4 : 0;
  const sized = (m: Buffer) => Buffer.concat([u32(m.length + extra), m]);
  const name = Buffer.from(`${display}\0`, 'utf16le');
  return Buffer.concat([
    u32(OLE_VERSION),
    u32(LINKED),
    u32(1),
    u32(0),
    u32(0),
    sized(fileMoniker(relative)),
    sized(fileMoniker(absolute)),
    u32(options.damaged ? 0 : 0xffffffff),
    Buffer.alloc(16, 0x22),
    u32(name.length / 2),
    name,
    u32(0),
    FILETIME,
    FILETIME,
    FILETIME,
  ]);
}

/** An OLE object's compound file: its `\001Ole` stream and a CompObj. */
export function oleObject(ole: Uint8Array): Uint8Array {
  return writeCfb([
    { path: ['\u0001CompObj'], data: new Uint8Array(64) },
    { path: ['\u0001Ole'], data: ole },
  ]).bytes;
}

/**
 * A flat OpenDocument presentation with `jpeg` on its one slide, for LibreOffice to write as a
 * .ppt (the photo goes to the Pictures stream as a JPEG blip).
 */
export function flatPresentationWith(jpeg: Uint8Array): string {
  const data = Buffer.from(jpeg).toString('base64');
  return `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.presentation"><office:body><office:presentation><draw:page draw:name="page1"><draw:frame svg:width="8cm" svg:height="6cm" svg:x="1cm" svg:y="1cm"><draw:image><office:binary-data>${data}</office:binary-data></draw:image></draw:frame></draw:page></office:presentation></office:body></office:document>`;
}

/**
 * A flat OpenDocument text with `jpeg` twice: inline (as a character, which LibreOffice writes
 * to a .doc's Data stream) and floating (anchored to the paragraph: the table stream's drawing
 * group names it, in the WordDocument stream's delay stream).
 */
export function flatTextWith(jpeg: Uint8Array): string {
  const data = Buffer.from(jpeg).toString('base64');
  const frame = (anchor: string) =>
    `<draw:frame text:anchor-type="${anchor}" svg:width="4cm" svg:height="3cm"><draw:image><office:binary-data>${data}</office:binary-data></draw:image></draw:frame>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text"><office:body><office:text><text:p>Inline ${frame('as-char')}</text:p><text:p>Floating ${frame('paragraph')}</text:p></office:text></office:body></office:document>`;
}

/**
 * A flat OpenDocument spreadsheet with each of `jpegs` on its sheet, for LibreOffice to write as
 * an .xls (the pictures go to the workbook's drawing group: past a record's 8,224 bytes, a blip
 * is split by a Continue record's header).
 */
export function flatSpreadsheetWith(jpegs: readonly Uint8Array[]): string {
  const frame = (jpeg: Uint8Array, i: number) =>
    `<draw:frame svg:width="4cm" svg:height="3cm" svg:x="${1 + 5 * i}cm" svg:y="1cm"><draw:image><office:binary-data>${Buffer.from(jpeg).toString('base64')}</office:binary-data></draw:image></draw:frame>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.spreadsheet"><office:body><office:spreadsheet><table:table table:name="Photos"><table:shapes>${jpegs.map(frame).join('')}</table:shapes><table:table-row><table:table-cell/></table:table-row></table:table></office:spreadsheet></office:body></office:document>`;
}
