import type { ByteSource } from '../../byte-source';

/** The JPEG header area is read through one window, so twenty small segments cost one read. */
const WINDOW_BYTES = 256 * 1024;

/**
 * Sequential small reads over a ByteSource, served from a cached window. Reads that fall outside
 * the window move it; a read longer than the window is served whole.
 */
export class WindowReader {
  private start = 0;
  private bytes: Uint8Array = new Uint8Array(0);

  constructor(private readonly src: ByteSource) {}

  get size(): number {
    return this.src.size;
  }

  /** Up to `length` bytes at `offset` (fewer at the end of the file). */
  async read(offset: number, length: number): Promise<Uint8Array> {
    const end = Math.min(offset + length, this.src.size);
    if (offset < this.start || end > this.start + this.bytes.length) {
      this.start = offset;
      this.bytes = await this.src.read(offset, Math.max(length, WINDOW_BYTES));
    }
    return this.bytes.subarray(offset - this.start, end - this.start);
  }
}
