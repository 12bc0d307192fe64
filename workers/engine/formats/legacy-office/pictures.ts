/**
 * PowerPoint's `Pictures` stream ([MS-PPT] 2.1.3): the deck's pictures, an OfficeArtBStoreDelay
 * ([MS-ODRAW] 2.2.21) of OfficeArtBlip records one after another, each found by the offset and
 * size its OfficeArtFBSE in the document stream gives. A JPEG, PNG or TIFF blip ([MS-ODRAW]
 * 2.2.27, 2.2.28, 2.2.30) is a file of its own behind one or two 16-byte ids and a tag byte: it is
 * cleaned by its own module through `ctx.nested` and written back where it lies, zero-padded to
 * its record's length, so no offset or size changes (a decoder stops at the image's end marker).
 * An EMF or WMF blip (2.2.24, 2.2.25), stored as it is or compressed, is cleaned by its own
 * module too (metafile-blips.ts, which refuses a Mac PICT blip, 2.2.26, that no module reads).
 * A DIB blip (2.2.29) holds a bitmap header and pixels
 * only: it is kept as content, once blip-types.ts has found that each record's instance is its
 * type's and a kept one starts with its type's header. A record of another type fails the
 * clean: what the engine does not know is not copied unexamined.
 */
import { u16le, u32le } from '../../bytes';
import { corrupt, EngineError, throwIfAborted } from '../../errors';
import type { AnalysisContext } from '../../format-module';
import { MAX_ENTRIES, MAX_METADATA_BYTES } from '../../limits';
import {
  BLIP_HEAD_BYTES,
  checkBlipHead,
  CMYK_JPEG_BLIP,
  DIB_BLIP,
  EMF_BLIP,
  JPEG_BLIP,
  PICT_BLIP,
  PNG_BLIP,
  TIFF_BLIP,
  WMF_BLIP,
} from './blip-types';
import { cleanNestedPicture, type BlipPlace } from './blip-place';
import { cleanMetafileBlip } from './metafile-blips';
import { StreamReader } from '../../shared/cfb/compound-file';
import type { DirEntry } from '../../shared/cfb/directory';
import { Cleaning, type Storage } from './storage';

export type { BlipPlace } from './blip-place';

export const PICTURES_STREAM = 'Pictures';

/** [MS-ODRAW] 2.2.1 OfficeArtRecordHeader: recVer and recInstance, recType, recLen. */
const RECORD_HEADER_BYTES = 8;
const INSTANCE_SHIFT = 4;
/** [MS-ODRAW] 2.2.27-2.2.32: a bitmap blip's ids (one, or two when recInstance is odd) and tag. */
const UID_BYTES = 16;
const TAG_BYTES = 1;
const SECOND_UID = 1;
/** Blips whose data is an image file the engine cleans: JPEG (RGB and CMYK), PNG, TIFF. */
const IMAGE_BLIPS: ReadonlySet<number> = new Set([
  JPEG_BLIP,
  CMYK_JPEG_BLIP,
  PNG_BLIP,
  TIFF_BLIP,
]);
/**
 * JPEG and PNG say where they end (EOI, IEND), so zeros after them are padding this module may
 * have written; a TIFF is cleaned at its own size and is handed over whole.
 */
const ENDS_MARKED: ReadonlySet<number> = new Set([
  JPEG_BLIP,
  CMYK_JPEG_BLIP,
  PNG_BLIP,
]);
/** The other blips: metafiles (EMF and WMF cleaned by their modules, PICT refused) and bitmaps. */
const CONTENT_BLIPS: ReadonlySet<number> = new Set([
  EMF_BLIP,
  WMF_BLIP,
  PICT_BLIP,
  DIB_BLIP,
]);
/** Records between cancellation checks. */
const CHECK_EVERY = 256;

/** Metafile blips, which metafile-blips.ts cleans (EMF, WMF) or refuses (PICT). */
const METAFILE_BLIPS: ReadonlySet<number> = new Set([
  EMF_BLIP,
  WMF_BLIP,
  PICT_BLIP,
]);

/** The image data of a bitmap blip, without the zeros it may have been padded with. */
function imageSpan(
  body: number,
  length: number,
  instance: number,
): { start: number; end: number } {
  const start = body + UID_BYTES * (1 + (instance & SECOND_UID)) + TAG_BYTES;
  if (start > body + length) throw corrupt('a picture record too short');
  return { start, end: body + length };
}

