/**
 * An Excel 97-2003 workbook's pictures ([MS-XLS] 2.4.170 MsoDrawingGroup): the workbook's
 * OfficeArtDggContainer, whose BStore holds every picture's blip, is the data of a
 * MsoDrawingGroup record and of the Continue (2.4.58) or further MsoDrawingGroup records that
 * follow it, so a blip's bytes are interrupted by 4-byte record headers. The pieces are joined
 * logically, each JPEG, PNG and TIFF is cleaned by pictures.ts at its own length (zero-padded),
 * and every change is written back piece by piece across the record splits. Then every JPEG and
 * PNG signature in the stream must lie inside a blip so placed, or the clean fails.
 */
import type { ByteReader } from '../../byte-source';
import { u16le, u32le } from '../../bytes';
import { corrupt } from '../../errors';
import type { AnalysisContext } from '../../format-module';
import { MAX_ENTRIES, MAX_METADATA_BYTES } from '../../limits';
import { StreamReader } from '../../shared/cfb/compound-file';
import type { DirEntry } from '../../shared/cfb/directory';
import { biffRecords } from './biff';
import { cleanFbses, type Placed } from './blip-store';
import { sweepPhotos } from './photo-sweep';
import type { BlipPlace } from './pictures';
import type { Cleaning, Storage } from './storage';

/** [MS-XLS] 2.3 record types. */
const MSO_DRAWING_GROUP = 0x00eb;
const CONTINUE = 0x003c;
/** [MS-ODRAW] 2.2.1, 2.2.12, 2.2.20. */
const RECORD_HEADER_BYTES = 8;
const DGG_CONTAINER = 0xf000;
const BSTORE_CONTAINER = 0xf001;

/** One record's data: where it lies in the joined bytes and in the stream. */
interface Piece {
  readonly logical: number;
  readonly at: number;
  readonly size: number;
}

/** The pieces of each drawing group in the stream, in order. */
async function drawingGroups(
  stream: ByteReader,
  signal?: AbortSignal,
): Promise<Piece[][]> {
  const groups: Piece[][] = [];
  let open: Piece[] | null = null;
  let total = 0;
  for await (const r of biffRecords(stream, signal)) {
    const joins = r.type === CONTINUE || r.type === MSO_DRAWING_GROUP;
    if (open && joins) {
      total += r.size;
      if (total > MAX_METADATA_BYTES)
        throw corrupt('a drawing group too large');
      const last = open.at(-1)!;
      open.push({ logical: last.logical + last.size, at: r.at, size: r.size });
      continue;
    }
    open = null;
    if (r.type !== MSO_DRAWING_GROUP) continue;
    open = [{ logical: 0, at: r.at, size: r.size }];
    total += r.size;
    if (groups.length >= MAX_ENTRIES) throw corrupt('too many drawing groups');
    groups.push(open);
  }
  return groups;
}

/** The joined bytes of `pieces` as a reader. */
function joinedReader(b: Uint8Array): ByteReader {
  const read = (offset: number, length: number) =>
    Promise.resolve(b.subarray(offset, Math.min(b.length, offset + length)));
  return {
    size: b.length,
    read,
    readExact: (offset, length) => {
      if (offset + length > b.length)
        throw corrupt('a drawing group read past its end');
      return read(offset, length);
    },
  };
}

/** The stream ranges a logical range [from, to) of the joined bytes covers. */
function* streamRanges(
  pieces: readonly Piece[],
  from: number,
  to: number,
): Generator<[number, number, number]> {
  for (const p of pieces) {
    const start = Math.max(from, p.logical);
    const end = Math.min(to, p.logical + p.size);
    if (start < end)
      yield [p.at + start - p.logical, start - from, end - start];
  }
}

async function cleanGroup(
  storage: Storage,
  workbook: DirEntry,
  stream: StreamReader,
  pieces: readonly Piece[],
  placed: Placed,
  out: Cleaning,
  ctx: AnalysisContext,
): Promise<[number, number][]> {
  const size = pieces.reduce((n, p) => n + p.size, 0);
  const b = new Uint8Array(size);
  for (const p of pieces)
    b.set(await stream.readExact(p.at, p.size), p.logical);
  const location = `${storage.location}/${workbook.name}`;
  const where: BlipPlace = {
    reader: joinedReader(b),
    write: (at, data) => {
      for (const [streamAt, from, length] of streamRanges(
        pieces,
        at,
        at + data.length,
      ))
        out.write(
          storage,
          workbook,
          streamAt,
          data.subarray(from, from + length),
        );
    },
    location,
    number: 0,
  };
  if (b.length < RECORD_HEADER_BYTES || u16le(b, 2) !== DGG_CONTAINER)
    throw corrupt('a MsoDrawingGroup without an OfficeArtDggContainer');
  const end = Math.min(b.length, RECORD_HEADER_BYTES + u32le(b, 4));
  for (
    let at = RECORD_HEADER_BYTES, n = 0;
    at + RECORD_HEADER_BYTES <= end;
    n++
  ) {
    if (n >= MAX_ENTRIES) throw corrupt('too many drawing records');
    const body = at + RECORD_HEADER_BYTES;
    const next = body + u32le(b, at + 4);
    if (next > end) throw corrupt('a drawing record runs past its container');
    if (u16le(b, at + 2) === BSTORE_CONTAINER)
      await cleanFbses(b, body, next, 0, where, null, placed, out, ctx);
    at = next;
  }
  // What the walk placed, in the stream's own offsets.
  return (placed.spans.get(location) ?? []).flatMap((s) =>
    [...streamRanges(pieces, s.start, s.end)].map(
      ([at, , length]): [number, number] => [at, at + length],
    ),
  );
}

export async function cleanExcelPictures(
  storage: Storage,
  workbook: DirEntry,
  out: Cleaning,
  ctx: AnalysisContext,
): Promise<void> {
  const stream = new StreamReader(storage.src, storage.cfb.extents(workbook));
  const ranges: [number, number][] = [];
  for (const pieces of await drawingGroups(stream, ctx.signal)) {
    const placed: Placed = { spans: new Map(), count: 0 };
    ranges.push(
      ...(await cleanGroup(
        storage,
        workbook,
        stream,
        pieces,
        placed,
        out,
        ctx,
      )),
    );
  }
  await sweepPhotos(
    stream,
    (i) => ranges.some(([start, end]) => i >= start && i < end),
    `${storage.location}/${workbook.name}`,
    ctx.signal,
  );
}
