import type { ByteReader } from '../../byte-source';
import { WindowedReader } from '../../windowed-reader';

/**
 * Reads an archive's local headers and members' data in the order they are asked for. Members
 * usually lie one after another, so a read that goes forward is served from a read-ahead window
 * (thousands of small members cost a few large reads, and the windows never overlap); one that
 * goes back reads only what it asks for, so an archive whose directory lists members out of order
 * costs no more than one read each.
 */
export class ForwardReader {
  private readonly window: WindowedReader;
  private end = 0;

  constructor(private readonly src: ByteReader) {
    this.window = new WindowedReader(src);
  }

  async readExact(offset: number, length: number): Promise<Uint8Array> {
    const forward = offset >= this.end;
    this.end = offset + length;
    return forward
      ? this.window.readExact(offset, length)
      : this.src.readExact(offset, length);
  }
}
