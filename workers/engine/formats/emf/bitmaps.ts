/**
 * Records that carry a device-independent bitmap ([MS-EMF] 2.3.1 bitmap records, 2.3.7 object
 * creation): each gives offBmi, cbBmi, offBits, cbBits within the record. A bitmap whose header
 * says BI_JPEG or BI_PNG ([MS-WMF] 2.1.1.7) holds a JPEG or PNG file, cleaned where it lies by
 * `embedded.ts`; one whose BITMAPV5HEADER links a colour profile by file name is refused.
 */
import { u32le } from '../../bytes';
import { corrupt, EngineError } from '../../errors';
import type { Cleaning } from './cleaning';
import type { EmfRecord } from './records';

/** Record type -> the offsets of offBmi and of offBits for each bitmap it carries. */
const BITMAP_FIELDS: ReadonlyMap<
  number,
  readonly (readonly [number, number])[]
> = new Map([
  [0x4c, [[84, 92]]], // EMR_BITBLT
  [0x4d, [[84, 92]]], // EMR_STRETCHBLT
  [
    0x4e,
    [
      [84, 92],
      [112, 120],
    ],
  ], // EMR_MASKBLT: source, mask
  [
    0x4f,
    [
      [96, 104],
      [124, 132],
    ],
  ], // EMR_PLGBLT: source, mask
  [0x50, [[48, 56]]], // EMR_SETDIBITSTODEVICE
  [0x51, [[48, 56]]], // EMR_STRETCHDIBITS
  [0x72, [[84, 92]]], // EMR_ALPHABLEND
  [0x74, [[84, 92]]], // EMR_TRANSPARENTBLT
  [0x5d, [[16, 24]]], // EMR_CREATEMONOBRUSH
  [0x5e, [[16, 24]]], // EMR_CREATEDIBPATTERNBRUSHPT
  [0x5f, [[12, 20]]], // EMR_EXTCREATEPEN
]);
const INFO_HEADER_BYTES = 40;
const COMPRESSION_AT = 16;
const BI_JPEG = 4;
const BI_PNG = 5;
const V5_HEADER_BYTES = 124;
const CS_TYPE_AT = 56;
/** 'LINK': the profile is a file named in the bitmap (a path on the maker's computer). */
const PROFILE_LINKED = 0x4c494e4b;

/** Records that name a colour profile by its file ([MS-EMF] 2.3.5.40, 2.3.7.2, 2.3.7.3, 2.3.11). */
const PROFILE_RECORDS: ReadonlySet<number> = new Set([
  0x63, 0x70, 0x71, 0x79, 0x7a,
]);

export function cleanBitmaps(
  bytes: Uint8Array,
  record: EmfRecord,
  out: Cleaning,
): void {
  if (PROFILE_RECORDS.has(record.type))
    throw new EngineError(
      'unsupported',
      `EMF record ${record.type} at ${record.at}: a colour profile named by its file`,
    );
  const fields = BITMAP_FIELDS.get(record.type);
  if (!fields) return;
  const { at, size } = record;
  for (const [bmiField, bitsField] of fields) {
    if (bitsField + 8 > size)
      throw corrupt(`EMF bitmap record at ${at} too short`);
    const offBmi = u32le(bytes, at + bmiField);
    const cbBmi = u32le(bytes, at + bmiField + 4);
    const offBits = u32le(bytes, at + bitsField);
    const cbBits = u32le(bytes, at + bitsField + 4);
    if (cbBmi === 0) continue;
    if (offBmi + cbBmi > size || offBits + cbBits > size)
      throw corrupt(`EMF bitmap at ${at} outside its record`);
    if (cbBmi < 4) throw corrupt(`EMF bitmap header at ${at} too short`);
    const headerSize = u32le(bytes, at + offBmi);
    if (headerSize < INFO_HEADER_BYTES) continue;
    if (headerSize > cbBmi)
      throw corrupt(`EMF bitmap header at ${at} too long`);
    if (
      headerSize >= V5_HEADER_BYTES &&
      u32le(bytes, at + offBmi + CS_TYPE_AT) === PROFILE_LINKED
    )
      throw new EngineError(
        'unsupported',
        `EMF bitmap at ${at}: a colour profile named by its file`,
      );
    const compression = u32le(bytes, at + offBmi + COMPRESSION_AT);
    if (compression === BI_JPEG || compression === BI_PNG)
      out.pictures.push({
        ranges: [{ start: at + offBits, end: at + offBits + cbBits }],
        location: `EMF bitmap at ${at}`,
      });
  }
}
