/**
 * The IFD tree of a TIFF file, read through random access: the IFD0 chain (pages), SubIFDs, and
 * the Exif, GPS and Interop IFDs. Only IFDs and the values asked for are read, never image data.
 * Fail closed: a pointer or value outside the file, or a loop, is `corrupt`.
 */
import type { ByteSource } from '../../byte-source';
import { EngineError, corrupt, throwIfAborted } from '../../errors';
import { TAG } from '../../metadata/exif-tags';
import {
  TIFF_HEADER_BYTES,
  entryUints,
  ifdByteLength,
  ifdEntryCount,
  parseIfd,
  readTiffHeader,
  valueInRange,
  type ByteOrder,
  type Ifd,
  type IfdEntry,
} from '../../metadata/tiff-ifd';

/** BigTIFF (version 43) uses 8-byte offsets: a different layout we do not clean. */
const BIGTIFF_VERSION = 43;
/** Enough for a fax of thousands of pages; ends hostile chains that never loop. */
export const MAX_TIFF_IFDS = 10_000;

export type TiffIfdKind = 'page' | 'SubIFD' | 'ExifIFD' | 'GPS' | 'InteropIFD';

export interface WalkedTiffIfd {
  readonly kind: TiffIfdKind;
  /** For the report: `IFD0`, `IFD1`, `SubIFD`, `ExifIFD`... */
  readonly name: string;
  readonly ifd: Ifd;
  /** The IFD's own bytes (count, entries, next pointer): inline values are read from here. */
  readonly bytes: Uint8Array;
}

export interface TiffWalk {
  readonly order: ByteOrder;
  readonly ifds: readonly WalkedTiffIfd[];
}

const SUB_POINTERS: Readonly<
  Record<TiffIfdKind, readonly (readonly [number, TiffIfdKind])[]>
> = {
  page: [
    [TAG.SUB_IFDS, 'SubIFD'],
    [TAG.EXIF_IFD, 'ExifIFD'],
    [TAG.GPS_IFD, 'GPS'],
  ],
  SubIFD: [
    [TAG.SUB_IFDS, 'SubIFD'],
    [TAG.EXIF_IFD, 'ExifIFD'],
    [TAG.GPS_IFD, 'GPS'],
  ],
  ExifIFD: [[TAG.INTEROP_IFD, 'InteropIFD']],
  GPS: [],
  InteropIFD: [],
};

/** The bytes of an entry's value: from the IFD for inline values, else read from the file. */
export async function readValue(
  src: ByteSource,
  walked: WalkedTiffIfd,
  entry: IfdEntry,
): Promise<Uint8Array> {
  const inIfd = entry.valueOffset - walked.ifd.offset;
  if (inIfd >= 0 && inIfd + entry.valueSize <= walked.bytes.length) {
    return walked.bytes.subarray(inIfd, inIfd + entry.valueSize);
  }
  return src.readExact(entry.valueOffset, entry.valueSize);
}

async function readIfd(
  src: ByteSource,
  offset: number,
  order: ByteOrder,
): Promise<[Ifd, Uint8Array]> {
  if (offset < TIFF_HEADER_BYTES)
    throw corrupt(`IFD pointer ${offset} points into the header`);
  const count = ifdEntryCount(await src.readExact(offset, 2), 0, order);
  const bytes = await src.readExact(offset, ifdByteLength(count));
  const ifd = parseIfd(bytes, offset, order);
  const outside = ifd.entries.find((e) => !valueInRange(e, src.size));
  if (outside)
    throw corrupt(
      `value of tag ${outside.tag} in the IFD at ${offset} lies outside the file`,
    );
  return [ifd, bytes];
}

function nameOf(kind: TiffIfdKind, page: number): string {
  return kind === 'page' ? `IFD${page}` : kind;
}

export async function walkTiff(
  src: ByteSource,
  signal?: AbortSignal,
): Promise<TiffWalk> {
  const head = await src.readExact(0, TIFF_HEADER_BYTES);
  if (head[2] === BIGTIFF_VERSION || head[3] === BIGTIFF_VERSION) {
    throw new EngineError('unsupported', 'BigTIFF');
  }
  const header = readTiffHeader(head);
  if (!header) throw corrupt('not a TIFF header');
  const { order } = header;
  const queue: [TiffIfdKind, number][] = [['page', header.firstIfd]];
  const visited = new Set<number>();
  const ifds: WalkedTiffIfd[] = [];
  let page = 0;
  while (queue.length > 0) {
    throwIfAborted(signal);
    const [kind, offset] = queue.shift()!;
    if (visited.has(offset)) throw corrupt(`IFD at ${offset} is reached twice`);
    if (visited.size >= MAX_TIFF_IFDS) throw corrupt('too many IFDs');
    visited.add(offset);
    const [ifd, bytes] = await readIfd(src, offset, order);
    const walked = {
      kind,
      name: nameOf(kind, kind === 'page' ? page++ : 0),
      ifd,
      bytes,
    };
    ifds.push(walked);
    if (kind === 'page' && ifd.next !== 0) queue.push(['page', ifd.next]);
    for (const [tag, child] of SUB_POINTERS[kind]) {
      const entry = ifd.entries.find((e) => e.tag === tag);
      if (!entry) continue;
      const pointers = entryUints(
        entry,
        await readValue(src, walked, entry),
        order,
      );
      // An unreadable pointer would leave its IFD's contents behind, unseen: fail closed.
      if (pointers.length === 0)
        throw corrupt(`tag ${tag} in ${walked.name} is not an offset`);
      for (const pointer of pointers) queue.push([child, pointer]);
    }
  }
  return { order, ifds };
}
