import type { ByteReader } from './byte-source';
import { corrupt } from './errors';

/** The default read-ahead: a header area (JPEG segments, RIFF chunk headers) usually fits in one. */
export const DEFAULT_WINDOW_BYTES = 64 * 1024;

/** The window before the first read: one shared empty array, not one per reader. */
const EMPTY = new Uint8Array(0);

/**
 * Small reads over a ByteSource served from one read-ahead window, so walking thousands of small
 * neighbouring structures (segments, chunk and box headers, GIF sub-blocks, EBML elements) costs a
 * few large reads instead of one read each. A miss reads `readAhead` bytes from the offset asked
 * for; a read longer than that goes straight to the source and leaves the window where it is.
 *
 * Results are views into the window (or fresh arrays for long reads): callers must not modify
 * them. Every module that walks a file uses this one reader.
 */
export class WindowedReader implements ByteReader {
  private start = 0;
  private bytes: Uint8Array = EMPTY;

  constructor(
    readonly src: ByteReader,
    private readonly windowBytes = DEFAULT_WINDOW_BYTES,
  ) {}

  /** `src` itself when it already reads through a window, else a new reader over it. */
  static over(src: ByteReader): WindowedReader {
    return src instanceof WindowedReader ? src : new WindowedReader(src);
  }

  get size(): number {
    return this.src.size;
  }

  /** Where the window starts in the file, and its bytes: for parsers that walk it in place. */
  get windowStart(): number {
    return this.start;
  }

  get window(): Uint8Array {
    return this.bytes;
  }

  /** [offset, offset + length) clamped to the file, if the window holds it; null otherwise. */
  cached(offset: number, length: number): Uint8Array | null {
    const from = offset - this.start;
    const to = Math.min(offset + length, this.src.size) - this.start;
    if (from < 0 || to > this.bytes.length || from > to) return null;
    return this.bytes.subarray(from, to);
  }

  /** The byte at `at` if the window holds it, or -1: a walk's synchronous fast path. */
  cachedByte(at: number): number {
    const inside = at - this.start;
    return inside >= 0 && inside < this.bytes.length ? this.bytes[inside]! : -1;
  }

  /**
   * Up to `length` bytes at `offset`, fewer only at the end of the file. On a miss the window
   * moves to `offset` and reads `readAhead` bytes (at least `length`).
   */
  async read(
    offset: number,
    length: number,
    readAhead = this.windowBytes,
  ): Promise<Uint8Array> {
    const hit = this.cached(offset, length);
    if (hit) return hit;
    if (length > readAhead) return this.src.read(offset, length);
    this.bytes = await this.src.read(offset, readAhead);
    this.start = offset;
    return this.bytes.subarray(0, Math.min(length, this.bytes.length));
  }

  /** Exactly `length` bytes at `offset`, or corrupt when the file ends first. */
  async readExact(offset: number, length: number): Promise<Uint8Array> {
    if (offset < 0 || offset + length > this.src.size)
      throw corrupt(`truncated at ${offset}+${length}`);
    return this.read(offset, length);
  }

  /** The byte at `at`, or corrupt past the end of the file. */
  async byte(at: number): Promise<number> {
    const hit = this.cachedByte(at);
    if (hit >= 0) return hit;
    return (await this.readExact(at, 1))[0]!;
  }
}
