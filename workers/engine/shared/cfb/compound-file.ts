/**
 * A compound file opened for reading and same-size patching ([MS-CFB]): the header, the FAT and
 * mini FAT, the directory, and every stream as a list of extents in the file, so a stream's bytes
 * can be read where they lie and overwritten in place without moving a sector.
 */
import type { ByteReader } from '../../byte-source';
import { corrupt } from '../../errors';
import { MAX_METADATA_BYTES } from '../../limits';
import type { Patch } from '../in-place';
import { deadRanges, type FileRange } from './dead-space';
import { chain, readFatTable, sectorCount, sectorOffset } from './fat';
import {
  HEADER_BYTES,
  MINI_STREAM_CUTOFF,
  parseHeader,
  type CfbHeader,
} from './header';
import {
  DIR_ENTRY_BYTES,
  parseDirectory,
  TIMES_BYTES,
  TIMES_OFFSET,
  type DirEntry,
} from './directory';

/** Bytes [stream, stream + length) of a stream sit at `file` in the compound file. */
export interface Extent {
  readonly stream: number;
  readonly file: number;
  readonly length: number;
}

export interface CompoundFile {
  readonly header: CfbHeader;
  readonly entries: readonly DirEntry[];
  /** Where a directory entry's 128 bytes start in the file. */
  entryOffset(entry: DirEntry): number;
  /** The stream's bytes as extents of the file, in stream order, adjacent ones merged. */
  extents(entry: DirEntry): readonly Extent[];
  /** The bytes no structure reaches (dead-space.ts); `corrupt` when sectors are cross-linked. */
  deadRanges(): FileRange[];
}

function merge(runs: Extent[], file: number, length: number): void {
  const last = runs.at(-1);
  if (last && last.file + last.length === file)
    runs[runs.length - 1] = { ...last, length: last.length + length };
  else {
    const stream = last ? last.stream + last.length : 0;
    runs.push({ stream, file, length });
  }
}

/** The extents of `size` bytes held by `sectors` of `sectorSize` bytes placed by `place`. */
function extentsOf(
  sectors: readonly number[],
  sectorSize: number,
  size: number,
  place: (sector: number) => number,
): Extent[] {
  const runs: Extent[] = [];
  sectors.forEach((sector, i) =>
    merge(runs, place(sector), Math.min(sectorSize, size - i * sectorSize)),
  );
  return runs;
}

