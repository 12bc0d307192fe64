import { ByteSource } from '../../byte-source';

/** Window read ahead on a miss: a chunk header area usually fits in one. */
const WINDOW_BYTES = 64 * 1024;
/** Reads longer than this go straight to the blob (they would not share a window anyway). */
const MAX_CACHED_READ = WINDOW_BYTES / 4;

/**
 * A ByteSource that serves small reads from a read-ahead window, so walking thousands of small
 * chunks costs a few blob reads instead of one per chunk header.
 */
export class CachedSource extends ByteSource {
  private window: Uint8Array = new Uint8Array(0);
  private windowStart = 0;

  static over(src: ByteSource): CachedSource {
    return src instanceof CachedSource ? src : new CachedSource(src.input);
  }

  override async read(offset: number, length: number): Promise<Uint8Array> {
    if (length > MAX_CACHED_READ || offset < 0)
      return super.read(offset, length);
    if (!this.covers(offset, length)) {
      this.window = await super.read(offset, WINDOW_BYTES);
      this.windowStart = offset;
    }
    const from = offset - this.windowStart;
    return this.window.slice(from, from + length);
  }

  private covers(offset: number, length: number): boolean {
    const from = offset - this.windowStart;
    const windowEnd = this.windowStart + this.window.length;
    const wanted = Math.min(offset + length, this.size);
    return from >= 0 && wanted <= windowEnd && offset < windowEnd;
  }
}
