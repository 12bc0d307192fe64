/**
 * The image data of a TIFF, BigTIFF or DNG: every strip and tile (TIFF 6.0, sections 3 and 15)
 * and every JPEG stream an IFD points at (JPEGInterchangeFormat, section 22), of each image in
 * the IFD0 chain and of their SubIFDs (TIFF Technical Note 1; DNG keeps its raw image there),
 * found by a walk of the IFDs of its own.
 */
import type { ByteReader } from '../byte-source';
import type { ByteRange } from '../engine-types';
import { corrupt } from '../errors';
import { MAX_DEPTH, MAX_ENTRIES } from '../limits';
import { TYPE_BYTES as CLASSIC_TYPE_BYTES } from '../metadata/tiff-ifd';

const LITTLE = 0x4949;
const BIG = 0x4d4d;
const CLASSIC = 42;
const BIGTIFF = 43;
/** Offset and length tag pairs that locate image data. */
const DATA_TAGS: readonly (readonly [number, number])[] = [
  [0x0111, 0x0117], // StripOffsets, StripByteCounts
  [0x0144, 0x0145], // TileOffsets, TileByteCounts
  [0x0201, 0x0202], // JPEGInterchangeFormat, JPEGInterchangeFormatLength
];
const SUB_IFDS = 0x014a;
/** Bytes of one value by field type: TIFF 6.0's, and BigTIFF's LONG8, SLONG8 and IFD8. */
const TYPE_BYTES: Readonly<Record<number, number>> = {
  ...CLASSIC_TYPE_BYTES,
  16: 8,
  17: 8,
  18: 8,
};

interface Layout {
  readonly little: boolean;
  readonly big: boolean;
}

function uint(
  view: DataView,
  at: number,
  bytes: number,
  little: boolean,
): number {
  if (bytes === 1) return view.getUint8(at);
  if (bytes === 2) return view.getUint16(at, little);
  if (bytes === 4) return view.getUint32(at, little);
  const value = view.getBigUint64(at, little);
  if (value > BigInt(Number.MAX_SAFE_INTEGER))
    throw corrupt('a TIFF offset past 2^53');
  return Number(value);
}

const viewOf = (b: Uint8Array) =>
  new DataView(b.buffer, b.byteOffset, b.byteLength);

interface Ifd {
  /** Tag to its values, for the tags this walk reads. */
  readonly values: Map<number, number[]>;
  readonly next: number;
}

const WANTED = new Set([...DATA_TAGS.flat(), SUB_IFDS]);

async function readIfd(src: ByteReader, at: number, l: Layout): Promise<Ifd> {
  const countBytes = l.big ? 8 : 2;
  const entryBytes = l.big ? 20 : 12;
  const inline = l.big ? 8 : 4;
  const count = uint(
    viewOf(await src.readExact(at, countBytes)),
    0,
    countBytes,
    l.little,
  );
  if (count > MAX_ENTRIES) throw corrupt('a TIFF IFD of too many entries');
  const table = viewOf(
    await src.readExact(at + countBytes, count * entryBytes + inline),
  );
  const values = new Map<number, number[]>();
  for (let i = 0; i < count; i++) {
    const e = i * entryBytes;
    const tag = table.getUint16(e, l.little);
    if (!WANTED.has(tag)) continue;
    const size = TYPE_BYTES[table.getUint16(e + 2, l.little)];
    if (size === undefined) throw corrupt(`TIFF tag ${tag} of an unknown type`);
    const n = uint(table, e + 4, inline, l.little);
    if (n > MAX_ENTRIES) throw corrupt(`TIFF tag ${tag} of too many values`);
    const valueAt = e + 4 + inline;
    const data =
      n * size <= inline
        ? new DataView(table.buffer, table.byteOffset + valueAt, n * size)
        : viewOf(
            await src.readExact(
              uint(table, valueAt, inline, l.little),
              n * size,
            ),
          );
    values.set(
      tag,
      Array.from({ length: n }, (_, k) => uint(data, k * size, size, l.little)),
    );
  }
  return { values, next: uint(table, count * entryBytes, inline, l.little) };
}

function dataRanges(ifd: Ifd, size: number): ByteRange[] {
  const ranges: ByteRange[] = [];
  for (const [offsetsTag, lengthsTag] of DATA_TAGS) {
    const offsets = ifd.values.get(offsetsTag) ?? [];
    const lengths = ifd.values.get(lengthsTag) ?? [];
    if (offsets.length !== lengths.length)
      throw corrupt(`TIFF tags ${offsetsTag} and ${lengthsTag} disagree`);
    offsets.forEach((start, i) => {
      const end = start + lengths[i]!;
      if (end > size) throw corrupt('TIFF image data past the file');
      if (end > start) ranges.push({ start, end });
    });
  }
  return ranges;
}

/** Strips, tiles and JPEG streams of every image, IFD by IFD in the order of the walk. */
export async function tiffStripRanges(src: ByteReader): Promise<ByteRange[]> {
  const head = viewOf(await src.readExact(0, 16 > src.size ? 8 : 16));
  const order = head.getUint16(0);
  if (order !== LITTLE && order !== BIG) throw corrupt('no TIFF byte order');
  const little = order === LITTLE;
  const version = head.getUint16(2, little);
  if (version !== CLASSIC && version !== BIGTIFF)
    throw corrupt('no TIFF version');
  const l: Layout = { little, big: version === BIGTIFF };
  const first = l.big ? uint(head, 8, 8, little) : head.getUint32(4, little);
  const ranges: ByteRange[] = [];
  const seen = new Set<number>();
  // Chains to walk, each with its depth: the IFD0 chain, then SubIFDs' chains.
  const queue: [number, number][] = [[first, 0]];
  while (queue.length > 0) {
    const [start, depth] = queue.shift()!;
    if (depth > MAX_DEPTH) throw corrupt('TIFF SubIFDs nested too deep');
    for (let at = start; at !== 0;) {
      if (seen.has(at)) throw corrupt('a TIFF IFD chain loops');
      if (seen.size >= MAX_ENTRIES) throw corrupt('too many TIFF IFDs');
      seen.add(at);
      const ifd = await readIfd(src, at, l);
      ranges.push(...dataRanges(ifd, src.size));
      for (const sub of ifd.values.get(SUB_IFDS) ?? [])
        queue.push([sub, depth + 1]);
      at = ifd.next;
    }
  }
  return ranges;
}
