import type { ByteSource } from '../../byte-source';
import { corrupt, throwIfAborted } from '../../errors';
import type { EngineContext } from '../../format-module';

const WINDOW_BYTES = 64 * 1024;

/**
 * Byte-at-a-time reads through a window. GIF data sub-blocks carry no total length, so walking
 * an image means reading its sub-block size bytes one after another; the window makes that a
 * few large reads instead of one read per sub-block.
 */
export class GifCursor {
  private start = 0;
  private bytes: Uint8Array = new Uint8Array(0);

  constructor(
    private readonly src: ByteSource,
    private readonly ctx: EngineContext,
  ) {}

  get size(): number {
    return this.src.size;
  }

  async byte(at: number): Promise<number> {
    const inside = at - this.start;
    if (inside >= 0 && inside < this.bytes.length) return this.bytes[inside]!;
    throwIfAborted(this.ctx.signal);
    if (at >= this.src.size) throw corrupt(`GIF truncated at ${at}`);
    // The walk reads every sub-block header, so its position is the progress.
    this.ctx.onProgress?.(at / this.src.size);
    this.start = at;
    this.bytes = await this.src.read(at, WINDOW_BYTES);
    return this.bytes[0]!;
  }

  /** Exactly `length` bytes at `at`, or corrupt when the file ends first. */
  bytesAt(at: number, length: number): Promise<Uint8Array> {
    return this.src.readExact(at, length);
  }
}
