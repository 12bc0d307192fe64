/**
 * The media data of a Matroska or WebM file: every Cluster element, header and blocks, in file
 * order (RFC 9559, 5.1.3), found by a walk of the Segment of its own. A Cluster of unknown size
 * (a live recording's, RFC 8794 6.2) ends where an element that cannot be its child begins: every
 * child of a Cluster has an ID of one or two bytes, every top-level element one of four.
 */
import type { ByteReader } from '../byte-source';
import type { ByteRange } from '../engine-types';
import { corrupt } from '../errors';
import { MAX_ENTRIES } from '../limits';

const EBML_ID = 0x1a45dfa3;
const SEGMENT_ID = 0x18538067;
const CLUSTER_ID = 0x1f43b675;
/** The longest element ID (RFC 8794, 5) and data size (6) in bytes. */
const MAX_ID_BYTES = 4;
const MAX_SIZE_BYTES = 8;
const TOP_LEVEL_ID_BYTES = 4;

interface Element {
  readonly id: number;
  readonly idBytes: number;
  readonly start: number;
  readonly data: number;
  /** Where the data ends, or null for an unknown size. */
  readonly end: number | null;
}

/** Leading zero bits of a VINT's first byte, plus one: its length (RFC 8794, 4). */
function vintLength(first: number, max: number): number {
  for (let n = 1; n <= max; n++) if (first & (0x100 >> n)) return n;
  throw corrupt('an EBML number longer than allowed');
}

async function elementAt(src: ByteReader, at: number): Promise<Element> {
  const head = await src.read(at, MAX_ID_BYTES + MAX_SIZE_BYTES);
  if (head.length < 2) throw corrupt(`no EBML element at ${at}`);
  const idBytes = vintLength(head[0]!, MAX_ID_BYTES);
  let id = 0;
  for (let i = 0; i < idBytes; i++) id = id * 256 + head[i]!;
  const sizeLength = vintLength(head[idBytes] ?? 0, MAX_SIZE_BYTES);
  if (idBytes + sizeLength > head.length)
    throw corrupt(`EBML element at ${at} is cut short`);
  let size = head[idBytes]! & (0xff >> sizeLength);
  let unknown = size === 0xff >> sizeLength;
  for (let i = 1; i < sizeLength; i++) {
    const b = head[idBytes + i]!;
    size = size * 256 + b;
    unknown &&= b === 0xff;
  }
  const data = at + idBytes + sizeLength;
  if (!unknown && data + size > src.size)
    throw corrupt(`EBML element at ${at} runs past the file`);
  return { id, idBytes, start: at, data, end: unknown ? null : data + size };
}

/** Where a Cluster of unknown size ends: at the first element with a top-level ID, or the end. */
async function unknownClusterEnd(
  src: ByteReader,
  cluster: Element,
  limit: number,
): Promise<number> {
  let at = cluster.data;
  for (let n = 0; n < MAX_ENTRIES && at < limit; n++) {
    const child = await elementAt(src, at);
    if (child.idBytes >= TOP_LEVEL_ID_BYTES) return at;
    if (child.end === null)
      throw corrupt(`a Cluster child of unknown size at ${at}`);
    at = child.end;
  }
  return Math.min(at, limit);
}

/** Every Cluster of the first Segment, as whole elements, in file order. */
export async function matroskaClusterRanges(
  src: ByteReader,
): Promise<ByteRange[]> {
  const header = await elementAt(src, 0);
  if (header.id !== EBML_ID || header.end === null)
    throw corrupt('no EBML header');
  const segment = await elementAt(src, header.end);
  if (segment.id !== SEGMENT_ID)
    throw corrupt('no Matroska Segment after the EBML header');
  const limit = Math.min(segment.end ?? src.size, src.size);
  const ranges: ByteRange[] = [];
  let at = segment.data;
  for (let n = 0; n < MAX_ENTRIES && at < limit; n++) {
    const element = await elementAt(src, at);
    const end =
      element.end ??
      (element.id === CLUSTER_ID
        ? await unknownClusterEnd(src, element, limit)
        : null);
    if (end === null)
      throw corrupt(`a Segment element of unknown size at ${at}`);
    if (element.id === CLUSTER_ID) ranges.push({ start: at, end });
    at = end;
  }
  return ranges;
}
