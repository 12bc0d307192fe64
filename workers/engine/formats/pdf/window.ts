/** Reads a PDF through a small cache of aligned chunks: objects cluster, so most reads hit it. */
import { indexOfBytes } from '../../bytes';
import type { ByteSource } from '../../byte-source';
import { corrupt } from '../../errors';
import { MAX_METADATA_BYTES } from '../../limits';
import { Lexer, Truncated } from './lexer';

const CHUNK_BYTES = 64 * 1024;
const CACHED_CHUNKS = 32;
/** First window for one object; it doubles while the object runs past it. */
const FIRST_WINDOW_BYTES = 4 * 1024;

export class PdfWindow {
  private readonly chunks = new Map<number, Uint8Array>();

  constructor(readonly src: ByteSource) {}

  get size(): number {
    return this.src.size;
  }

  private async chunk(index: number): Promise<Uint8Array> {
    const hit = this.chunks.get(index);
    if (hit) {
      this.chunks.delete(index);
      this.chunks.set(index, hit);
      return hit;
    }
    const bytes = await this.src.read(index * CHUNK_BYTES, CHUNK_BYTES);
    this.chunks.set(index, bytes);
    if (this.chunks.size > CACHED_CHUNKS)
      this.chunks.delete(this.chunks.keys().next().value!);
    return bytes;
  }

  /** Bytes [offset, offset + length), clamped to the file. */
  async read(offset: number, length: number): Promise<Uint8Array> {
    const end = Math.min(this.size, offset + length);
    if (offset >= end) return new Uint8Array(0);
    if (end - offset > CHUNK_BYTES * 4)
      return this.src.read(offset, end - offset);
    const first = Math.floor(offset / CHUNK_BYTES);
    const last = Math.floor((end - 1) / CHUNK_BYTES);
    if (first === last) {
      const c = await this.chunk(first);
      return c.subarray(
        offset - first * CHUNK_BYTES,
        end - first * CHUNK_BYTES,
      );
    }
    const out = new Uint8Array(end - offset);
    for (let i = first; i <= last; i++) {
      const c = await this.chunk(i);
      const from = Math.max(offset, i * CHUNK_BYTES);
      const to = Math.min(end, (i + 1) * CHUNK_BYTES);
      out.set(
        c.subarray(from - i * CHUNK_BYTES, to - i * CHUNK_BYTES),
        from - offset,
      );
    }
    return out;
  }

  /**
   * Runs `parse` on a lexer at `offset`, growing the window while the value runs past it, up to
   * the largest metadata block the engine reads.
   */
  async parse<T>(
    offset: number,
    parse: (lx: Lexer) => T,
  ): Promise<{ result: T; lx: Lexer }> {
    if (offset < 0 || offset >= this.size)
      throw corrupt(`PDF offset ${offset} outside the file`);
    for (let length = FIRST_WINDOW_BYTES; ; length *= 2) {
      const bytes = await this.read(offset, length);
      const atEof = offset + bytes.length >= this.size;
      const lx = new Lexer(bytes, 0, atEof);
      try {
        return { result: parse(lx), lx };
      } catch (error) {
        if (!(error instanceof Truncated) || atEof) throw error;
        if (length > MAX_METADATA_BYTES)
          throw corrupt(
            `a PDF object at ${offset} larger than ${MAX_METADATA_BYTES} bytes`,
          );
      }
    }
  }

  /**
   * The first offset of `needle` at or after `from`, or -1; reads the file in chunks. The last
   * answer is remembered: a search that starts between its start and its hit has the same
   * answer, so a file of many unterminated streams is searched once, not once per stream.
   */
  async find(
    needle: Uint8Array,
    from: number,
    until = this.size,
  ): Promise<number> {
    const last = this.lastFind;
    if (
      last &&
      last.needle === needle &&
      last.until === until &&
      from >= last.from &&
      (last.hit < 0 || from <= last.hit)
    )
      return last.hit;
    const hit = await this.search(needle, from, until);
    this.lastFind = { needle, from, until, hit };
    return hit;
  }

  private lastFind:
    | { needle: Uint8Array; from: number; until: number; hit: number }
    | undefined;

  private async search(
    needle: Uint8Array,
    from: number,
    until: number,
  ): Promise<number> {
    const step = CHUNK_BYTES * 4;
    for (let at = from; at < until; at += step) {
      const bytes = await this.src.read(at, step + needle.length - 1);
      const hit = indexOfBytes(bytes, needle);
      if (hit >= 0 && at + hit < until) return at + hit;
    }
    return -1;
  }
}
