/**
 * Movies with top-level free space planted in them: a `free` or `skip` box with a canary is put
 * between two top-level boxes of an ffmpeg movie, and every chunk offset (stco/co64) that points
 * past it is moved on by its size, so the movie plays exactly as before. The box walk here is the
 * test's own, written from ISO/IEC 14496-12 4.2 and 8.7.5, not the engine's.
 */
import { box, concat } from './isobmff-fixtures';

/** Containers on the way from moov to the chunk offset tables. */
const PATH_TO_TABLES = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl']);

interface TopBox {
  readonly type: string;
  readonly start: number;
  readonly end: number;
}

export function topLevelBoxes(bytes: Uint8Array): TopBox[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  const boxes: TopBox[] = [];
  for (let at = 0; at < bytes.length;) {
    const size = view.getUint32(at);
    const type = Buffer.from(bytes.subarray(at + 4, at + 8)).toString('latin1');
    const end = size === 1 ? at + Number(view.getBigUint64(at + 8)) : at + size;
    if (size === 0 || end > bytes.length || end <= at)
      throw new Error(`fixture: unreadable box at ${at}`);
    boxes.push({ type, start: at, end });
    at = end;
  }
  return boxes;
}

/** Adds `by` to every chunk offset at or past `from` in the boxes of bytes [start, end). */
function moveChunkOffsets(
  bytes: Uint8Array,
  start: number,
  end: number,
  from: number,
  by: number,
): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  for (let at = start; at < end;) {
    const size = view.getUint32(at);
    const type = Buffer.from(bytes.subarray(at + 4, at + 8)).toString('latin1');
    if (PATH_TO_TABLES.has(type))
      moveChunkOffsets(bytes, at + 8, at + size, from, by);
    if (type === 'stco' || type === 'co64') {
      const count = view.getUint32(at + 12);
      const width = type === 'co64' ? 8 : 4;
      for (let i = 0; i < count; i++) {
        const entry = at + 16 + i * width;
        if (width === 4) {
          const offset = view.getUint32(entry);
          if (offset >= from) view.setUint32(entry, offset + by);
        } else {
          const offset = view.getBigUint64(entry);
          if (offset >= BigInt(from))
            view.setBigUint64(entry, offset + BigInt(by));
        }
      }
    }
    at += size;
  }
}

/** A free-space box of `type` holding `text`, then `zeros` zero bytes. */
export function freeSpace(type: 'free' | 'skip', text: string, zeros = 64) {
  return box(type, concat(Buffer.from(text, 'latin1'), new Uint8Array(zeros)));
}

/**
 * The movie with `space` put before the top-level box at index `before` (the end when it is the
 * number of boxes), its chunk offsets moved to match.
 */
export function withFreeSpace(
  movie: Uint8Array,
  before: number,
  space: Uint8Array,
): Uint8Array {
  const boxes = topLevelBoxes(movie);
  const at = before < boxes.length ? boxes[before]!.start : movie.length;
  const out = concat(movie.subarray(0, at), space, movie.subarray(at));
  for (const b of topLevelBoxes(out))
    if (b.type === 'moov')
      moveChunkOffsets(out, b.start + 8, b.end, at, space.length);
  return out;
}

/** The index of the first top-level box of `type`. */
export function boxIndex(movie: Uint8Array, type: string): number {
  const i = topLevelBoxes(movie).findIndex((b) => b.type === type);
  if (i < 0) throw new Error(`fixture: no top-level ${type}`);
  return i;
}

/** The boxes of bytes [start, end), each rebuilt by `map` (containers on PATH_TO_TABLES first). */
function rebuilt(
  bytes: Uint8Array,
  start: number,
  end: number,
  map: (type: string, payload: Uint8Array) => Uint8Array,
): Uint8Array[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  const out: Uint8Array[] = [];
  for (let at = start; at < end;) {
    const size = view.getUint32(at);
    const type = Buffer.from(bytes.subarray(at + 4, at + 8)).toString('latin1');
    const payload = PATH_TO_TABLES.has(type)
      ? concat(...rebuilt(bytes, at + 8, at + size, map))
      : bytes.subarray(at + 8, at + size);
    out.push(map(type, payload));
    at += size;
  }
  return out;
}

/**
 * The movie with every 32-bit chunk offset table (stco) written as a 64-bit one (co64, 8.7.5).
 * Only for a movie whose moov comes after its media data, so no chunk moves.
 */
export function withCo64(movie: Uint8Array): Uint8Array {
  const boxes = topLevelBoxes(movie);
  const moov = boxes.find((b) => b.type === 'moov')!;
  if (boxes.some((b) => b.type === 'mdat' && b.start > moov.start))
    throw new Error('fixture: moov must follow the media data');
  const toCo64 = (type: string, payload: Uint8Array) => {
    if (type !== 'stco') return box(type, payload);
    const view = new DataView(payload.buffer, payload.byteOffset);
    const count = view.getUint32(4);
    const table = new Uint8Array(8 + count * 8);
    const out = new DataView(table.buffer);
    out.setUint32(4, count);
    for (let i = 0; i < count; i++)
      out.setBigUint64(8 + i * 8, BigInt(view.getUint32(8 + i * 4)));
    return box('co64', table);
  };
  return concat(
    movie.subarray(0, moov.start),
    ...rebuilt(movie, moov.start, moov.end, toCo64),
    movie.subarray(moov.end),
  );
}
