/**
 * EXIF and XMP blocks found inside ISOBMFF (HEIF Exif/XMP items, XMP uuid boxes, QuickTime XMP_):
 * their findings for the report. The block itself is always removed whole, so the decoders only
 * have to describe it.
 */
import { finding, type Finding } from '../../findings';

export function exifBlockFindings(
  tiff: Uint8Array,
  location: string,
): Finding[] {
  return [finding('other', 'Exif', location, `${tiff.length} bytes`)];
}

export function xmpBlockFindings(xmp: Uint8Array, location: string): Finding[] {
  return [finding('other', 'XMP', location, `${xmp.length} bytes`)];
}
