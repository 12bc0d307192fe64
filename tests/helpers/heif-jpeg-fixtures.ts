/**
 * A HEIC built box by box around ImageMagick's one-item HEVC picture: its primary `hvc1` item, and
 * a second item of type `jpeg` (ISO/IEC 23008-12 Annex H: the item's data is a whole JPEG file),
 * either the picture's thumbnail (a `thmb` reference, 8.11.12) or a picture of its own. Cameras
 * and converters write such JPEG thumbnails and previews, each with its own EXIF. The `hvcC`
 * property may carry extra NAL units (a prefix SEI) in an array of its own.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A box: 32-bit size, type, payload. */
function box(type: string, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
}

const fullBox = (type: string, version: number, ...payload: Buffer[]) =>
  box(type, Buffer.from([version, 0, 0, 0]), ...payload);

const u16 = (n: number) => Buffer.from([n >> 8, n & 0xff]);
function u32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n, 0);
  return b;
}

/** The boxes of `bytes` from `start` to `end`, by type. */
function children(bytes: Buffer, start: number, end: number) {
  const found = new Map<string, Buffer>();
  for (let at = start; at < end; at += bytes.readUInt32BE(at))
    found.set(
      bytes.toString('latin1', at + 4, at + 8),
      bytes.subarray(at, at + bytes.readUInt32BE(at)),
    );
  return found;
}

/** ImageMagick's 64x64 HEIC: one hvc1 item stored whole in mdat. */
interface HevcPicture {
  readonly ftyp: Buffer;
  readonly hdlr: Buffer;
  readonly hvcC: Buffer;
  readonly ispe: Buffer;
  readonly data: Buffer;
}

function hevcPicture(dir: string): HevcPicture {
  const path = join(dir, 'hevc.heic');
  execFileSync('convert', ['-size', '64x64', 'gradient:red-blue', path]);
  const bytes = readFileSync(path);
  const top = children(bytes, 0, bytes.length);
  const meta = top.get('meta')!;
  const inMeta = children(meta, 12, meta.length);
  const iprp = inMeta.get('iprp')!;
  const ipco = children(iprp, 8, iprp.length).get('ipco')!;
  const properties = children(ipco, 8, ipco.length);
  const mdat = top.get('mdat')!;
  return {
    ftyp: top.get('ftyp')!,
    hdlr: inMeta.get('hdlr')!,
    hvcC: properties.get('hvcC')!,
    ispe: properties.get('ispe')!,
    data: mdat.subarray(8),
  };
}

/** A prefix SEI NAL unit (H.265 7.3.2.4, type 39) of one user_data_unregistered message (D.2.7). */
export function userDataSei(text: string): Buffer {
  const uuid = Buffer.from('2ca2de09b51747dbbb55a4fe7fc2fc4e', 'hex');
  const payload = Buffer.concat([uuid, Buffer.from(text, 'latin1')]);
  if (payload.length >= 255) throw new Error('a one-byte payload size only');
  return Buffer.concat([
    Buffer.from([39 << 1, 1, 5, payload.length]),
    payload,
    Buffer.from([0x80]),
  ]);
}

/** hvcC with one more array, of `nal`'s type, holding `nal` (14496-15 8.3.3.1). */
function withNalArray(hvcC: Buffer, nal: Buffer): Buffer {
  const payload = Buffer.from(hvcC.subarray(8));
  const arraysAt = 22;
  payload[arraysAt] = payload[arraysAt]! + 1;
  const array = Buffer.concat([
    Buffer.from([0x80 | (nal[0]! >> 1)]),
    u16(1),
    u16(nal.length),
    nal,
  ]);
  return box('hvcC', payload, array);
}

export interface JpegItemHeic {
  /** The JPEG item's bytes, or none. */
  readonly jpeg?: Buffer;
  /** `thmb`: the JPEG is the primary picture's thumbnail; `picture`: a picture of its own. */
  readonly as?: 'thmb' | 'picture';
  /** A NAL unit added to hvcC in an array of its own (a prefix SEI). */
  readonly hvcCNal?: Buffer;
  /** The JPEG item's bytes in meta's idat (iloc construction method 1), not in mdat. */
  readonly inIdat?: boolean;
}

/** The HEIC: ftyp, meta (pitm 1, hvc1 item 1, jpeg item 2), mdat holding both items' bytes. */
export function jpegItemHeic(dir: string, options: JpegItemHeic): Buffer {
  const picture = hevcPicture(dir);
  const jpeg = options.jpeg ?? Buffer.alloc(0);
  const items = options.jpeg ? 2 : 1;
  const hvcC = options.hvcCNal
    ? withNalArray(picture.hvcC, options.hvcCNal)
    : picture.hvcC;
  const infe = (id: number, type: string) =>
    fullBox('infe', 2, u16(id), u16(0), Buffer.from(type + '\0', 'latin1'));
  const iinf = fullBox(
    'iinf',
    0,
    u16(items),
    infe(1, 'hvc1'),
    ...(options.jpeg ? [infe(2, 'jpeg')] : []),
  );
  const iref =
    options.jpeg && options.as !== 'picture'
      ? [fullBox('iref', 0, box('thmb', u16(2), u16(1), u16(1)))]
      : [];
  const ipma = fullBox(
    'ipma',
    0,
    u32(items),
    u16(1),
    Buffer.from([2, 0x81, 0x02]),
    ...(options.jpeg ? [u16(2), Buffer.from([1, 0x03])] : []),
  );
  const thumbnailSize = fullBox('ispe', 0, u32(16), u32(16));
  const iprp = box(
    'iprp',
    box('ipco', hvcC, picture.ispe, thumbnailSize),
    ipma,
  );
  const idat = options.inIdat ? [box('idat', jpeg)] : [];
  // iloc version 1 (8.11.3.2): each item's construction method, 0 the file, 1 meta's idat.
  const iloc = (dataAt: number) =>
    fullBox(
      'iloc',
      1,
      Buffer.from([0x44, 0x00]),
      u16(items),
      u16(1),
      u16(0),
      u16(0),
      u16(1),
      u32(dataAt),
      u32(picture.data.length),
      ...(options.jpeg
        ? [
            u16(2),
            u16(options.inIdat ? 1 : 0),
            u16(0),
            u16(1),
            u32(options.inIdat ? 0 : dataAt + picture.data.length),
            u32(jpeg.length),
          ]
        : []),
    );
  const meta = (dataAt: number) =>
    fullBox(
      'meta',
      0,
      picture.hdlr,
      fullBox('pitm', 0, u16(1)),
      iinf,
      ...iref,
      iprp,
      iloc(dataAt),
      ...idat,
    );
  const before = picture.ftyp.length + meta(0).length + 8;
  return Buffer.concat([
    picture.ftyp,
    meta(before),
    box('mdat', picture.data, ...(options.inIdat ? [] : [jpeg])),
  ]);
}

/** A small JPEG from ImageMagick with exiftool's EXIF (GPS, make) and XMP. */
export function taggedJpeg(
  dir: string,
  tags: { make: string; xmp: string },
): Buffer {
  const path = join(dir, 'thumbnail.jpg');
  execFileSync('convert', ['-size', '16x16', 'gradient:red-blue', path]);
  execFileSync('exiftool', [
    '-q',
    '-overwrite_original',
    '-n',
    `-Make=${tags.make}`,
    '-GPSLatitude=48.8584',
    '-GPSLatitudeRef=N',
    '-GPSLongitude=2.2945',
    '-GPSLongitudeRef=E',
    `-XMP-dc:Creator=${tags.xmp}`,
    path,
  ]);
  return readFileSync(path);
}
