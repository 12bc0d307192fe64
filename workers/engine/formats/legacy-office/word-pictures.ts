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
import { corrupt, EngineError, throwIfAborted } from '../../errors';
import type { AnalysisContext } from '../../format-module';
import { MAX_ENTRIES, MAX_METADATA_BYTES } from '../../limits';
import { readExtents, StreamReader } from '../../shared/cfb/compound-file';
import type { DirEntry } from '../../shared/cfb/directory';
import { cleanBlip, type BlipPlace, type BlipSpan } from './pictures';
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
const FBSE = 0xf007;
/** [MS-ODRAW] 2.2.32 OfficeArtFBSE: size, foDelay and cbName; 36 bytes before nameData. */
const FBSE_SIZE_AT = 20;
const FBSE_DELAY_AT = 28;
const FBSE_NAME_COUNT_AT = 33;
const FBSE_FIXED_BYTES = 36;
/** foDelay of a blip that is not in the delay stream. */
const NO_DELAY = 0xffffffff;
/** [MS-DOC] 2.5.6 FibRgFcLcb97: the index of fcDggInfo/lcbDggInfo. */
export const DGG_INFO = 50;
/** What starts a JPEG (SOI and a marker) and a PNG ([PNG] 5.2). */
const JPEG_START = [0xff, 0xd8, 0xff];
const PNG_START = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** The signature sweep reads this much at a time, overlapping by a signature's length. */
const SWEEP_CHUNK = 1 << 20;
const SWEEP_OVERLAP = PNG_START.length;
const CHECK_EVERY = 256;

/** The blips placed in each stream, by stream name, and how many in all. */
interface Placed {
  readonly spans: Map<string, BlipSpan[]>;
  count: number;
}

interface WordStreams {
  readonly storage: Storage;
  readonly word: DirEntry;
  readonly table: DirEntry;
  /** fcDggInfo and lcbDggInfo from the FIB. */
  readonly dggInfo: readonly [number, number];
}

function placeOf(
  storage: Storage,
  stream: DirEntry,
  number: number,
): BlipPlace {
  return {
    storage,
    stream,
    reader: new StreamReader(storage.src, storage.cfb.extents(stream)),
    location: `${storage.location}/${stream.name}`,
    number,
  };
}

async function place(
  placed: Placed,
  where: BlipPlace,
  at: number,
  end: number,
  out: Cleaning,
  ctx: AnalysisContext,
): Promise<void> {
  const n = placed.count++;
  if (n >= MAX_ENTRIES) throw corrupt('too many pictures');
  if (n % CHECK_EVERY === 0) throwIfAborted(ctx.signal);
  const blip = await cleanBlip({ ...where, number: n + 1 }, at, out, ctx, end);
  if (!blip.known)
    throw new EngineError(
      'unclean',
      `${where.location}: a picture record of a type the engine does not know`,
    );
  const spans = placed.spans.get(where.stream.name) ?? [];
  spans.push(blip);
  placed.spans.set(where.stream.name, spans);
}

/**
 * The FBSE records from `from` to `to` of `b` (which starts at `base` in `where`'s stream):
 * each blip inside its record, or in the delay stream `delay` at foDelay.
 */
async function cleanFbses(
  b: Uint8Array,
  from: number,
  to: number,
  base: number,
  where: BlipPlace,
  delay: BlipPlace,
  placed: Placed,
  out: Cleaning,
  ctx: AnalysisContext,
): Promise<void> {
  for (let at = from; at + RECORD_HEADER_BYTES <= to;) {
    const type = u16le(b, at + 2);
    const length = u32le(b, at + 4);
    const body = at + RECORD_HEADER_BYTES;
    if (body + length > to)
      throw corrupt('a picture entry runs past its container');
    if (type !== FBSE) {
      // [MS-ODRAW] 2.2.20: a file block is an FBSE or a blip itself.
      await place(placed, where, base + at, base + body + length, out, ctx);
      at = body + length;
      continue;
    }
    if (length < FBSE_FIXED_BYTES) throw corrupt('a picture entry too short');
    const embedded = body + FBSE_FIXED_BYTES + b[body + FBSE_NAME_COUNT_AT]!;
    const size = u32le(b, body + FBSE_SIZE_AT);
    const foDelay = u32le(b, body + FBSE_DELAY_AT);
    if (embedded + RECORD_HEADER_BYTES <= body + length)
      await place(
        placed,
        where,
        base + embedded,
        base + body + length,
        out,
        ctx,
      );
    else if (size > 0 && foDelay !== NO_DELAY) {
      if (foDelay + size > delay.reader.size)
        throw corrupt('a picture runs past the delay stream');
      await place(placed, delay, foDelay, foDelay + size, out, ctx);
    }
    at = body + length;
  }
}

/** Every PICFAndOfficeArtData of the Data stream, read one after another from its start. */
async function cleanDataStream(
  streams: WordStreams,
  data: DirEntry,
  placed: Placed,
  out: Cleaning,
  ctx: AnalysisContext,
): Promise<void> {
  const where = placeOf(streams.storage, data, 0);
  const delay = placeOf(streams.storage, streams.word, 0);
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
      if (mm === MM_SHAPEFILE) start += PIC_NAME_COUNT_BYTES + b[start]!;
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
  const where = placeOf(storage, table, 0);
  const delay = placeOf(storage, streams.word, 0);
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

function startsAt(b: Uint8Array, i: number, sig: readonly number[]): boolean {
  return sig.every((x, k) => b[i + k] === x);
}

/** Fails when a JPEG or PNG starts in `stream` outside every blip placed there. */
async function sweep(
  storage: Storage,
  stream: DirEntry,
  spans: readonly BlipSpan[],
  ctx: AnalysisContext,
): Promise<void> {
  const extents = storage.cfb.extents(stream);
  const inside = (i: number) => spans.some((s) => i >= s.start && i < s.end);
  for (let at = 0; at < stream.size; at += SWEEP_CHUNK) {
    throwIfAborted(ctx.signal);
    const length = Math.min(SWEEP_CHUNK + SWEEP_OVERLAP, stream.size - at);
    const b = await readExtents(storage.src, extents, at, length);
    for (
      let i = b.indexOf(JPEG_START[0]!);
      i >= 0;
      i = b.indexOf(JPEG_START[0]!, i + 1)
    )
      if (startsAt(b, i, JPEG_START) && !inside(at + i))
        throw new EngineError(
          'unclean',
          `${storage.location}/${stream.name}: a JPEG the engine could not place`,
        );
    for (
      let i = b.indexOf(PNG_START[0]!);
      i >= 0;
      i = b.indexOf(PNG_START[0]!, i + 1)
    )
      if (startsAt(b, i, PNG_START) && !inside(at + i))
        throw new EngineError(
          'unclean',
          `${storage.location}/${stream.name}: a PNG the engine could not place`,
        );
  }
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
        placed.spans.get(stream.name) ?? [],
        ctx,
      );
}
