/**
 * What an OfficeArtBlip record's header promises, checked before its data is kept or cleaned
 * ([MS-ODRAW] 2.2.24-2.2.30): each blip type has its own recInstance (one UID; one more means
 * two), and a bitmap or metafile, kept as content, starts as one. A record whose type was changed
 * to another blip's keeps its old instance, and a photo given a bitmap's or a metafile's type
 * does not start with their headers: either fails the clean as `unclean`, since a photo kept as
 * content would carry its EXIF, GPS and comments out unexamined.
 */
import { u16le, u32le } from '../../bytes';
import { EngineError } from '../../errors';

export const EMF_BLIP = 0xf01a;
export const WMF_BLIP = 0xf01b;
export const PICT_BLIP = 0xf01c;
export const JPEG_BLIP = 0xf01d;
export const PNG_BLIP = 0xf01e;
export const DIB_BLIP = 0xf01f;
export const TIFF_BLIP = 0xf029;
export const CMYK_JPEG_BLIP = 0xf02a;

/** [MS-ODRAW] 2.2.24-2.2.30: each type's recInstance with one UID (with two, this plus one). */
const ONE_UID_INSTANCE: ReadonlyMap<number, number> = new Map([
  [EMF_BLIP, 0x3d4],
  [WMF_BLIP, 0x216],
  [PICT_BLIP, 0x542],
  [JPEG_BLIP, 0x46a],
  [CMYK_JPEG_BLIP, 0x6e2],
  [PNG_BLIP, 0x6e0],
  [DIB_BLIP, 0x7a8],
  [TIFF_BLIP, 0x6e4],
]);
const SECOND_UID = 1;
const UID_BYTES = 16;
const TAG_BYTES = 1;
const METAFILES: ReadonlySet<number> = new Set([EMF_BLIP, WMF_BLIP, PICT_BLIP]);

/**
 * [MS-ODRAW] 2.2.31 OfficeArtMetafileHeader: 34 bytes, cbSave at 28, then compression (0x00
 * DEFLATE, 0xFE none) and filter, which MUST be 0xFE.
 */
const METAFILE_HEADER_BYTES = 34;
const CB_SAVE_AT = 28;
const COMPRESSION_AT = 32;
const FILTER_AT = 33;
const COMPRESSIONS: ReadonlySet<number> = new Set([0x00, 0xfe]);
const UNCOMPRESSED = 0xfe;
const FILTER = 0xfe;
/**
 * An uncompressed metafile starts as one: an EMF with its EMR_HEADER record (type 1) whose
 * dSignature at 40 is " EMF" ([MS-EMF] 2.3.4.2), a WMF with its placeable header's key or a
 * META_HEADER of type 1 or 2 and a nine-word header ([MS-WMF] 2.3.2.3, 2.3.2.2).
 */
const EMR_HEADER = 1;
const EMF_SIGNATURE_AT = 40;
const EMF_SIGNATURE = 0x464d4520;
const WMF_PLACEABLE_KEY = 0x9ac6cdd7;
const WMF_TYPES: ReadonlySet<number> = new Set([1, 2]);
const WMF_HEADER_WORDS = 9;
const METAFILE_START_BYTES = EMF_SIGNATURE_AT + 4;

/**
 * [MS-WMF] 2.2.2.2 BitmapCoreHeader (12 bytes) and 2.2.2.3 BitmapInfoHeader (40) and the later
 * headers that extend it (52, 56, 64, 108 BITMAPV4HEADER, 124 BITMAPV5HEADER): a DIB starts
 * with its header's size. 2.1.1.7 Compression: BI_JPEG and BI_PNG hold a JPEG or PNG file.
 */
const DIB_HEADER_SIZES: ReadonlySet<number> = new Set([
  12, 40, 52, 56, 64, 108, 124,
]);
const CORE_HEADER_BYTES = 12;
const DIB_COMPRESSION_AT = 16;
const BI_JPEG = 4;
const BI_PNG = 5;
const DIB_HEAD_BYTES = DIB_COMPRESSION_AT + 4;

/** The bytes of a blip's body that `checkBlipHead` reads (fewer when the record is shorter). */
export const BLIP_HEAD_BYTES =
  2 * UID_BYTES +
  Math.max(
    METAFILE_HEADER_BYTES + METAFILE_START_BYTES,
    TAG_BYTES + DIB_HEAD_BYTES,
  );

/** Whether metafile data of `type` at `at` of `head` starts as its format says. */
export function startsAsMetafile(
  type: number,
  head: Uint8Array,
  at: number,
): boolean {
  if (type === EMF_BLIP)
    return (
      head.length >= at + METAFILE_START_BYTES &&
      u32le(head, at) === EMR_HEADER &&
      u32le(head, at + EMF_SIGNATURE_AT) === EMF_SIGNATURE
    );
  if (type === WMF_BLIP)
    return (
      head.length >= at + 4 &&
      (u32le(head, at) === WMF_PLACEABLE_KEY ||
        (WMF_TYPES.has(u16le(head, at)) &&
          u16le(head, at + 2) === WMF_HEADER_WORDS))
    );
  // A PICT's opcodes follow a size and a frame: nothing as certain to check.
  return true;
}

function refuse(location: string, what: string): never {
  throw new EngineError('unclean', `${location}: ${what}`);
}

/**
 * Checks a blip record of a known `type` against what its type promises: its instance, and for a
 * metafile or bitmap the header its data starts with. `head` is the start of the record's body,
 * `length` the body's length.
 */
export function checkBlipHead(
  type: number,
  instance: number,
  head: Uint8Array,
  length: number,
  location: string,
): void {
  if ((instance & ~SECOND_UID) !== ONE_UID_INSTANCE.get(type))
    refuse(location, 'a picture record whose instance is not its type’s');
  const uids = UID_BYTES * (1 + (instance & SECOND_UID));
  if (METAFILES.has(type)) {
    const at = uids;
    if (length < at + METAFILE_HEADER_BYTES)
      refuse(location, 'a metafile picture shorter than its header');
    if (
      !COMPRESSIONS.has(head[at + COMPRESSION_AT]!) ||
      head[at + FILTER_AT] !== FILTER ||
      u32le(head, at + CB_SAVE_AT) > length - at - METAFILE_HEADER_BYTES
    )
      refuse(location, 'a metafile picture whose header is not a metafile’s');
    if (
      head[at + COMPRESSION_AT] === UNCOMPRESSED &&
      !startsAsMetafile(type, head, at + METAFILE_HEADER_BYTES)
    )
      refuse(location, 'a metafile picture whose data is not a metafile');
    return;
  }
  if (type !== DIB_BLIP) return;
  const at = uids + TAG_BYTES;
  if (length < at + CORE_HEADER_BYTES)
    refuse(location, 'a bitmap picture shorter than its header');
  const size = u32le(head, at);
  if (!DIB_HEADER_SIZES.has(size))
    refuse(location, 'a bitmap picture whose header is not a bitmap’s');
  if (size === CORE_HEADER_BYTES) return;
  if (length < at + DIB_HEAD_BYTES)
    refuse(location, 'a bitmap picture shorter than its header');
  const compression = u32le(head, at + DIB_COMPRESSION_AT);
  if (compression === BI_JPEG || compression === BI_PNG)
    refuse(location, 'a bitmap picture holding a JPEG or PNG');
}
