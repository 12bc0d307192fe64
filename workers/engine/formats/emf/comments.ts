/**
 * EMR_COMMENT records ([MS-EMF] 2.3.3): DataSize, then data whose first 32 bits name its kind.
 * - `EMF+` (2.3.3.2): EMF+ records, the drawing itself in Office's dual metafiles: walked record
 *   by record ([MS-EMFPLUS] 2.3) and kept, except EmfPlusComment's private data, which is zeroed,
 *   and image objects, whose compressed bitmap or metafile is cleaned where it lies.
 * - `GDIC` public comments (2.3.3.4): BEGINGROUP's description and UNICODE_STRING / UNICODE_END
 *   text are zeroed; the WMF copy of WINDOWS_METAFILE is zeroed (a reader of this EMF draws its
 *   records, never the copy); MULTIFORMATS holds EPS or other files the engine cannot clean, so
 *   the clean fails `unsupported` rather than drop or keep a rendering unexamined.
 * - Any other identifier is private data (2.3.3.1) or spool data (EMFSPOOL): meaningful only to
 *   the program that wrote it, never drawn, so its payload is zeroed and the record stays in place.
 * Bytes after DataSize inside the record are zeroed too.
 */
import { concatBytes, u16le, u32le } from '../../bytes';
import { corrupt, EngineError } from '../../errors';
import { utf16Text, zeroRange, type Cleaning } from './cleaning';
import type { EmfRecord } from './records';

const DATA_SIZE_AT = 8;
const DATA_AT = 12;
const ID_BYTES = 4;
const EMF_PLUS = 0x2b464d45;
const GDIC = 0x43494447;
/** [MS-EMF] 2.1.4 EmrComment public comment identifiers. */
const BEGINGROUP = 0x00000002;
const ENDGROUP = 0x00000003;
const MULTIFORMATS = 0x40000004;
const UNICODE_STRING = 0x00000040;
const UNICODE_END = 0x00000080;
const WINDOWS_METAFILE = 0x80000001;
/** [MS-EMF] 2.3.3.4.1 EMR_COMMENT_BEGINGROUP: Rectangle (16 bytes), nDescription, description. */
const GROUP_COUNT_AT = 4 + 16;
const GROUP_TEXT_AT = GROUP_COUNT_AT + 4;
const UTF16_BYTES = 2;

/** [MS-EMFPLUS] 2.3: Type, Flags (16-bit), Size, DataSize; types 0x4001 to 0x403A. */
const PLUS_HEADER_BYTES = 12;
const PLUS_FIRST = 0x4001;
const PLUS_LAST = 0x403a;
const PLUS_COMMENT = 0x4003;
const PLUS_OBJECT = 0x4008;
/** [MS-EMFPLUS] 2.3.5.1 EmfPlusObject Flags: ObjectType in bits 8-14, Continued in bit 15. */
const OBJECT_TYPE_SHIFT = 8;
const OBJECT_TYPE_MASK = 0x7f;
const CONTINUED = 0x8000;
const OBJECT_IMAGE = 5;
/** [MS-EMFPLUS] 2.2.1.4 EmfPlusImage: Version, Type (1 bitmap, 2 metafile), then its data. */
const IMAGE_TYPE_AT = 4;
const IMAGE_BITMAP = 1;
const IMAGE_METAFILE = 2;
/** 2.2.2.2 EmfPlusBitmap: Width, Height, Stride, PixelFormat, Type (1 compressed), BitmapData. */
const BITMAP_TYPE_AT = 8 + 16;
const BITMAP_DATA_AT = BITMAP_TYPE_AT + 4;
const BITMAP_COMPRESSED = 1;
/** 2.2.2.27 EmfPlusMetafile: Type, MetafileDataSize, MetafileData. */
const METAFILE_SIZE_AT = 8 + 4;
const METAFILE_DATA_AT = METAFILE_SIZE_AT + 4;

