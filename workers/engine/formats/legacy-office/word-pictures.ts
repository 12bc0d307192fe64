/**
 * A Word 97-2003 document's pictures ([MS-DOC] 2.9.192, [MS-ODRAW] 2.2.20-2.2.32). An inline
 * picture is a PICFAndOfficeArtData in the `Data` stream: a PICF header, the picture's name when
 * its mm is MM_SHAPEFILE, then an OfficeArtInlineSpContainer whose OfficeArtFBSE records hold the
 * blips. A floating picture's blip is named by an OfficeArtFBSE of the table stream's
 * OfficeArtContent (FibRgFcLcb97.fcDggInfo): inside the record, or in the `WordDocument`
 * stream's delay stream at foDelay. Each JPEG, PNG and TIFF is cleaned where it lies by
 * pictures.ts. Then every JPEG and PNG signature in those streams must lie inside a blip this
 * walk placed: one that does not is a photo the engine could not place, and the clean fails.
 */
import { u16le, u32le } from '../../bytes';
import { corrupt } from '../../errors';
import type { AnalysisContext } from '../../format-module';
import { MAX_ENTRIES, MAX_METADATA_BYTES } from '../../limits';
import { readExtents } from '../../shared/cfb/compound-file';
import { cleanFbses, type Placed } from './blip-store';
import { sweepPhotos } from './photo-sweep';
import type { DirEntry } from '../../shared/cfb/directory';
import { streamPlace, type BlipSpan } from './pictures';
import { Cleaning, type Storage } from './storage';

export const DATA_STREAM = 'Data';

/** [MS-DOC] 2.9.192 PICF: lcb (4 bytes), cbHeader (2, MUST be 0x44), then mfpf.mm (2). */
const PICF_BYTES = 0x44;
const CB_HEADER_AT = 4;
const MM_AT = 6;
/** [MS-DOC] 2.9.158 MFPF: a picture drawn by OfficeArt, and one that also has a file name. */
const MM_SHAPE = 0x0064;
const MM_SHAPEFILE = 0x0066;
const PIC_NAME_COUNT_BYTES = 1;
/** [MS-ODRAW] 2.2.1 OfficeArtRecordHeader. */
const RECORD_HEADER_BYTES = 8;
/** [MS-ODRAW] 2.2.12, 2.2.20, 2.2.32: the containers and the FBSE walked here. */
const DGG_CONTAINER = 0xf000;
const BSTORE_CONTAINER = 0xf001;
/** [MS-DOC] 2.5.6 FibRgFcLcb97: the index of fcDggInfo/lcbDggInfo. */
export const DGG_INFO = 50;

interface WordStreams {
  readonly storage: Storage;
  readonly word: DirEntry;
  readonly table: DirEntry;
  /** fcDggInfo and lcbDggInfo from the FIB. */
  readonly dggInfo: readonly [number, number];
}

/** Every PICFAndOfficeArtData of the Data stream, read one after another from its start. */
async function cleanDataStream(
  streams: WordStreams,
  data: DirEntry,
  placed: Placed,
  out: Cleaning,
  ctx: AnalysisContext,
): Promise<void> {
  const where = streamPlace(streams.storage, data, out);
  const delay = streamPlace(streams.storage, streams.word, out);
  const size = where.reader.size;
  for (let at = 0, n = 0; at + PICF_BYTES <= size; n++) {
    if (n >= MAX_ENTRIES) throw corrupt('too many pictures');
    const head = await where.reader.readExact(at, PICF_BYTES);
    const lcb = u32le(head, 0);
    // Not a PICF where one would be: what follows is left to the signature sweep.
    if (u16le(head, CB_HEADER_AT) !== PICF_BYTES || lcb < PICF_BYTES) return;
    if (at + lcb > size) return;
    const mm = u16le(head, MM_AT);
    if (mm === MM_SHAPE || mm === MM_SHAPEFILE) {
      if (lcb > MAX_METADATA_BYTES) throw corrupt('a picture too large');
      const b = await where.reader.readExact(at, lcb);
      let start = PICF_BYTES;
      if (mm === MM_SHAPEFILE)
        start += PIC_NAME_COUNT_BYTES + (b[start] ?? lcb);
      if (start + RECORD_HEADER_BYTES > lcb) return;
      // [MS-ODRAW] 2.2.14 OfficeArtSpContainer, the shape; the FBSEs follow it.
      const shapeEnd = start + RECORD_HEADER_BYTES + u32le(b, start + 4);
      if (shapeEnd > lcb) throw corrupt('a picture shape runs past its PICF');
      await cleanFbses(b, shapeEnd, lcb, at, where, delay, placed, out, ctx);
    }
    at += lcb;
  }
}

/** The table stream's OfficeArtContent: its BStore's FBSEs, the floating pictures'. */
async function cleanDrawingGroup(
  streams: WordStreams,
  placed: Placed,
  out: Cleaning,
  ctx: AnalysisContext,
): Promise<void> {
  const [fc, lcb] = streams.dggInfo;
  if (lcb === 0) return;
  const { storage, table } = streams;
  if (fc + lcb > table.size)
    throw corrupt('fcDggInfo runs past the table stream');
  if (lcb > MAX_METADATA_BYTES) throw corrupt('a drawing group too large');
  const b = await readExtents(storage.src, storage.cfb.extents(table), fc, lcb);
  if (b.length < RECORD_HEADER_BYTES || u16le(b, 2) !== DGG_CONTAINER)
    throw corrupt('fcDggInfo without an OfficeArtDggContainer');
  const end = Math.min(lcb, RECORD_HEADER_BYTES + u32le(b, 4));
  const where = streamPlace(storage, table, out);
  const delay = streamPlace(storage, streams.word, out);
  let n = 0;
  for (let at = RECORD_HEADER_BYTES; at + RECORD_HEADER_BYTES <= end; n++) {
    if (n >= MAX_ENTRIES) throw corrupt('too many drawing records');
    const type = u16le(b, at + 2);
    const body = at + RECORD_HEADER_BYTES;
    const next = body + u32le(b, at + 4);
    if (next > end) throw corrupt('a drawing record runs past its container');
    if (type === BSTORE_CONTAINER)
      await cleanFbses(b, body, next, fc, where, delay, placed, out, ctx);
    at = next;
  }
}

/** Fails when a JPEG or PNG starts in `stream` outside every blip placed there. */
async function sweep(
  storage: Storage,
  stream: DirEntry,
  spans: readonly BlipSpan[],
  ctx: AnalysisContext,
): Promise<void> {
  const where = streamPlace(storage, stream, new Cleaning());
  await sweepPhotos(
    where.reader,
    (i) => spans.some((s) => i >= s.start && i < s.end),
    where.location,
    ctx.signal,
  );
}

export async function cleanWordPictures(
  streams: WordStreams,
  out: Cleaning,
  ctx: AnalysisContext,
): Promise<void> {
  const placed: Placed = { spans: new Map(), count: 0 };
  const data = streams.storage.stream(DATA_STREAM);
  if (data) await cleanDataStream(streams, data, placed, out, ctx);
  await cleanDrawingGroup(streams, placed, out, ctx);
  for (const stream of [streams.word, streams.table, data])
    if (stream)
      await sweep(
        streams.storage,
        stream,
        placed.spans.get(`${streams.storage.location}/${stream.name}`) ?? [],
        ctx,
      );
}
