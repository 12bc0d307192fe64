/**
 * The eXIf chunk (PNG spec, 11.3.6.1, a TIFF structure). Removed whole; when its Orientation
 * rotates the image, a minimal eXIf with only Orientation takes its place so the picture stays
 * upright.
 */
import { concatBytes, writeU32be } from '../../bytes';
import { finding, removable, type Finding } from '../../findings';
import {
  buildOrientationOnlyExif,
  exifOrientation,
  readExifFindings,
} from '../../metadata/exif';
import { ORIENTATION_UPRIGHT } from '../../metadata/ifd-findings';
import { crc32 } from '../../shared/crc32';

const EXIF_TYPE = Uint8Array.of(0x65, 0x58, 0x49, 0x66);
export const EXIF_LOCATION = 'eXIf';

/**
 * The Orientation a viewer would apply. A chunk whose CRC is wrong is ignored by decoders
 * (libpng discards damaged ancillary chunks), so its Orientation does not count either.
 */
export function appliedOrientation(
  data: Uint8Array,
  crc: number,
): number | undefined {
  if (crc32(concatBytes([EXIF_TYPE, data])) !== crc) return undefined;
  const orientation = exifOrientation(data);
  return orientation === ORIENTATION_UPRIGHT ? undefined : orientation;
}

function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

function isOrientationOnly(data: Uint8Array): boolean {
  const orientation = exifOrientation(data);
  return (
    orientation !== undefined &&
    bytesEqual(data, buildOrientationOnlyExif(orientation))
  );
}

/** What the report says about an eXIf chunk: at least one removable item unless it is ours. */
export function exifChunkFindings(data: Uint8Array): Finding[] {
  const found = readExifFindings(data, EXIF_LOCATION);
  if (isOrientationOnly(data) || found.some(removable)) return found;
  return [...found, finding('other.data', 'eXIf', EXIF_LOCATION)];
}

/** A whole eXIf chunk (length, type, data, CRC) holding only `orientation`. */
export function orientationOnlyChunk(orientation: number): Uint8Array {
  const body = concatBytes([EXIF_TYPE, buildOrientationOnlyExif(orientation)]);
  const length = new Uint8Array(4);
  const crc = new Uint8Array(4);
  writeU32be(length, 0, body.length - EXIF_TYPE.length);
  writeU32be(crc, 0, crc32(body));
  return concatBytes([length, body, crc]);
}