export function cleanComment(
  bytes: Uint8Array,
  record: EmfRecord,
  out: Cleaning,
  pieces: Pieces,
): void {
  const { at, size } = record;
  const dataSize = u32le(bytes, at + DATA_SIZE_AT);
  if (size < DATA_AT || dataSize > size - DATA_AT)
    throw corrupt(`EMF comment at ${at} larger than its record`);
  const data = at + DATA_AT;
  const end = data + dataSize;
  const location = `EMR_COMMENT at ${at}`;
  zeroRange(out, bytes, end, at + size, {
    field: 'other.data',
    label: 'bytes after a comment',
    location,
  });
  if (dataSize < ID_BYTES) {
    zeroRange(out, bytes, data, end, {
      field: 'other.private',
      label: 'private data',
      location,
    });
    return;
  }
  const id = u32le(bytes, data);
  if (id === EMF_PLUS) walkEmfPlus(bytes, data + ID_BYTES, end, out, pieces);
  else if (id === GDIC)
    publicComment(bytes, data + ID_BYTES, end, out, location);
  else
    zeroRange(out, bytes, data + ID_BYTES, end, {
      field: 'other.private',
      label: 'private data',
      location,
    });
}

function publicComment(
  bytes: Uint8Array,
  start: number,
  end: number,
  out: Cleaning,
  location: string,
): void {
  if (start + 4 > end) throw corrupt(`${location}: public comment truncated`);
  const kind = u32le(bytes, start);
  const body = start + 4;
  switch (kind) {
    case ENDGROUP:
      return;
    case BEGINGROUP: {
      if (start + GROUP_TEXT_AT > end)
        throw corrupt(`${location}: group comment truncated`);
      const textEnd =
        start +
        GROUP_TEXT_AT +
        u32le(bytes, start + GROUP_COUNT_AT) * UTF16_BYTES;
      if (textEnd > end)
        throw corrupt(`${location}: group description too long`);
      const text = start + GROUP_TEXT_AT;
      zeroRange(out, bytes, text, textEnd, {
        field: 'content.description',
        label: 'group description',
        location,
        value: utf16Text(bytes.subarray(text, textEnd)),
      });
      zeroRange(out, bytes, textEnd, end, {
        field: 'other.data',
        label: 'bytes after a group description',
        location,
      });
      return;
    }
    case UNICODE_STRING:
    case UNICODE_END:
      zeroRange(out, bytes, body, end, {
        field: 'content.comment',
        label: 'comment',
        location,
        value: utf16Text(bytes.subarray(body, end)),
      });
      return;
    case WINDOWS_METAFILE:
      zeroRange(out, bytes, body, end, {
        field: 'other.data',
        label: 'Windows metafile copy',
        location,
      });
      return;
    case MULTIFORMATS:
      throw new EngineError(
        'unsupported',
        `${location}: an EMF carrying other formats (EPS)`,
      );
    default:
      zeroRange(out, bytes, body, end, {
        field: 'other.private',
        label: 'public comment',
        location,
      });
  }
}

/** The EMF+ records of one comment, [start, end): sizes checked, images and comments handled. */
function walkEmfPlus(
  bytes: Uint8Array,
  start: number,
  end: number,
  out: Cleaning,
  pieces: Pieces,
): void {
  let at = start;
  while (at < end) {
    if (at + PLUS_HEADER_BYTES > end) throw corrupt('EMF+ record truncated');
    const type = u16le(bytes, at);
    const flags = u16le(bytes, at + 2);
    const size = u32le(bytes, at + 4);
    const dataSize = u32le(bytes, at + 8);
    if (size < PLUS_HEADER_BYTES || size % 4 !== 0 || at + size > end)
      throw corrupt(`EMF+ record at ${at} has a size of ${size}`);
    if (dataSize > size - PLUS_HEADER_BYTES)
      throw corrupt(`EMF+ record at ${at} larger than its size`);
    if (type < PLUS_FIRST || type > PLUS_LAST)
      throw new EngineError('unsupported', `EMF+ record of type ${type}`);
    const data = at + PLUS_HEADER_BYTES;
    const location = `EMF+ record at ${at}`;
    zeroRange(out, bytes, data + dataSize, at + size, {
      field: 'other.data',
      label: 'bytes after an EMF+ record',
      location,
    });
    if (type === PLUS_COMMENT)
      zeroRange(out, bytes, data, data + dataSize, {
        field: 'other.private',
        label: 'EMF+ comment',
        location,
      });
    else if (
      type === PLUS_OBJECT &&
      ((flags >> OBJECT_TYPE_SHIFT) & OBJECT_TYPE_MASK) === OBJECT_IMAGE
    ) {
      if (flags & CONTINUED)
        pieces.add(bytes, data, data + dataSize, out, location);
      else
        imageObject(
          bytes,
          [{ start: data, end: data + dataSize }],
          out,
          location,
        );
    }
    at += size;
  }
}

