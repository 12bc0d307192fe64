/**
 * Image fixtures with planted canaries: ImageMagick draws small pictures, exiftool writes tags
 * into them, and the JPEG segment builder adds what exiftool will not write (vendor APPn, FPXR,
 * extended XMP, trailers). Every planted text starts with CANARY.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CANARY, CANARY_GPS } from './image-exif-builder';
import { convert, exiftoolWrite } from './image-tools';
import { iccProfileBytes } from './icc-profile';

/** Writes a generated sRGB-named ICC profile to `dir` and returns its path. */
export function iccProfile(dir: string): string {
  const path = join(dir, 'srgb.icc');
  writeFileSync(path, iccProfileBytes());
  return path;
}

/** A small picture with detail in every block, so a lossy re-encode would change its pixels. */
export function drawImage(
  path: string,
  options: { size?: string; extra?: readonly string[] } = {},
): string {
  convert([
    '-size',
    options.size ?? '64x48',
    '-seed',
    '7',
    'plasma:',
    ...(options.extra ?? []),
    path,
  ]);
  return path;
}

/** exiftool arguments planting a canary in the common EXIF, GPS, XMP and IPTC fields. */
export function canaryTagArgs(): string[] {
  const c = (name: string) => `${CANARY}-${name}`;
  return [
    `-EXIF:Artist=${c('Artist')}`,
    `-EXIF:Copyright=${c('Copyright')}`,
    `-EXIF:Make=${c('Make')}`,
    `-EXIF:Model=${c('Model')}`,
    `-EXIF:Software=${c('Software')}`,
    `-EXIF:ImageDescription=${c('ImageDescription')}`,
    `-EXIF:SerialNumber=${c('SerialNumber')}`,
    `-EXIF:OwnerName=${c('OwnerName')}`,
    `-EXIF:LensModel=${c('LensModel')}`,
    `-EXIF:UserComment=${c('UserComment')}`,
    '-EXIF:DateTimeOriginal=2011:11:11 11:11:11',
    `-GPSLatitude=${Math.abs(CANARY_GPS.lat)}`,
    `-GPSLatitudeRef=${CANARY_GPS.lat < 0 ? 'S' : 'N'}`,
    `-GPSLongitude=${Math.abs(CANARY_GPS.lon)}`,
    `-GPSLongitudeRef=${CANARY_GPS.lon < 0 ? 'W' : 'E'}`,
    `-GPSAltitude=${CANARY_GPS.alt}`,
    `-XMP-dc:Creator=${c('XmpCreator')}`,
    `-XMP-dc:Rights=${c('XmpRights')}`,
    `-XMP-xmp:CreatorTool=${c('CreatorTool')}`,
    `-XMP-xmpMM:DocumentID=${c('DocumentID')}`,
    `-XMP-photoshop:City=${c('City')}`,
    `-IPTC:By-line=${c('ByLine')}`,
    `-IPTC:Caption-Abstract=${c('Caption')}`,
  ];
}

const MARKER_PREFIX = 0xff;
const SOI = 0xd8;
const APP0 = 0xe0;

/** A marker segment: marker, big-endian length, then the payload. */
export function jpegSegment(
  marker: number,
  payload: Uint8Array | string,
): Uint8Array {
  const body =
    typeof payload === 'string' ? new TextEncoder().encode(payload) : payload;
  const length = body.length + 2;
  return Uint8Array.from([
    MARKER_PREFIX,
    marker,
    length >> 8,
    length & 0xff,
    ...body,
  ]);
}

/** Inserts segments after SOI and a leading JFIF APP0, and appends `trailer` after EOI. */
export function insertJpegSegments(
  jpeg: Uint8Array,
  segments: readonly Uint8Array[],
  trailer: Uint8Array = new Uint8Array(0),
): Uint8Array {
  let at = 2;
  if (jpeg[0] !== MARKER_PREFIX || jpeg[1] !== SOI)
    throw new Error('not a JPEG');
  if (jpeg[2] === MARKER_PREFIX && jpeg[3] === APP0)
    at += 2 + ((jpeg[4]! << 8) | jpeg[5]!);
  return Uint8Array.from([
    ...jpeg.subarray(0, at),
    ...segments.flatMap((s) => [...s]),
    ...jpeg.subarray(at),
    ...trailer,
  ]);
}

/** Vendor segments exiftool does not write: Ducky, FPXR, MPF, a camera APP3, extended XMP, a comment. */
export function vendorSegments(): Uint8Array[] {
  const guid = '0123456789ABCDEF0123456789ABCDEF';
  const extended = new Uint8Array([
    ...new TextEncoder().encode(`http://ns.adobe.com/xmp/extension/\0${guid}`),
    0,
    0,
    0,
    64,
    0,
    0,
    0,
    0,
    ...new TextEncoder().encode(
      `<x:xmpmeta><rdf:Description dc:source="${CANARY}-ExtendedXmp"/></x:xmpmeta>`,
    ),
  ]);
  return [
    jpegSegment(0xec, `Ducky\0\x01\0\0\0${CANARY}-Ducky`),
    jpegSegment(0xe2, `FPXR\0\0${CANARY}-FPXR`),
    jpegSegment(0xe2, `MPF\0II*\0\x08\0\0\0${CANARY}-MPF`),
    jpegSegment(0xe3, `META\0${CANARY}-APP3`),
    jpegSegment(0xe1, extended),
    jpegSegment(0xfe, `${CANARY}-Comment`),
  ];
}

/** A JPEG with every kind of metadata planted, an ICC profile, and an optional Orientation. */
export function canaryJpeg(
  dir: string,
  name: string,
  options: { orientation?: number; progressive?: boolean } = {},
): string {
  const path = join(dir, name);
  drawImage(path, {
    extra: options.progressive ? ['-interlace', 'Plane'] : [],
  });
  const thumb = drawImage(join(dir, `thumb-${name}`), { size: '16x12' });
  exiftoolWrite(path, [
    ...canaryTagArgs(),
    `-ICC_Profile<=${iccProfile(dir)}`,
    `-ThumbnailImage<=${thumb}`,
    ...(options.orientation
      ? ['-n', `-Orientation=${options.orientation}`]
      : []),
  ]);
  writeFileSync(
    path,
    insertJpegSegments(new Uint8Array(readFileSync(path)), vendorSegments()),
  );
  return path;
}
