/**
 * Windows metafiles written by code for tests, with a canary in every place one can hide: an EMF
 * ([MS-EMF]) whose header description names a program and a picture, with private, group,
 * Unicode and EMF+ comments and a compressed PNG in an EMF+ image object; a WMF ([MS-WMF]) with a
 * placeable header, an MFCOMMENT and a `WMFC` chunk of an EMF copy. Both draw a rectangle.
 */
import { execFileSync } from 'node:child_process';
import { insertAfterIhdr, tEXt } from './png-chunks';

export const EMF_CANARIES = [
  'CANARYAPP',
  'CANARYPIC',
  'CANARYPRIVATE',
  'CANARYGROUP',
  'CANARYUNICODE',
  'CANARYPLUS',
  'CANARYPNG',
] as const;
export const WMF_CANARIES = ['CANARYWMFCOMMENT', 'CANARYWMFCOPY'] as const;

const utf16 = (text: string) => Buffer.from(text, 'utf16le');
const pad4 = (b: Buffer) =>
  b.length % 4 ? Buffer.concat([b, Buffer.alloc(4 - (b.length % 4))]) : b;

/** One EMF record: Type, Size, then the body padded to 4 bytes. */
export function emfRecord(
  type: number,
  body: Buffer = Buffer.alloc(0),
): Buffer {
  const padded = pad4(body);
  const head = Buffer.alloc(8);
  head.writeUInt32LE(type, 0);
  head.writeUInt32LE(8 + padded.length, 4);
  return Buffer.concat([head, padded]);
}

/** EMR_COMMENT with DataSize and data. */
export function emfComment(data: Buffer): Buffer {
  const size = Buffer.alloc(4);
  size.writeUInt32LE(data.length, 0);
  return emfRecord(0x46, Buffer.concat([size, data]));
}

function gdic(kind: number, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.write('GDIC', 0, 'latin1');
  head.writeUInt32LE(kind, 4);
  return emfComment(Buffer.concat([head, body]));
}

function plusRecord(type: number, flags: number, data: Buffer): Buffer {
  const body = pad4(data);
  const head = Buffer.alloc(12);
  head.writeUInt16LE(type, 0);
  head.writeUInt16LE(flags, 2);
  head.writeUInt32LE(12 + body.length, 4);
  head.writeUInt32LE(data.length, 8);
  return Buffer.concat([head, body]);
}

/** A 4x4 PNG drawn by ImageMagick with a tEXt canary. */
export function canaryPng(): Buffer {
  const png = execFileSync('convert', ['-size', '4x4', 'xc:red', 'png:-']);
  return Buffer.from(
    insertAfterIhdr(new Uint8Array(png), [tEXt('Comment', 'CANARYPNG')]),
  );
}

/** An EMF+ image object in two continued records, each in its own EMR_COMMENT. */
function continuedImage(object: Buffer, cut: number): Buffer[] {
  const total = Buffer.alloc(4);
  total.writeUInt32LE(object.length, 0);
  const flags = (5 << 8) | 0x8000;
  return [object.subarray(0, cut), object.subarray(cut)].map((piece) =>
    emfComment(
      Buffer.concat([
        Buffer.from('EMF+', 'latin1'),
        plusRecord(0x4008, flags, Buffer.concat([total, piece])),
      ]),
    ),
  );
}

function emfPlus(png: Buffer, split: boolean): Buffer[] {
  const header = Buffer.alloc(16);
  header.writeUInt32LE(0xdbc01002, 0);
  header.writeUInt32LE(96, 8);
  header.writeUInt32LE(96, 12);
  const image = Buffer.alloc(28);
  image.writeUInt32LE(0xdbc01002, 0);
  image.writeUInt32LE(1, 4); // bitmap
  image.writeUInt32LE(4, 8);
  image.writeUInt32LE(4, 12);
  image.writeUInt32LE(1, 24); // compressed
  const object = Buffer.concat([image, png]);
  const data = Buffer.concat([
    Buffer.from('EMF+', 'latin1'),
    plusRecord(0x4001, 0, header),
    plusRecord(0x4003, 0, Buffer.from('CANARYPLUS comment', 'latin1')),
    ...(split ? [] : [plusRecord(0x4008, 5 << 8, object)]),
    plusRecord(0x4002, 0, Buffer.alloc(0)),
  ]);
  // Cut inside the PNG's text chunk, so neither piece holds the whole canary.
  const cut = object.indexOf('CANARYPNG') + 4;
  return [emfComment(data), ...(split ? continuedImage(object, cut) : [])];
}

function emfHeader(
  description: string,
  total: number,
  records: number,
): Buffer {
  const desc = pad4(utf16(description));
  const h = Buffer.alloc(88);
  h.writeUInt32LE(1, 0);
  h.writeUInt32LE(88 + desc.length, 4);
  h.writeInt32LE(99, 16);
  h.writeInt32LE(99, 20);
  h.writeInt32LE(2540, 32);
  h.writeInt32LE(2540, 36);
  h.writeUInt32LE(0x464d4520, 40);
  h.writeUInt32LE(0x10000, 44);
  h.writeUInt32LE(total, 48);
  h.writeUInt32LE(records, 52);
  h.writeUInt16LE(1, 56);
  h.writeUInt32LE(description.length, 60);
  h.writeUInt32LE(description.length ? 88 : 0, 64);
  h.writeInt32LE(1024, 72);
  h.writeInt32LE(768, 76);
  h.writeInt32LE(320, 80);
  h.writeInt32LE(240, 84);
  return Buffer.concat([h, desc]);
}

