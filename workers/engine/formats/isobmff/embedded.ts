/**
 * EXIF and XMP blocks found inside ISOBMFF (HEIF Exif/XMP items, XMP uuid boxes, QuickTime XMP_):
 * their findings for the report. The block itself is always removed whole, so the decoders only
 * have to describe it.
 */
import { finding, type Finding } from '../../findings';
import { readExifFindings } from '../../metadata/exif';
import { readXmpFindings } from '../../metadata/xmp';

export function exifBlockFindings(
  tiff: Uint8Array,
  location: string,
): Finding[] {
  const found = readExifFindings(tiff, location);
  return found.length > 0 ? found : [finding('other.data', 'Exif', location)];
}

export function xmpBlockFindings(xmp: Uint8Array, location: string): Finding[] {
  return readXmpFindings(xmp, location);
}
