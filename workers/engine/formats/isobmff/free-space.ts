/**
 * Top-level free space left out of a cleaned copy. The contents of a `free` or `skip` box are
 * irrelevant and the box may be deleted without affecting the presentation (ISO/IEC 14496-12
 * 8.1.2), so a copy leaves out every top-level one that has contents: whatever a writer left there
 * (an old movie box, a camera's leftovers, gigabytes of reserve) is gone without being read or
 * written. An empty one (a header alone) holds nothing and stays, so no offset moves for it.
 *
 * What follows a box left out moves up by its size, so every file offset that points past it is
 * re-pointed. In a plain movie (one moov; no fragments, segment indexes, item locations or sample
 * auxiliary offsets; every track's data in this file) those offsets are the chunk offsets
 * (stco/co64, 8.7.5), rewritten at their own width in the movie's region; a box that a chunk's
 * samples overlap stays. In any other file only the free space at its end is left out, since
 * nothing there points past it. A clean in place keeps every box (`keepLayout`).
 */
import { ascii, indexOfBytes, u32be } from '../../bytes';
import { MAX_ENTRIES } from '../../limits';
import { isEngineError } from '../../errors';
import { FULL_BOX_BYTES, childrenOf, firstChild, type Box } from './box';
import type { Region } from './region';
import { chunkRanges, type ByteRange } from './sample-table';
import { FREE_SPACE_TYPES } from './free-contents';

/**
 * Top-level boxes whose offsets this file does not re-point: movie fragments and their random
 * access (tfhd base_data_offset, trun data_offset from the moof, tfra moof_offset: 8.8), segment
 * indexes (sidx, ssix: 8.16) and a file-level meta's item locations (iloc, 8.11.3).
 */
const OFFSETS_NOT_REPOINTED = new Set([
  'moof',
  'mfra',
  'sidx',
  'ssix',
  'styp',
  'meta',
]);
/** Types inside a movie that hold file offsets besides chunk offsets (8.11.3, 8.7.9). */
const OTHER_OFFSET_TYPES = ['iloc', 'saio'].map(ascii);
const CHUNK_OFFSET_TYPES = ['stco', 'co64'].map(ascii);
/** data_entry flag: the media data is in the same file as the movie box (8.7.2.3). */
const SELF_CONTAINED = 0x000001;
const FLAGS_MASK = 0xffffff;
const STCO_WIDTH = 4;
const CO64_WIDTH = 8;
const TWO_TO_32 = 2 ** 32;

/** The chunk offset tables of a plain movie, or null when the movie is not plain. */
function chunkOffsetTables(region: Region, moov: Box): Box[] | null {
  const tables: Box[] = [];
  for (const trak of childrenOf(region.bytes, region.base, moov)) {
    if (trak.type !== 'trak' || region.isFree(trak)) continue;
    const mdia = firstChild(
      childrenOf(region.bytes, region.base, trak),
      'mdia',
    );
    const minf =
      mdia && firstChild(childrenOf(region.bytes, region.base, mdia), 'minf');
    if (!minf) continue;
    const parts = childrenOf(region.bytes, region.base, minf);
    if (!dataInThisFile(region, firstChild(parts, 'dinf'))) return null;
    const stbl = firstChild(parts, 'stbl');
    if (!stbl) continue;
    for (const box of childrenOf(region.bytes, region.base, stbl))
      if (box.type === 'stco' || box.type === 'co64') tables.push(box);
  }
  // A table the walk did not reach (under an odd path) would keep its old offsets: the movie
  // counts as plain only when every place its bytes name a chunk offset table was reached.
  const named = CHUNK_OFFSET_TYPES.reduce(
    (n, type) => n + occurrences(region.bytes, type),
    0,
  );
  if (named !== tables.length) return null;
  if (OTHER_OFFSET_TYPES.some((type) => occurrences(region.bytes, type) > 0))
    return null;
  return tables;
}

/** Every data reference of a track says "this file" (dref entries, 8.7.2). */
function dataInThisFile(region: Region, dinf: Box | undefined): boolean {
  if (!dinf) return true;
  const dref = firstChild(childrenOf(region.bytes, region.base, dinf), 'dref');
  if (!dref) return true;
  const entries = childrenOf(
    region.bytes,
    region.base,
    dref,
    FULL_BOX_BYTES + 4,
  );
  return entries.every(
    (entry) =>
      entry.end - entry.payload >= FULL_BOX_BYTES &&
      (u32be(region.bytes, entry.payload - region.base) &
        FLAGS_MASK &
        SELF_CONTAINED) !==
        0,
  );
}

function occurrences(bytes: Uint8Array, needle: Uint8Array): number {
  let n = 0;
  for (
    let at = indexOfBytes(bytes, needle);
    at >= 0;
    at = indexOfBytes(bytes, needle, at + 1)
  )
    n++;
  return n;
}

interface Table {
  readonly at: number;
  readonly count: number;
  readonly width: number;
}

/** Where a table's entries start in the region, checked against its box. */
function tableOf(region: Region, box: Box): Table | null {
  const width = box.type === 'co64' ? CO64_WIDTH : STCO_WIDTH;
  const countAt = box.payload + FULL_BOX_BYTES;
  if (countAt + 4 > box.end) return null;
  const count = u32be(region.bytes, countAt - region.base);
  const at = countAt + 4 - region.base;
  if (count > MAX_ENTRIES || at + count * width > box.end - region.base)
    return null;
  return { at, count, width };
}