/** A rectangle, and an EMR_EOF. */
function drawing(): Buffer[] {
  const box = Buffer.alloc(16);
  box.writeInt32LE(10, 0);
  box.writeInt32LE(10, 4);
  box.writeInt32LE(90, 8);
  box.writeInt32LE(90, 12);
  const mode = Buffer.alloc(4);
  mode.writeUInt32LE(1, 0);
  return [emfRecord(0x11, mode), emfRecord(0x2b, box)];
}

function emfEof(): Buffer {
  const body = Buffer.alloc(12);
  body.writeUInt32LE(16, 4);
  body.writeUInt32LE(20, 8);
  return emfRecord(0x0e, body);
}

/** An EMF from its records between the header and EMR_EOF. */
export function emfOf(description: string, records: readonly Buffer[]): Buffer {
  const body = [...records, emfEof()];
  const bodyBytes = body.reduce((n, r) => n + r.length, 0);
  const headerBytes = emfHeader(description, 0, 0).length;
  return Buffer.concat([
    emfHeader(description, headerBytes + bodyBytes, body.length + 1),
    ...body,
  ]);
}

/**
 * The EMF with every canary: description, comments, EMF+ comment and an EMF+ PNG (`split`: in
 * two continued records).
 */
export function canaryEmf(png = canaryPng(), split = false): Buffer {
  const group = Buffer.alloc(20);
  group.writeUInt32LE('CANARYGROUP layer'.length, 16);
  return emfOf('CANARYAPP Visio\0CANARYPIC drawing.vsd\0\0', [
    ...drawing(),
    emfComment(Buffer.from('PRIVCANARYPRIVATE data', 'latin1')),
    gdic(2, Buffer.concat([group, utf16('CANARYGROUP layer')])),
    gdic(0x40, utf16('CANARYUNICODE note')),
    gdic(3, Buffer.alloc(0)),
    ...emfPlus(png, split),
  ]);
}

/** One WMF record: RecordSize in words, RecordFunction, parameters padded to a word. */
export function wmfRecord(
  fn: number,
  params: Buffer = Buffer.alloc(0),
): Buffer {
  const body =
    params.length % 2 ? Buffer.concat([params, Buffer.alloc(1)]) : params;
  const head = Buffer.alloc(6);
  head.writeUInt32LE(3 + body.length / 2, 0);
  head.writeUInt16LE(fn, 4);
  return Buffer.concat([head, body]);
}

function wmfEscape(escape: number, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt16LE(escape, 0);
  head.writeUInt16LE(data.length, 2);
  return wmfRecord(0x0626, Buffer.concat([head, data]));
}

/** A placeable WMF of `records` and META_EOF, its header's sizes true. */
export function wmfOf(records: readonly Buffer[], placeable = true): Buffer {
  const body = [...records, wmfRecord(0)];
  const words = 9 + body.reduce((n, r) => n + r.length / 2, 0);
  const maxRecord = body.reduce((n, r) => Math.max(n, r.length / 2), 0);
  const header = Buffer.alloc(18);
  header.writeUInt16LE(1, 0);
  header.writeUInt16LE(9, 2);
  header.writeUInt16LE(0x0300, 4);
  header.writeUInt32LE(words, 6);
  header.writeUInt32LE(maxRecord, 12);
  const place = Buffer.alloc(22);
  place.writeUInt32LE(0x9ac6cdd7, 0);
  place.writeInt16LE(100, 10);
  place.writeInt16LE(100, 12);
  place.writeUInt16LE(1440, 14);
  let sum = 0;
  for (let i = 0; i < 20; i += 2) sum ^= place.readUInt16LE(i);
  place.writeUInt16LE(sum, 20);
  return Buffer.concat([...(placeable ? [place] : []), header, ...body]);
}

/** The WMF with a comment and a `WMFC` chunk of an EMF copy, each with a canary. */
export function canaryWmf(): Buffer {
  const rect = Buffer.alloc(8);
  rect.writeInt16LE(90, 0);
  rect.writeInt16LE(90, 2);
  rect.writeInt16LE(10, 4);
  rect.writeInt16LE(10, 6);
  const ext = Buffer.alloc(4);
  ext.writeInt16LE(100, 0);
  ext.writeInt16LE(100, 2);
  const wmfc = Buffer.alloc(34);
  wmfc.write('WMFC', 0, 'latin1');
  wmfc.writeUInt32LE(1, 4);
  wmfc.writeUInt32LE(0x10000, 8);
  const copy = emfOf('CANARYWMFCOPY app\0\0', drawing());
  wmfc.writeUInt32LE(1, 16 + 4);
  wmfc.writeUInt32LE(copy.length, 16 + 8);
  wmfc.writeUInt32LE(copy.length, 30);
  return wmfOf([
    wmfRecord(0x020c, ext),
    wmfEscape(0x000f, Buffer.from('CANARYWMFCOMMENT by someone', 'latin1')),
    wmfEscape(0x000f, Buffer.concat([wmfc, copy])),
    wmfRecord(0x041b, rect),
  ]);
}
