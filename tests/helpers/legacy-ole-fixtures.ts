/**
 * Compound files for the legacy Office rules the LibreOffice fixtures do not reach: a PowerPoint
 * file whose `Pictures` stream holds a photo ([MS-ODRAW] 2.2.27 OfficeArtBlipJPEG), and OLE
 * objects whose `\001Ole` stream ([MS-OLEDS] 2.3.3) names the file they came from or link to.
 */
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

const blip = (instance: number, type: number, data: Uint8Array): Buffer =>
  record(
    instance,
    type,
    Buffer.concat([Buffer.alloc(UID_BYTES, 0x11), Buffer.of(TAG), data]),
  );

/** A Current User stream ([MS-PPT] 2.3.2) naming no one. */
function currentUser(): Buffer {
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

/** A presentation with a JPEG and a DIB in its Pictures stream, and `extra` records after them. */
export function pptWithPictures(
  jpeg: Uint8Array,
  extra: Uint8Array = new Uint8Array(0),
): Uint8Array {
  const pictures = Buffer.concat([
    blip(JPEG_ONE_UID, JPEG_BLIP, jpeg),
    blip(DIB_ONE_UID, DIB_BLIP, DIB_PIXELS),
    extra,
  ]);
  const streams: CfbStream[] = [
    { path: ['Current User'], data: currentUser() },
    { path: ['PowerPoint Document'], data: new Uint8Array(64) },
    { path: ['Pictures'], data: pictures },
  ];
  return writeCfb(streams).bytes;
}

/** A record of a type no blip has, for the fail-closed case. */
export const UNKNOWN_RECORD = record(
  0,
  0xf0ee,
  Buffer.from('UNKNOWN_RECORD_DATA'),
);

