/**
 * A HEIF Exif item (ISO/IEC 23008-12 A.2.1: a 4-byte offset to the TIFF header, then the EXIF
 * block) of a rotated photo keeps its Orientation: the item is rewritten in place as an
 * Orientation-only EXIF followed by zeros, its length and place unchanged, so a reader that turns
 * the picture by its EXIF shows it as before and the report's "orientation kept" is true. The
 * item's irot and imir properties stay as they are, as every property does.
 */
import { u32be } from '../../bytes';
import { finding, type Finding } from '../../findings';
import { buildOrientationOnlyExif } from '../../metadata/exif';
import { exifVerdict } from '../../metadata/exif-verdict';
import { exifBlockFindings } from './embedded';

const EXIF_HEADER_OFFSET_BYTES = 4;

export interface ExifItemPlan {
  readonly findings: Finding[];
  /** The item's bytes as they are to be (its length), or null when it is zeroed and hidden. */
  readonly replacement: Uint8Array | null;
}

/** The offset field 0 (the TIFF header right after it), the Orientation-only block, then zeros. */
function orientationOnlyItem(
  rotation: number,
  length: number,
): Uint8Array | null {
  const tiff = buildOrientationOnlyExif(rotation);
  if (EXIF_HEADER_OFFSET_BYTES + tiff.length > length) return null;
  const item = new Uint8Array(length);
  item.set(tiff, EXIF_HEADER_OFFSET_BYTES);
  return item;
}

/** What becomes of an Exif item whose bytes are `data`. */
export function planExifItem(data: Uint8Array, where: string): ExifItemPlan {
  if (data.length < EXIF_HEADER_OFFSET_BYTES)
    return {
      findings: [finding('other.data', 'Exif', where)],
      replacement: null,
    };
  const tiffAt = EXIF_HEADER_OFFSET_BYTES + u32be(data, 0);
  const tiff = data.subarray(Math.min(tiffAt, data.length));
  const verdict = exifVerdict(tiff, where);
  const replacement =
    verdict.rotation === undefined
      ? null
      : orientationOnlyItem(verdict.rotation, data.length);
  return replacement
    ? { findings: verdict.findings, replacement }
    : { findings: exifBlockFindings(tiff, where), replacement: null };
}

/** True when the item already holds exactly what `planExifItem` would write. */
export const isUnchanged = (plan: ExifItemPlan, data: Uint8Array): boolean =>
  plan.replacement !== null &&
  plan.replacement.every((byte, i) => byte === data[i]);
