import { corrupt } from './errors';
import { blobAccess, type BlobRange, type RandomAccess } from './random-access';

/** What a ByteSource tells about its reads: the bytes it has handed out. */
export interface ReadMeter {
  /** Called after every read with its length; throws `cancelled` once the signal is aborted. */
  read(length: number): void;
}

/** What a walker needs from its input: a ByteSource, or a WindowedReader over one. */
export interface ByteReader {
  readonly size: number;
  /** Up to `length` bytes at `offset`, fewer only at the end of the file. */
  read(offset: number, length: number): Promise<Uint8Array>;
  /** Exactly `length` bytes at `offset`, or a corrupt error. */
  readExact(offset: number, length: number): Promise<Uint8Array>;
}

/**
 * Random-access reads over a file (a browser File, a CLI file handle, a planned output). Only the
 * requested range is read, so a parser that walks headers costs what the headers cost, not what
 * the file costs.
 */
export class ByteSource implements ByteReader {
  readonly size: number;
  readonly input: RandomAccess;

  constructor(
    input: Blob | RandomAccess,
    /** Told of every read: the file's progress and the point where Cancel stops the work. */
    private readonly meter?: ReadMeter,
  ) {
    this.input = input instanceof Blob ? blobAccess(input) : input;
    this.size = this.input.size;
  }

  /** Reads [offset, offset + length), clamped to the end of the file. */
  async read(offset: number, length: number): Promise<Uint8Array> {
    if (offset < 0 || length < 0 || !Number.isSafeInteger(offset + length)) {
      throw corrupt(`read out of range at ${offset}+${length}`);
    }
    const end = Math.min(this.size, offset + length);
    if (offset >= end) return new Uint8Array(0);
    this.meter?.read(end - offset);
    return this.input.read(offset, end - offset);
  }

  /**
   * Reads [offset, offset + into.length), clamped to the end of the file, into `into` when the
   * input can (else into a fresh array): the result may be a view of `into`, valid until `into`
   * is read into again.
   */
  async readInto(
    offset: number,
    into: Uint8Array,
    /** Read off the engine's thread where the input can (`RandomAccess.readIntoAside`). */
    aside = false,
  ): Promise<Uint8Array> {
    const readInto =
      (aside && this.input.readIntoAside?.bind(this.input)) ||
      this.input.readInto?.bind(this.input);
    if (!readInto) return this.read(offset, into.length);
    if (offset < 0 || !Number.isSafeInteger(offset + into.length)) {
      throw corrupt(`read out of range at ${offset}+${into.length}`);
    }
    const end = Math.min(this.size, offset + into.length);
    if (offset >= end) return into.subarray(0, 0);
    this.meter?.read(end - offset);
    return readInto(offset, into.subarray(0, end - offset));
  }

  /**
   * Bytes [offset, offset + length), clamped to the end of the file, as a view of the input's own
   * memory where it is in memory (`RandomAccess.view`), else undefined: for a reader that only
   * reads them. Counted as read, as every read is.
   */
  view(offset: number, length: number): Uint8Array | undefined {
    const view = this.input.view?.bind(this.input);
    if (!view) return undefined;
    if (offset < 0 || length < 0 || !Number.isSafeInteger(offset + length)) {
      throw corrupt(`read out of range at ${offset}+${length}`);
    }
    const end = Math.min(this.size, offset + length);
    if (offset >= end) return new Uint8Array(0);
    this.meter?.read(end - offset);
    return view(offset, end - offset);
  }

  /**
   * Bytes [offset, offset + length) as a range of the input, where the input is a Blob and the
   * range lies inside it, for a host that reads them elsewhere (a helper worker, which also
   * slices the Blob there); else undefined. Counted as read, so progress and Cancel hold as for
   * any read.
   */
  blobRange(offset: number, length: number): BlobRange | undefined {
    const { blob } = this.input;
    if (!blob || offset < 0 || length < 0 || offset + length > this.size)
      return undefined;
    this.meter?.read(length);
    return { blob, start: offset, end: offset + length };
  }

  /** Reads exactly `length` bytes or fails as corrupt: for fields the format says must be there. */
  async readExact(offset: number, length: number): Promise<Uint8Array> {
    if (offset + length > this.size)
      throw corrupt(`truncated at ${offset}+${length}`);
    return this.read(offset, length);
  }
}
