/**
 * Reads EBML element headers from a ByteSource through the core's windowed reader, so walking many
 * consecutive headers (the children of a live-recorded Cluster) costs a few large reads, and a jump
 * over a whole Cluster costs one tiny read.
 */
import type { ByteSource } from '../../byte-source';
import { corrupt, throwIfAborted } from '../../errors';
import { MAX_DEPTH, MAX_ENTRIES } from '../../limits';
import {
  MAX_HEADER_BYTES,
  bounded,
  parseHeader,
  type Element,
  type ElementHeader,
} from './ebml';
import { CLUSTER_CHILDREN } from './ids';
import { WindowedReader } from '../../windowed-reader';

/** Window for a jump to a distant header (one element header, rounded up). */
export const JUMP_WINDOW = 64;
/** Window while walking many small consecutive elements. */
export const SCAN_WINDOW = 256 * 1024;
/** Below this size the next header is probably close: read ahead instead of one header at a time. */
export const SMALL_ELEMENT_BYTES = 4096;

export class EbmlCursor {
  private readonly reader: WindowedReader;

  constructor(
    readonly src: ByteSource,
    readonly signal?: AbortSignal,
  ) {
    this.reader = new WindowedReader(src, SCAN_WINDOW);
  }

  /** The header at `at`; `windowBytes` says how much to read ahead when the cache misses. */
  async header(at: number, windowBytes = JUMP_WINDOW): Promise<ElementHeader> {
    throwIfAborted(this.signal);
    const cached = this.parseCached(at);
    if (cached) return cached;
    await this.reader.read(
      at,
      MAX_HEADER_BYTES,
      Math.max(windowBytes, MAX_HEADER_BYTES),
    );
    const header = this.parseCached(at);
    if (!header) throw corrupt(`truncated element header at ${at}`);
    return header;
  }

  /** The header at `at` parsed in the window, without copying; null when the window lacks it. */
  private parseCached(at: number): ElementHeader | null {
    const start = this.reader.windowStart;
    const window = this.reader.window;
    const local = at - start;
    if (local < 0 || local >= window.length) return null;
    const header = parseHeader(window, local, start);
    // A header cut by the window's end is re-read, unless the window reaches the file's end.
    if (!header && start + window.length < this.src.size) return null;
    return header;
  }

  /**
   * The children of `parent` (known size), each checked to fit inside it; `readAhead` is read
   * past a small child, where the next header probably is.
   */
  async children(
    parent: Element,
    depth: number,
    readAhead = SCAN_WINDOW,
  ): Promise<Element[]> {
    if (depth > MAX_DEPTH)
      throw corrupt(`EBML nested deeper than ${MAX_DEPTH}`);
    const out: Element[] = [];
    let window = readAhead;
    for (let at = parent.dataOffset; at < parent.end;) {
      if (out.length >= MAX_ENTRIES) throw corrupt('too many EBML elements');
      const child = bounded(await this.header(at, window), parent.end);
      out.push(child);
      // After a large child (a Cluster's frame) the next header is read alone, not its frame too.
      window =
        child.end - child.offset < SMALL_ELEMENT_BYTES
          ? readAhead
          : JUMP_WINDOW;
      at = child.end;
    }
    return out;
  }

  /**
   * Where an unknown-size Cluster ends: at the first element that cannot be its child
   * (RFC 8794 6.2), or at `limit`. Reads block headers only, never block data.
   */
  async clusterEnd(cluster: ElementHeader, limit: number): Promise<number> {
    let count = 0;
    let at = cluster.dataOffset;
    while (at < limit) {
      if (++count > MAX_ENTRIES)
        throw corrupt('too many elements in a Cluster');
      const child = await this.header(at, SCAN_WINDOW);
      if (!CLUSTER_CHILDREN.has(child.id)) return at;
      at = bounded(child, limit).end;
    }
    return limit;
  }

  /** The first `length` bytes at `at`, from the read-ahead window when it holds them. */
  async peek(at: number, length: number): Promise<Uint8Array> {
    throwIfAborted(this.signal);
    return this.reader.read(at, length, JUMP_WINDOW);
  }

  async bytes(element: Element): Promise<Uint8Array> {
    return this.src.readExact(
      element.dataOffset,
      element.end - element.dataOffset,
    );
  }
}
