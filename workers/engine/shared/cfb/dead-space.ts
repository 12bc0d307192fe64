/**
 * The bytes of a compound file that no structure reaches ([MS-CFB] 2.2-2.6): free and orphaned
 * sectors, the tail of a stream's last sector past its size, and the mini stream's sectors no
 * small stream owns. Writers leave old data there (a fast save, a shrunken property set), and a
 * reader that follows the structure never shows it, but the bytes travel with the file.
 */
import { corrupt } from '../../errors';

export interface FileRange {
  readonly offset: number;
  readonly length: number;
}

export interface Layout {
  readonly sectorSize: number;
  readonly miniSectorSize: number;
  /** Sectors after the header. */
  readonly sectors: number;
  readonly fileSize: number;
  /** Where sector `n` starts in the file. */
  place(sector: number): number;
  /** Sectors the FAT, DIFAT, directory and mini FAT take (whole sectors, all live). */
  readonly structureSectors: readonly number[];
  /** The mini stream container's sectors and its size (the root entry's). */
  readonly rootSectors: readonly number[];
  readonly rootSize: number;
  /** Each large stream's sectors with its size. */
  readonly largeStreams: readonly {
    sectors: readonly number[];
    size: number;
  }[];
  /** Each small stream's mini sectors with its size. */
  readonly smallStreams: readonly {
    sectors: readonly number[];
    size: number;
  }[];
  /** Where byte `offset` of the mini stream lies in the file. */
  miniPlace(offset: number): number;
}

function push(out: FileRange[], offset: number, length: number): void {
  if (length <= 0) return;
  const last = out.at(-1);
  if (last && last.offset + last.length === offset)
    out[out.length - 1] = { offset: last.offset, length: last.length + length };
  else out.push({ offset, length });
}

/** The slack after `size` bytes in the last of `count` units of `unit` bytes, as [at, length]. */
const slack = (size: number, unit: number): number =>
  size % unit === 0 ? 0 : unit - (size % unit);

export function deadRanges(layout: Layout): FileRange[] {
  const { sectorSize, miniSectorSize } = layout;
  const live = new Uint8Array(layout.sectors);
  const out: FileRange[] = [];
  const sectorEnd = (s: number) =>
    Math.min(layout.fileSize, layout.place(s) + sectorSize);
  // A sector two structures claim is cross-linked: one's slack would be the other's data.
  const claim = (s: number) => {
    if (live[s]) throw corrupt(`compound file sector ${s} is claimed twice`);
    live[s] = 1;
  };
  for (const s of layout.structureSectors) claim(s);
  for (const { sectors, size } of layout.largeStreams) {
    for (const s of sectors) claim(s);
    const last = sectors.at(-1);
    if (last !== undefined) {
      const tail = slack(size, sectorSize);
      push(out, sectorEnd(last) - tail, tail);
    }
  }
  // The mini stream: its container's sectors are live; inside, what no small stream owns is not.
  for (const s of layout.rootSectors) claim(s);
  const miniCount = Math.ceil(layout.rootSize / miniSectorSize);
  const owned = new Uint8Array(miniCount);
  const mini: FileRange[] = [];
  for (const { sectors, size } of layout.smallStreams) {
    for (const m of sectors) {
      if (owned[m]) throw corrupt(`mini sector ${m} is claimed twice`);
      owned[m] = 1;
    }
    const last = sectors.at(-1);
    const tail = slack(size, miniSectorSize);
    if (last !== undefined && tail > 0) {
      mini.push({
        offset: layout.miniPlace(last * miniSectorSize + miniSectorSize - tail),
        length: tail,
      });
    }
  }
  for (let m = 0; m < miniCount; m++)
    if (!owned[m])
      mini.push({
        offset: layout.miniPlace(m * miniSectorSize),
        length: miniSectorSize,
      });
  const lastRoot = layout.rootSectors.at(-1);
  if (lastRoot !== undefined) {
    const tail = slack(layout.rootSize, sectorSize);
    mini.push({ offset: sectorEnd(lastRoot) - tail, length: tail });
  }
  for (let s = 0; s < layout.sectors; s++)
    if (!live[s])
      out.push({
        offset: layout.place(s),
        length: sectorEnd(s) - layout.place(s),
      });
  return [...out, ...mini]
    .filter((r) => r.length > 0)
    .sort((a, b) => a.offset - b.offset)
    .reduce<FileRange[]>((all, r) => {
      push(all, r.offset, r.length);
      return all;
    }, []);
}