function entryAt(region: Region, table: Table, i: number): number {
  const at = table.at + i * table.width;
  if (table.width === STCO_WIDTH) return u32be(region.bytes, at);
  return u32be(region.bytes, at) * TWO_TO_32 + u32be(region.bytes, at + 4);
}

function writeEntry(region: Region, table: Table, i: number, v: number) {
  const at = region.base + table.at + i * table.width;
  if (table.width === STCO_WIDTH) region.writeU32be(at, v);
  else {
    region.writeU32be(at, Math.floor(v / TWO_TO_32));
    region.writeU32be(at + 4, v % TWO_TO_32);
  }
}

/** The index of the first range that ends after `offset` (ranges sorted, not overlapping). */
function firstEndingAfter(ranges: readonly ByteRange[], offset: number) {
  let lo = 0;
  let hi = ranges.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ranges[mid]!.end <= offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Free space with contents at the file's end: nothing points into or past it. */
function trailing(boxes: readonly Box[], candidates: readonly Box[]): Box[] {
  let from = 0;
  for (const box of boxes) if (!FREE_SPACE_TYPES.has(box.type)) from = box.end;
  return candidates.filter((b) => b.start >= from);
}

function stblOf(region: Region, trak: Box): Box | undefined {
  const mdia = firstChild(childrenOf(region.bytes, region.base, trak), 'mdia');
  const minf =
    mdia && firstChild(childrenOf(region.bytes, region.base, mdia), 'minf');
  return (
    minf && firstChild(childrenOf(region.bytes, region.base, minf), 'stbl')
  );
}

/**
 * Where the movie's data lies: every chunk's samples, and every chunk offset itself (a table
 * without sample sizes still names places), merged into sorted, separate ranges.
 */
export function dataRanges(
  region: Region,
  moov: Box,
  tables: readonly Table[],
  fileSize: number,
): ByteRange[] {
  const found: ByteRange[] = [];
  for (const trak of childrenOf(region.bytes, region.base, moov)) {
    const stbl = trak.type === 'trak' ? stblOf(region, trak) : undefined;
    if (stbl) found.push(...chunkRanges(region, stbl, fileSize));
  }
  for (const table of tables)
    for (let i = 0; i < table.count; i++) {
      const start = entryAt(region, table, i);
      found.push({ start, end: start + 1 });
    }
  found.sort((x, y) => x.start - y.start);
  const merged: ByteRange[] = [];
  for (const range of found) {
    const last = merged.at(-1);
    if (last && range.start <= last.end)
      merged[merged.length - 1] = {
        start: last.start,
        end: Math.max(last.end, range.end),
      };
    else merged.push(range);
  }
  return merged;
}

/** Whether one of the separate, sorted `data` ranges overlaps `box`. */
export function holdsData(data: readonly ByteRange[], box: ByteRange): boolean {
  const next = data[firstEndingAfter(data, box.start)];
  return next !== undefined && next.start < box.end;
}

/**
 * The top-level free space a copy leaves out (sorted file ranges), with the movie's chunk offsets
 * re-pointed in `movie.region` to where their chunks land in the copy.
 */
export function leaveOutFreeSpace(
  boxes: readonly Box[],
  movies: readonly { region: Region; box: Box }[],
  fileSize: number,
): ByteRange[] {
  const candidates = boxes.filter(
    (b) => FREE_SPACE_TYPES.has(b.type) && b.end > b.payload,
  );
  if (candidates.length === 0) return [];
  const movie = movies.length === 1 ? movies[0]! : undefined;
  const tables =
    movie && !boxes.some((b) => OFFSETS_NOT_REPOINTED.has(b.type))
      ? chunkOffsetTables(movie.region, movie.box)
      : null;
  if (!movie || !tables) return ranges(trailing(boxes, candidates));
  const readable = tables.map((box) => tableOf(movie.region, box));
  if (readable.some((t) => t === null))
    return ranges(trailing(boxes, candidates));
  let data: ByteRange[];
  try {
    data = dataRanges(movie.region, movie.box, readable as Table[], fileSize);
  } catch (error) {
    // A sample table that does not add up: its chunks' places are unknown, so nothing moves.
    if (isEngineError(error)) return ranges(trailing(boxes, candidates));
    throw error;
  }
  const left = candidates.filter((box) => !holdsData(data, box));
  repoint(movie.region, readable as Table[], left);
  return ranges(left);
}

const ranges = (boxes: readonly Box[]): ByteRange[] =>
  boxes.map((b) => ({ start: b.start, end: b.end }));

/** Moves every chunk offset up by the sizes of the boxes left out before it. */
function repoint(region: Region, tables: readonly Table[], left: Box[]) {
  if (left.length === 0) return;
  const before: number[] = [0];
  for (const box of left) before.push(before.at(-1)! + box.end - box.start);
  for (const table of tables) {
    for (let i = 0; i < table.count; i++) {
      const offset = entryAt(region, table, i);
      const shift = before[firstEndingAfter(left, offset)]!;
      if (shift > 0) writeEntry(region, table, i, offset - shift);
    }
  }
}
