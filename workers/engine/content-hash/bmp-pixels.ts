/**
 * The pixel array of a BMP (Windows bitmap: BITMAPFILEHEADER, then a BITMAPCOREHEADER or one of
 * the BITMAPINFOHEADER family), found from the file header's pixel offset and the DIB header's
 * size fields. The colour profile, which may follow the pixels, is not counted.
 */
import type { ByteReader } from '../byte-source';
import { u16le, u32le } from '../bytes';
import type { ByteRange } from '../engine-types';
import { corrupt } from '../errors';

/** `BM`, the file header's signature. */
const SIGNATURE = [0x42, 0x4d];
const FILE_HEADER_BYTES = 14;
const PIXEL_OFFSET_AT = 10;
/** The DIB header's own size, its first field. */
const DIB_SIZE_BYTES = 4;
/** BITMAPCOREHEADER: 16-bit width and height, then planes and bit count. */
const CORE_HEADER_BYTES = 12;
const CORE_WIDTH_AT = 4;
const CORE_HEIGHT_AT = 6;
const CORE_BIT_COUNT_AT = 10;
/** BITMAPINFOHEADER and its successors: 32-bit signed width and height, compression, image size. */
const INFO_MIN_BYTES = 24;
const INFO_WIDTH_AT = 4;
const INFO_HEIGHT_AT = 8;
const INFO_BIT_COUNT_AT = 14;
const INFO_COMPRESSION_AT = 16;
const INFO_SIZE_IMAGE_AT = 20;
/** Compressions whose rows are stored whole: BI_RGB, BI_BITFIELDS, BI_ALPHABITFIELDS. */
const ROW_COMPRESSIONS: ReadonlySet<number> = new Set([0, 3, 6]);
/** Rows are padded to a multiple of four bytes. */
const ROW_ALIGN_BITS = 32;
const BITS_PER_BYTE = 8;

interface Geometry {
  readonly width: number;
  readonly height: number;
  readonly bitCount: number;
  readonly compression: number;
  readonly sizeImage: number;
}

async function geometry(src: ByteReader): Promise<Geometry> {
  const size = u32le(await src.readExact(FILE_HEADER_BYTES, DIB_SIZE_BYTES), 0);
  if (size === CORE_HEADER_BYTES) {
    const dib = await src.readExact(FILE_HEADER_BYTES, CORE_HEADER_BYTES);
    return {
      width: u16le(dib, CORE_WIDTH_AT),
      height: u16le(dib, CORE_HEIGHT_AT),
      bitCount: u16le(dib, CORE_BIT_COUNT_AT),
      compression: 0,
      sizeImage: 0,
    };
  }
  if (size < INFO_MIN_BYTES) throw corrupt(`a BMP header of ${size} bytes`);
  const dib = await src.readExact(FILE_HEADER_BYTES, INFO_MIN_BYTES);
  const view = new DataView(dib.buffer, dib.byteOffset, dib.byteLength);
  return {
    width: Math.abs(view.getInt32(INFO_WIDTH_AT, true)),
    // A negative height is a top-down bitmap of that many rows.
    height: Math.abs(view.getInt32(INFO_HEIGHT_AT, true)),
    bitCount: u16le(dib, INFO_BIT_COUNT_AT),
    compression: u32le(dib, INFO_COMPRESSION_AT),
    sizeImage: u32le(dib, INFO_SIZE_IMAGE_AT),
  };
}

/** The pixel array: rows of whole pixels, or the compressed image's stated size. */
export async function bmpPixelRanges(src: ByteReader): Promise<ByteRange[]> {
  const head = await src.readExact(0, FILE_HEADER_BYTES);
  if (!SIGNATURE.every((b, i) => head[i] === b))
    throw corrupt('no BMP signature');
  const start = u32le(head, PIXEL_OFFSET_AT);
  const g = await geometry(src);
  const rowBytes =
    Math.ceil((g.width * g.bitCount) / ROW_ALIGN_BITS) *
    (ROW_ALIGN_BITS / BITS_PER_BYTE);
  const length = ROW_COMPRESSIONS.has(g.compression)
    ? rowBytes * g.height
    : g.sizeImage;
  if (length === 0 || start + length > src.size)
    throw corrupt('the BMP pixel array does not fit the file');
  return [{ start, end: start + length }];
}
