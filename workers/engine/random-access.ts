/**
 * Anything the engine can read at random offsets: a Blob in the browser, a file handle in the CLI
 * (Node 20's file Blobs misreport sizes past 4 GiB and read slowly), or a planned output.
 */
export interface RandomAccess {
  readonly size: number;
  /** Bytes [offset, offset + length), already clamped to `size` by the caller. */
  read(offset: number, length: number): Promise<Uint8Array>;
  /**
   * Optional: bytes [offset, offset + into.length), already clamped, read into `into`'s own
   * memory and returned as a view of it. A long sequential scan reads through two such buffers
   * instead of allocating a fresh one per step (on Node a fresh 4 MB array costs more than
   * reading it from the page cache).
   */
  readInto?(offset: number, into: Uint8Array): Promise<Uint8Array>;
  /**
   * Optional: `readInto` done off the calling thread, where the host reads on the engine's thread
   * otherwise (the CLI's command reads there; this goes through Node's thread pool). For reads the
   * engine starts ahead of their use, such as a document's next photos, which the host's inflate
   * then takes on that other thread too.
   */
  readIntoAside?(offset: number, into: Uint8Array): Promise<Uint8Array>;
  /**
   * Optional, for bytes already in memory: bytes [offset, offset + length), already clamped, as a
   * view of that memory, for a reader that only reads them (a long scan): no copy, and the caller
   * must not change them.
   */
  view?(offset: number, length: number): Uint8Array;
  /** Where these bytes lie in another input, when they are a range of it (`rangeAccess`). */
  readonly origin?: { readonly input: RandomAccess; readonly offset: number };
  /**
   * Optional: the input itself where it is a Blob (a browser File). A slice of it crosses to
   * another worker by reference, so a helper can read a range without this thread copying it.
   */
  readonly blob?: Blob;
}

/**
 * Bytes [start, end) of a Blob, not read: the range crosses to another worker with the Blob, by
 * reference, and is sliced and read there.
 */
export interface BlobRange {
  readonly blob: Blob;
  readonly start: number;
  readonly end: number;
}

export function blobAccess(blob: Blob): RandomAccess {
  return {
    size: blob.size,
    blob,
    read: async (offset, length) =>
      new Uint8Array(await blob.slice(offset, offset + length).arrayBuffer()),
  };
}

/**
 * Bytes already in memory (a nested file a container inflated or decoded): read without the copy
 * and the asynchronous reads a Blob would cost. Each read is a copy, so no caller can change them;
 * only `view` hands out the bytes themselves, to readers that only read.
 */
export function bytesAccess(bytes: Uint8Array): RandomAccess {
  return {
    size: bytes.length,
    read: async (offset, length) => bytes.slice(offset, offset + length),
    readInto: async (offset, into) => {
      into.set(bytes.subarray(offset, offset + into.length));
      return into;
    },
    view: (offset, length) => bytes.subarray(offset, offset + length),
  };
}

/** Bytes [start, end) of `input`, read as a file of their own. */
export function rangeAccess(
  input: RandomAccess,
  start: number,
  end: number,
): RandomAccess {
  return {
    size: end - start,
    origin: { input, offset: start },
    read: (offset, length) => input.read(start + offset, length),
    ...(input.readInto && {
      readInto: (offset: number, into: Uint8Array) =>
        input.readInto!(start + offset, into),
    }),
    ...(input.readIntoAside && {
      readIntoAside: (offset: number, into: Uint8Array) =>
        input.readIntoAside!(start + offset, into),
    }),
  };
}
