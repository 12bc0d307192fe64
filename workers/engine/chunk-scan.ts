/**
 * One sequential pass over a long range (a JPEG's entropy-coded data, the residue scan's copied
 * ranges): large positioned reads through two reused buffers, the next step read while this one
 * is searched, so the disk and the search overlap and no step allocates (a fresh 4 MB array per
 * step costs more than reading it from the page cache); bytes already in memory are handed over
 * as views of it, not copied.
 */
import type { ByteSource } from './byte-source';
import { throwIfAborted } from './errors';

export interface ChunkScanOptions {
  /** How far each step moves on. */
  readonly stepBytes: number;
  /** Bytes each step reads past its end, so a needle across two steps is still seen whole. */
  readonly overlapBytes: number;
  readonly signal?: AbortSignal;
}

/**
 * Hands [start, end) of `src` to `visit` step by step (`bytes` starts at file offset `at` and is
 * valid only during the call) until `visit` returns something other than undefined, which is
 * returned; undefined once the range is done. A step shorter than asked for ends the pass.
 */
export async function scanChunks<R>(
  src: ByteSource,
  start: number,
  end: number,
  options: ChunkScanOptions,
  visit: (bytes: Uint8Array, at: number) => R | undefined,
): Promise<R | undefined> {
  const { stepBytes, overlapBytes, signal } = options;
  const span = Math.min(stepBytes + overlapBytes, end - start);
  if (span <= 0) return undefined;
  // Bytes in memory (a photo inflated from a document) are searched where they are.
  if (src.input.view)
    for (let at = start; ; at += stepBytes) {
      throwIfAborted(signal);
      const bytes = src.view(at, Math.min(span, end - at))!;
      const last = at + stepBytes >= end || bytes.length < span;
      const found = visit(bytes, at);
      if (found !== undefined || last) return found;
    }
  const buffers: Uint8Array[] = [];
  const read = (at: number, index: number): Promise<Uint8Array> => {
    const into = (buffers[index] ??= takeBuffer(span));
    const length = Math.min(span, end - at);
    const pending = src.readInto(at, into.subarray(0, length));
    // A read started ahead may fail (cancelled) after the pass has already stopped: it is marked
    // handled at once, and still throws where it is awaited.
    pending.catch(() => undefined);
    return pending;
  };
  let next = read(start, 0);
  try {
    for (let at = start, index = 0; ; at += stepBytes, index ^= 1) {
      throwIfAborted(signal);
      const bytes = await next;
      const last = at + stepBytes >= end || bytes.length < span;
      if (!last) next = read(at + stepBytes, index ^ 1);
      const found = visit(bytes, at);
      if (found !== undefined || last) return found;
    }
  } finally {
    // A read still under way writes into its buffer: it settles before the buffer is handed on.
    await next.catch(() => undefined);
    for (const buffer of buffers) giveBuffer(buffer);
  }
}

/**
 * Buffers kept between passes: a PDF's or a document's photos are scanned one after another, and
 * each pass would otherwise allocate (and zero) its own. The largest few are kept.
 */
const SPARE_BUFFERS = 2;
const spare: Uint8Array[] = [];

function takeBuffer(span: number): Uint8Array {
  const i = spare.findIndex((b) => b.length >= span);
  return i === -1
    ? new Uint8Array(span)
    : spare.splice(i, 1)[0]!.subarray(0, span);
}

function giveBuffer(buffer: Uint8Array): void {
  const whole = new Uint8Array(buffer.buffer, 0, buffer.buffer.byteLength);
  spare.push(whole);
  spare.sort((a, b) => b.length - a.length);
  spare.length = Math.min(spare.length, SPARE_BUFFERS);
}
