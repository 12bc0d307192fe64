/**
 * A JPEG 2000 EXIF box (uuid `JpgTiffExif->JP2`, ISO/IEC 15444-1 I.7.2: a TIFF-structured EXIF
 * block, `Exif\0\0` before it in some writers) of a rotated photo is replaced by one holding an
 * Orientation-only EXIF, so a reader that turns the picture by its EXIF shows it as before and
 * the report's "orientation kept" is true; any other EXIF box goes whole.
 */
import type { ByteSource } from '../../byte-source';
import { startsWith, writeU32be } from '../../bytes';
import type { Finding } from '../../findings';
import { buildOrientationOnlyExif } from '../../metadata/exif';
import { exifVerdict } from '../../metadata/exif-verdict';

/** `JpgTiffExif->JP2`. */
export const EXIF_UUID = '4a706754696666457869662d3e4a5032';
export const EXIF_PREFIX = [0x45, 0x78, 0x69, 0x66, 0, 0];
export const UUID_BYTES = 16;
const BOX_HEADER_BYTES = 8;
const UUID_TYPE = [0x75, 0x75, 0x69, 0x64];

export interface KeptExif {
  readonly findings: Finding[];
  /** The box to write in its place, or null when it already is that box. */
  readonly box: Uint8Array | null;
}

/** The EXIF box of a rotated photo holding its Orientation alone. */
function orientationBox(uuid: Uint8Array, rotation: number): Uint8Array {
  const tiff = buildOrientationOnlyExif(rotation);
  const box = new Uint8Array(BOX_HEADER_BYTES + UUID_BYTES + tiff.length);
  writeU32be(box, 0, box.length);
  box.set(UUID_TYPE, 4);
  box.set(uuid, BOX_HEADER_BYTES);
  box.set(tiff, BOX_HEADER_BYTES + UUID_BYTES);
  return box;
}

/**
 * What stays of an EXIF box whose UUID and body are given (the body after the UUID): null when
 * the photo is upright (the box goes whole).
 */
export function keptExif(uuid: Uint8Array, body: Uint8Array): KeptExif | null {
  const tiff = startsWith(body, EXIF_PREFIX)
    ? body.subarray(EXIF_PREFIX.length)
    : body;
  const verdict = exifVerdict(tiff, 'uuid EXIF');
  if (verdict.rotation === undefined) return null;
  const minimal = buildOrientationOnlyExif(verdict.rotation);
  const unchanged =
    body.length === minimal.length && minimal.every((b, i) => b === body[i]);
  return {
    findings: verdict.findings,
    box: unchanged ? null : orientationBox(uuid, verdict.rotation),
  };
}

/** Reads the UUID and body of a uuid box's content [content, end). */
export async function uuidBody(
  src: ByteSource,
  content: number,
  end: number,
): Promise<{ uuid: Uint8Array; body: Uint8Array }> {
  const uuid = await src.readExact(content, UUID_BYTES);
  const body = await src.readExact(
    content + UUID_BYTES,
    end - content - UUID_BYTES,
  );
  return { uuid, body };
}