/**
 * An EMF+ image too large for one record comes in pieces ([MS-EMFPLUS] 2.3.5.1): each record has
 * the Continued flag and starts with TotalObjectSize; the pieces, joined, are the object. They may
 * span several EMR_COMMENT records, so one `Pieces` lasts the whole file.
 */
export class Pieces {
  private ranges: { start: number; end: number }[] = [];
  private total = 0;
  private have = 0;

  add(
    bytes: Uint8Array,
    start: number,
    end: number,
    out: Cleaning,
    location: string,
  ): void {
    if (start + 4 > end)
      throw corrupt(`${location}: continued object truncated`);
    const total = u32le(bytes, start);
    if (this.ranges.length === 0) this.total = total;
    else if (total !== this.total)
      throw corrupt(`${location}: continued object changes its size`);
    this.ranges.push({ start: start + 4, end });
    this.have += end - start - 4;
    if (this.have > this.total)
      throw corrupt(`${location}: continued object longer than its size`);
    if (this.have < this.total) return;
    const ranges = this.ranges;
    this.ranges = [];
    this.have = 0;
    imageObject(bytes, ranges, out, location);
  }

  /** At the end of the file: a continued object left unfinished. */
  finish(): void {
    if (this.ranges.length)
      throw corrupt('EMF+ continued object never finished');
  }
}

type Range = { readonly start: number; readonly end: number };

/** The file ranges of the object's bytes [from, to), the object lying in `ranges`. */
function slice(ranges: readonly Range[], from: number, to: number): Range[] {
  const out: Range[] = [];
  let at = 0;
  for (const r of ranges) {
    const length = r.end - r.start;
    const start = Math.max(from, at);
    const end = Math.min(to, at + length);
    if (end > start)
      out.push({ start: r.start + start - at, end: r.start + end - at });
    at += length;
  }
  return out;
}

function imageObject(
  bytes: Uint8Array,
  ranges: readonly Range[],
  out: Cleaning,
  location: string,
): void {
  const size = ranges.reduce((n, r) => n + r.end - r.start, 0);
  const head = concatBytes(
    slice(ranges, 0, Math.max(BITMAP_DATA_AT, METAFILE_DATA_AT)).map((r) =>
      bytes.subarray(r.start, r.end),
    ),
  );
  if (head.length < IMAGE_TYPE_AT + 4) return;
  const type = u32le(head, IMAGE_TYPE_AT);
  if (type === IMAGE_BITMAP) {
    if (size < BITMAP_DATA_AT) throw corrupt(`${location}: bitmap truncated`);
    if (u32le(head, BITMAP_TYPE_AT) === BITMAP_COMPRESSED)
      out.pictures.push({
        ranges: slice(ranges, BITMAP_DATA_AT, size),
        location,
      });
  } else if (type === IMAGE_METAFILE) {
    if (size < METAFILE_DATA_AT)
      throw corrupt(`${location}: metafile truncated`);
    const dataEnd = METAFILE_DATA_AT + u32le(head, METAFILE_SIZE_AT);
    if (dataEnd > size) throw corrupt(`${location}: metafile past its record`);
    out.pictures.push({
      ranges: slice(ranges, METAFILE_DATA_AT, dataEnd),
      location,
    });
  } else
    throw new EngineError(
      'unsupported',
      `${location}: an image of type ${type}`,
    );
}