function trimZeros(b: Uint8Array): Uint8Array {
  let end = b.length;
  while (end > 0 && b[end - 1] === 0) end--;
  return b.subarray(0, end);
}

/** A place over a whole stream of `storage`. */
export function streamPlace(
  storage: Storage,
  stream: DirEntry,
  out: Cleaning,
  number = 0,
): BlipPlace {
  return {
    reader: new StreamReader(storage.src, storage.cfb.extents(stream)),
    write: (at, data) => out.write(storage, stream, at, data),
    location: `${storage.location}/${stream.name}`,
    number,
  };
}

/** The bytes a blip record at `at` covers, so callers can tell what they have accounted for. */
export interface BlipSpan {
  readonly start: number;
  readonly end: number;
  /** False when the record is of a type no blip has. */
  readonly known: boolean;
}

/**
 * The OfficeArtBlip record at `at`: a JPEG, PNG, TIFF, EMF or WMF is cleaned where it lies; a
 * bitmap is kept as content, a PICT refused; any other type is reported as unknown for the
 * caller to refuse.
 */
export async function cleanBlip(
  place: BlipPlace,
  at: number,
  out: Cleaning,
  ctx: AnalysisContext,
  end = place.reader.size,
): Promise<BlipSpan> {
  const head = await place.reader.readExact(at, RECORD_HEADER_BYTES);
  const instance = u16le(head, 0) >> INSTANCE_SHIFT;
  const type = u16le(head, 2);
  const length = u32le(head, 4);
  const body = at + RECORD_HEADER_BYTES;
  if (body + length > end)
    throw corrupt(`a picture record runs past ${place.location}`);
  const known = IMAGE_BLIPS.has(type) || CONTENT_BLIPS.has(type);
  if (known) {
    const blipHead = await place.reader.readExact(
      body,
      Math.min(length, BLIP_HEAD_BYTES),
    );
    checkBlipHead(type, instance, blipHead, length, place.location);
    if (METAFILE_BLIPS.has(type))
      await cleanMetafileBlip(
        place,
        type,
        body + UID_BYTES * (1 + (instance & SECOND_UID)),
        body + length,
        out,
        ctx,
      );
  }
  if (IMAGE_BLIPS.has(type)) {
    const span = imageSpan(body, length, instance);
    await cleanImage(
      place,
      span.start,
      span.end,
      out,
      ctx,
      ENDS_MARKED.has(type),
    );
  }
  return { start: at, end: body + length, known };
}

export async function cleanPictures(
  storage: Storage,
  stream: DirEntry,
  out: Cleaning,
  ctx: AnalysisContext,
): Promise<void> {
  const stream0 = streamPlace(storage, stream, out);
  const { reader, location } = stream0;
  let at = 0;
  for (let n = 0; at + RECORD_HEADER_BYTES <= reader.size; n++) {
    if (n >= MAX_ENTRIES) throw corrupt('too many pictures');
    if (n % CHECK_EVERY === 0) throwIfAborted(ctx.signal);
    const place = { ...stream0, number: n + 1 };
    const blip = await cleanBlip(place, at, out, ctx);
    if (!blip.known) {
      // Zeros after the last picture are slack, not a record.
      if (reader.size - at > MAX_METADATA_BYTES)
        throw new EngineError('unclean', `${location}: an unknown record`);
      const rest = await reader.readExact(at, reader.size - at);
      if (rest.some((x) => x !== 0))
        throw new EngineError(
          'unclean',
          `${location}: a record of a type the engine does not know`,
        );
      return;
    }
    at = blip.end;
  }
  const tail = await reader.readExact(at, reader.size - at);
  if (tail.some((x) => x !== 0))
    throw new EngineError(
      'unclean',
      `${location}: bytes after the last picture`,
    );
}

async function cleanImage(
  where: BlipPlace,
  start: number,
  end: number,
  out: Cleaning,
  ctx: AnalysisContext,
  padded: boolean,
): Promise<void> {
  if (end - start > MAX_METADATA_BYTES) throw corrupt('a picture too large');
  const data = await where.reader.readExact(start, end - start);
  const image = padded ? trimZeros(data) : data;
  const cleaned = await cleanNestedPicture(where, image, out, ctx);
  if (!cleaned) return;
  if (cleaned.length > data.length)
    throw new EngineError(
      'unsupported',
      `picture ${where.number} grows when cleaned`,
    );
  const zeroPadded = new Uint8Array(data.length);
  zeroPadded.set(cleaned);
  where.write(start, zeroPadded);
}
