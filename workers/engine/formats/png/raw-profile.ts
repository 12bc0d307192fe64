/**
 * ImageMagick keeps whole metadata blocks in text chunks named "Raw profile type <name>": the
 * text is "\n<name>\n<length>\n" followed by the block in hexadecimal. Decoding the EXIF and XMP
 * ones lets the report show what they hold (GPS, camera, creator), not only that they exist.
 */
import { finding, type Finding } from '../../findings';
import { readExifFindings } from '../../metadata/exif';
import { readXmpFindings } from '../../metadata/xmp';

const RAW_PROFILE = /^raw profile type (\S+)$/i;
const HEADER = /^\s*\S+\s+(\d+)\s/;
const EXIF_HEADER = 'Exif\0\0';

export function isRawProfile(keyword: string): boolean {
  return RAW_PROFILE.test(keyword);
}

/** The block's bytes, or null when the header or the hex digits do not add up. */
function rawProfileBytes(text: string): Uint8Array | null {
  const header = HEADER.exec(text);
  if (!header) return null;
  const length = Number(header[1]);
  const hex = text.slice(header[0].length).replace(/\s+/g, '');
  if (hex.length !== length * 2 || /[^0-9a-f]/i.test(hex)) return null;
  return Uint8Array.from({ length }, (_, i) =>
    parseInt(hex.slice(i * 2, i * 2 + 2), 16),
  );
}

function withoutExifHeader(bytes: Uint8Array): Uint8Array {
  const header = String.fromCharCode(...bytes.subarray(0, EXIF_HEADER.length));
  return header === EXIF_HEADER ? bytes.subarray(EXIF_HEADER.length) : bytes;
}

export function rawProfileFindings(
  keyword: string,
  text: string | undefined,
  location: string,
): Finding[] {
  const name = RAW_PROFILE.exec(keyword)?.[1]?.toLowerCase();
  const bytes = text === undefined ? null : rawProfileBytes(text);
  if (bytes && name === 'xmp') return readXmpFindings(bytes, location);
  if (bytes && name === 'exif')
    return readExifFindings(withoutExifHeader(bytes), location);
  return [finding('other.data', keyword, location)];
}
