/**
 * Reads through a window over the byte source, so many small neighbouring reads (tiny boxes,
 * fragment after fragment, short telemetry chunks) cost a few large reads instead of one each.
 */
import type { ByteSource } from '../../byte-source';
import { corrupt } from '../../errors';

// Small enough that a moof header read drags in little of the mdat after it.
const WINDOW_BYTES = 16 * 1024;

export class WindowReader {
  private window: Uint8Array = new Uint8Array(0);
  private windowStart = 0;

  constructor(readonly src: ByteSource) {}

  get size(): number {
    return this.src.size;
  }

  /** Bytes [start, end), fewer only past the end of the file. */
  async read(start: number, end: number): Promise<Uint8Array> {
    const windowEnd = this.windowStart + this.window.length;
    if (start >= this.windowStart && end <= windowEnd)
      return this.window.subarray(
        start - this.windowStart,
        end - this.windowStart,
      );
    if (end - start > WINDOW_BYTES) return this.src.read(start, end - start);
    this.window = await this.src.read(start, WINDOW_BYTES);
    this.windowStart = start;
    return this.window.subarray(0, end - start);
  }

  /** Exactly [start, end) or a corrupt error. */
  async readExact(start: number, end: number): Promise<Uint8Array> {
    if (end > this.src.size)
      throw corrupt(`truncated at ${start}+${end - start}`);
    return this.read(start, end);
  }
}
