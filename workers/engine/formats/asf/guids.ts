/**
 * ASF object GUIDs (Advanced Systems Format Specification, revision 01.20.05, section 10.1), as
 * written in text; on disk a GUID's first three fields are little-endian.
 */
import { corrupt } from '../../errors';

export const HEADER = '75B22630-668E-11CF-A6D9-00AA0062CE6C';
export const DATA = '75B22636-668E-11CF-A6D9-00AA0062CE6C';
export const SIMPLE_INDEX = '33000890-E5B1-11CF-89F4-00A0C90349CB';

export const FILE_PROPERTIES = '8CABDCA1-A947-11CF-8EE4-00C00C205365';
export const HEADER_EXTENSION = '5FBF03B5-A92E-11CF-8EE3-00C00C205365';
export const CONTENT_DESCRIPTION = '75B22633-668E-11CF-A6D9-00AA0062CE6C';
export const EXTENDED_CONTENT_DESCRIPTION =
  'D2D0A440-E307-11D2-97F0-00A0C95EA850';
export const CONTENT_BRANDING = '2211B3FA-BD23-11D2-B4B7-00A0C955FC6E';
export const CONTENT_ENCRYPTION = '2211B3FB-BD23-11D2-B4B7-00A0C955FC6E';
export const EXTENDED_CONTENT_ENCRYPTION =
  '298AE614-2622-4C17-B935-DAE07EE9289C';
export const DIGITAL_SIGNATURE = '2211B3FC-BD23-11D2-B4B7-00A0C955FC6E';
export const PADDING = '1806D474-CADF-4509-A4BA-9AABCB96AAE8';

export const METADATA = 'C5F8CBEA-5BAF-4877-8467-AA8C44FA4CCA';
export const METADATA_LIBRARY = '44231C94-9498-49D1-A141-1D134E457054';

export const GUID_BYTES = 16;
/** Byte positions of the text's hex pairs in the on-disk order (fields 1-3 little-endian). */
const DISK_ORDER = [3, 2, 1, 0, 5, 4, 7, 6, 8, 9, 10, 11, 12, 13, 14, 15];

export function readGuid(bytes: Uint8Array, at: number): string {
  if (at < 0 || at + GUID_BYTES > bytes.length)
    throw corrupt(`ASF GUID at ${at} runs past its buffer`);
  const hex = Array.from({ length: GUID_BYTES }, (_, i) =>
    bytes[at + DISK_ORDER[i]!]!.toString(16).padStart(2, '0'),
  ).join('');
  const parts = [
    hex.slice(0, 8),
    hex.slice(8, 12),
    hex.slice(12, 16),
    hex.slice(16, 20),
    hex.slice(20),
  ];
  return parts.join('-').toUpperCase();
}

export function guidBytes(guid: string): Uint8Array {
  const hex = guid.replace(/-/g, '');
  const out = new Uint8Array(GUID_BYTES);
  DISK_ORDER.forEach((disk, i) => {
    out[disk] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  });
  return out;
}
