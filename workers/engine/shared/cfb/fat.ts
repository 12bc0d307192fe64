/**
 * The sector allocation tables of a compound file ([MS-CFB] 2.3-2.5): the DIFAT lists the FAT's
 * sectors, the FAT chains the file's sectors, the mini FAT chains the mini stream's 64-byte
 * sectors. Every chain is bounded by the table's length, so a loop is `corrupt`, never a hang.
 */
import type { ByteReader } from '../../byte-source';
import { u32le } from '../../bytes';
import { corrupt } from '../../errors';
import { MAX_METADATA_BYTES } from '../../limits';
import {
  END_OF_CHAIN,
  FREE_SECT,
  HEADER_BYTES,
  MAX_REG_SECT,
  type CfbHeader,
} from './header';

const ENTRY_BYTES = 4;

/** Where sector `n` starts: the header takes the place of sector -1 ([MS-CFB] 2.2). */
export function sectorOffset(header: CfbHeader, sector: number): number {
  return (sector + 1) * header.sectorSize;
}

/** How many whole or partial sectors follow the header in a file of `size` bytes. */
export function sectorCount(header: CfbHeader, size: number): number {
  return Math.max(
    0,
    Math.ceil(
      (size - Math.max(HEADER_BYTES, header.sectorSize)) / header.sectorSize,
    ),
  );
}

function checkSector(sector: number, sectors: number, what: string): void {
  if (sector > MAX_REG_SECT || sector >= sectors)
    throw corrupt(`${what} sector ${sector} is past the end of the file`);
}

/** The FAT's own sector numbers: the header's 109, then the DIFAT sector chain ([MS-CFB] 2.5). */
async function fatSectors(
  src: ByteReader,
  header: CfbHeader,
  sectors: number,
  difat?: number[],
): Promise<number[]> {
  const list = header.headerDifat.slice(0, header.fatSectorCount);
  const perDifat = header.sectorSize / ENTRY_BYTES - 1;
  let next = header.firstDifatSector;
  for (let n = 0; list.length < header.fatSectorCount; n++) {
    difat?.push(next);
    if (
      next === END_OF_CHAIN ||
      next === FREE_SECT ||
      n >= header.difatSectorCount
    )
      throw corrupt('the DIFAT ends before listing every FAT sector');
    if (n > sectors) throw corrupt('the DIFAT chain loops');
    checkSector(next, sectors, 'DIFAT');
    const b = await src.readExact(
      sectorOffset(header, next),
      header.sectorSize,
    );
    for (let i = 0; i < perDifat && list.length < header.fatSectorCount; i++)
      list.push(u32le(b, i * ENTRY_BYTES));
    next = u32le(b, perDifat * ENTRY_BYTES);
  }
  return list;
}

/** The FAT, with the sectors that hold it and the DIFAT sectors that list those. */
export interface FatTable {
  readonly fat: Uint32Array;
  /** Sectors the allocation tables themselves take: the FAT's and the DIFAT's. */
  readonly tableSectors: readonly number[];
}

/** Reads the whole FAT: one entry per sector of the file, so its size follows the file's. */
export async function readFat(
  src: ByteReader,
  header: CfbHeader,
): Promise<Uint32Array> {
  return (await readFatTable(src, header)).fat;
}

export async function readFatTable(
  src: ByteReader,
  header: CfbHeader,
): Promise<FatTable> {
  const sectors = sectorCount(header, src.size);
  if (header.fatSectorCount === 0 || header.fatSectorCount > sectors)
    throw corrupt(`compound file with ${header.fatSectorCount} FAT sectors`);
  if (header.fatSectorCount * header.sectorSize > MAX_METADATA_BYTES)
    throw corrupt('compound file FAT too large');
  const difat: number[] = [];
  const list = await fatSectors(src, header, sectors, difat);
  const perSector = header.sectorSize / ENTRY_BYTES;
  const fat = new Uint32Array(list.length * perSector);
  for (let i = 0; i < list.length;) {
    // Read runs of neighbouring FAT sectors at once: writers usually keep the FAT together.
    let run = 1;
    while (i + run < list.length && list[i + run] === list[i]! + run) run++;
    checkSector(list[i]!, sectors, 'FAT');
    checkSector(list[i]! + run - 1, sectors, 'FAT');
    const b = await src.readExact(
      sectorOffset(header, list[i]!),
      run * header.sectorSize,
    );
    const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
    for (let k = 0; k < run * perSector; k++)
      fat[i * perSector + k] = view.getUint32(k * ENTRY_BYTES, true);
    i += run;
  }
  return { fat, tableSectors: [...list, ...difat] };
}

/**
 * The sectors of the chain that starts at `start`, in order, each checked to exist (`bound` is the
 * number of sectors) and seen once: a chain that comes back to a sector loops, and is `corrupt`.
 * With `limit` (a stream needs only as many sectors as its size) the walk stops there.
 */
export function chain(
  table: Uint32Array,
  start: number,
  bound: number,
  what: string,
  limit = Infinity,
): number[] {
  const out: number[] = [];
  const seen = new Set<number>();
  const last = Math.min(table.length, bound);
  let sector = start;
  while (sector !== END_OF_CHAIN && out.length < limit) {
    if (sector >= last)
      throw corrupt(`${what} sector ${sector} is past the end`);
    if (seen.has(sector)) throw corrupt(`${what} chain loops`);
    seen.add(sector);
    out.push(sector);
    sector = table[sector]!;
  }
  if (limit !== Infinity && out.length < limit)
    throw corrupt(`${what} chain is shorter than its stream`);
  return out;
}
