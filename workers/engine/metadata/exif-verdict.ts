/**
 * What an EXIF block means for a cleaner that keeps a rotated photo upright (JPEG APP1, the WebP
 * EXIF chunk): the findings, the rotation to keep, and whether the block is already minimal.
 */
import { finding, removable, type Finding } from '../findings';
import { TAG } from './exif-tags';
import { exifOrientation, readExifFindings, walkExif } from './exif';
import { ORIENTATION_UPRIGHT } from './ifd-findings';

/** True when the block is exactly what we write: IFD0 holding Orientation alone. */
function isOrientationOnly(tiff: Uint8Array): boolean {
  const walk = walkExif(tiff);
  const entries = walk?.ifds[0]?.ifd.entries ?? [];
  return (
    !walk?.damaged &&
    walk?.ifds.length === 1 &&
    entries.length === 1 &&
    entries[0]!.tag === TAG.ORIENTATION
  );
}

/** What an EXIF block means for a cleaner (JPEG APP1, WebP EXIF chunk, ...). */
export interface ExifVerdict {
  /** For the report; at least one is removable unless the block is `minimal`. */
  readonly findings: Finding[];
  /** The Orientation to keep (2..8), absent when the photo is upright. */
  readonly rotation?: number;
  /** Already the Orientation-only block we would write for a rotated photo: keep it as it is. */
  readonly minimal: boolean;
}

export function exifVerdict(tiff: Uint8Array, location: string): ExifVerdict {
  const found = readExifFindings(tiff, location);
  const orientation = exifOrientation(tiff);
  const rotation =
    orientation !== undefined && orientation !== ORIENTATION_UPRIGHT
      ? orientation
      : undefined;
  const minimal = rotation !== undefined && isOrientationOnly(tiff);
  // A block of technical tags only still goes: say so in the report.
  const findings =
    minimal || found.some(removable)
      ? found
      : [...found, finding('other.data', 'EXIF', location)];
  return { findings, minimal, ...(rotation === undefined ? {} : { rotation }) };
}