/** The index of the first extent that ends after `offset`. */
function firstExtent(extents: readonly Extent[], offset: number): number {
  let lo = 0;
  let hi = extents.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const e = extents[mid]!;
    if (e.stream + e.length <= offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Bytes [from, from + length) of a stream laid out as `extents`. */
export async function readExtents(
  src: ByteReader,
  extents: readonly Extent[],
  from = 0,
  length = Infinity,
): Promise<Uint8Array> {
  const total = extents.reduce((n, e) => n + e.length, 0);
  const end = Math.min(total, from + length);
  if (end - from > MAX_METADATA_BYTES)
    throw corrupt(`compound file stream of ${end - from} bytes to read`);
  const out = new Uint8Array(Math.max(0, end - from));
  for (let i = firstExtent(extents, from); i < extents.length; i++) {
    const e = extents[i]!;
    if (e.stream >= end) break;
    const a = Math.max(from, e.stream);
    const b = Math.min(end, e.stream + e.length);
    if (a < b)
      out.set(await src.readExact(e.file + a - e.stream, b - a), a - from);
  }
  return out;
}

/** Patches that write `data` at offset `at` of a stream laid out as `extents`. */
export function patchExtents(
  extents: readonly Extent[],
  at: number,
  data: Uint8Array,
): Patch[] {
  const patches: Patch[] = [];
  const end = at + data.length;
  for (const e of extents) {
    const a = Math.max(at, e.stream);
    const b = Math.min(end, e.stream + e.length);
    if (a >= b) continue;
    patches.push({
      offset: e.file + a - e.stream,
      data: data.subarray(a - at, b - at),
    });
  }
  if (patches.reduce((n, p) => n + p.data.length, 0) !== data.length)
    throw corrupt('patch runs past its stream');
  return patches;
}

/** Opens a compound file: reads its header, FAT, directory and mini FAT, nothing else. */
export async function openCompoundFile(src: ByteReader): Promise<CompoundFile> {
  const header = parseHeader(await src.readExact(0, HEADER_BYTES));
  const sectors = sectorCount(header, src.size);
  const { fat, tableSectors } = await readFatTable(src, header);
  const place = (s: number): number => sectorOffset(header, s);
  const dirSectors = chain(
    fat,
    header.firstDirectorySector,
    sectors,
    'directory',
  );
  if (dirSectors.length * header.sectorSize > MAX_METADATA_BYTES)
    throw corrupt('compound file directory too large');
  const dirBytes = dirSectors.length * header.sectorSize;
  const dirExtents = extentsOf(dirSectors, header.sectorSize, dirBytes, place);
  const entries = parseDirectory(
    await readExtents(src, dirExtents),
    header.majorVersion === 3,
  );
  const root = entries[0]!;
  for (const e of entries)
    if (e.kind !== 'storage' && e.size > src.size)
      throw corrupt(`stream "${e.name}" of ${e.size} bytes in a smaller file`);

  const need = (size: number, unit: number): number => Math.ceil(size / unit);
  const rootSectors = chain(
    fat,
    root.start,
    sectors,
    'mini stream',
    need(root.size, header.sectorSize),
  );
  const miniStream = extentsOf(
    rootSectors,
    header.sectorSize,
    root.size,
    place,
  );
  const miniFatSectors = chain(
    fat,
    header.firstMiniFatSector,
    sectors,
    'mini FAT',
    header.miniFatSectorCount,
  );
  const miniFatBytes = await readExtents(
    src,
    extentsOf(
      miniFatSectors,
      header.sectorSize,
      miniFatSectors.length * header.sectorSize,
      place,
    ),
  );
  const miniFat = new Uint32Array(miniFatBytes.length / 4);
  const view = new DataView(miniFatBytes.buffer);
  for (let i = 0; i < miniFat.length; i++)
    miniFat[i] = view.getUint32(i * 4, true);
  const miniSectors = Math.floor(root.size / header.miniSectorSize);
  const streamChain = (entry: DirEntry) =>
    entry.size < MINI_STREAM_CUTOFF
      ? chain(
          miniFat,
          entry.start,
          miniSectors,
          'mini FAT',
          need(entry.size, header.miniSectorSize),
        )
      : chain(
          fat,
          entry.start,
          sectors,
          'FAT',
          need(entry.size, header.sectorSize),
        );
  const streams = () =>
    entries.filter((e) => e.kind === 'stream' && e.size > 0);

  return {
    header,
    entries,
    entryOffset: (e) => locate(dirExtents, e.index * DIR_ENTRY_BYTES),
    extents(entry) {
      if (entry.kind === 'root') return miniStream;
      if (entry.kind === 'storage' || entry.size === 0) return [];
      const list = streamChain(entry);
      if (entry.size < MINI_STREAM_CUTOFF)
        return extentsOf(list, header.miniSectorSize, entry.size, (s) =>
          locate(miniStream, s * header.miniSectorSize),
        );
      return extentsOf(list, header.sectorSize, entry.size, place);
    },
    deadRanges: () =>
      deadRanges({
        sectorSize: header.sectorSize,
        miniSectorSize: header.miniSectorSize,
        sectors,
        fileSize: src.size,
        place,
        structureSectors: [...tableSectors, ...dirSectors, ...miniFatSectors],
        rootSectors,
        rootSize: root.size,
        largeStreams: streams()
          .filter((e) => e.size >= MINI_STREAM_CUTOFF)
          .map((e) => ({ sectors: streamChain(e), size: e.size })),
        smallStreams: streams()
          .filter((e) => e.size < MINI_STREAM_CUTOFF)
          .map((e) => ({ sectors: streamChain(e), size: e.size })),
        miniPlace: (offset) => locate(miniStream, offset),
      }),
  };
}

/** Where byte `offset` of a stream laid out as `extents` lies in the file (binary search). */
export function locate(extents: readonly Extent[], offset: number): number {
  const e = extents[firstExtent(extents, offset)];
  if (!e || offset < e.stream)
    throw corrupt(`offset ${offset} is past its stream`);
  return e.file + offset - e.stream;
}

/** Patches that zero the creation and modification times of a directory entry. */
export function clearEntryTimes(cfb: CompoundFile, entry: DirEntry): Patch {
  return {
    offset: cfb.entryOffset(entry) + TIMES_OFFSET,
    data: new Uint8Array(TIMES_BYTES),
  };
}

/** A stream read where it lies, as a ByteReader: for walks over streams too large to hold. */
export class StreamReader implements ByteReader {
  readonly size: number;

  constructor(
    private readonly src: ByteReader,
    readonly extents: readonly Extent[],
  ) {
    this.size = extents.reduce((n, e) => n + e.length, 0);
  }

  read(offset: number, length: number): Promise<Uint8Array> {
    return readExtents(this.src, this.extents, offset, length);
  }

  async readExact(offset: number, length: number): Promise<Uint8Array> {
    if (offset + length > this.size)
      throw corrupt(`stream truncated at ${offset}+${length}`);
    return this.read(offset, length);
  }
}
