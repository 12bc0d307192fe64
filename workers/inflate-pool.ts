/**
 * The clean worker's helpers for inflating: the large members of a document (its photos) are
 * inflated by the browser's native DecompressionStream in one or two helper workers
 * (`inflate.worker.ts`) instead of on the clean worker's own thread, so the members read ahead
 * (`MemberReadAhead`) inflate on another core while the clean worker cleans. A member still in the
 * person's file goes as the File and its range (a Blob crosses by reference): the helper slices
 * and reads it itself, and the clean worker neither reads nor copies it. Where no helper can be made or one fails, the
 * clean worker inflates as before: the same function, the same bytes.
 */
import type { BlobRange, HostCodecs, InflatedBlob } from './engine/index';
import type { InflateReply, InflateRequest } from './inflate-request';

/** What the pool needs of a helper: a dedicated worker, or a message port in tests. */
export interface InflateHelper {
  postMessage(message: InflateRequest, transfer: Transferable[]): void;
  addEventListener(
    type: 'message',
    listener: (event: MessageEvent<InflateReply>) => void,
  ): void;
  addEventListener(type: 'error', listener: () => void): void;
}

/**
 * Helpers at most: the members the read-ahead keeps inflating while the clean worker cleans
 * (`AHEAD_MEMBERS` in shared/zip/read-ahead.ts); more would only wait.
 */
const MAX_HELPERS = 2;

/**
 * Helpers for a machine of `cores` logical cores (`navigator.hardwareConcurrency`, unknown in
 * some browsers): one core stays the clean worker's, and at least one helper is made.
 */
export function helperCount(cores: number | undefined): number {
  const others = (cores ?? 0) - 1;
  return Math.max(1, Math.min(MAX_HELPERS, others));
}

/** A helper's answer that was not a rejection. */
type Answer = Extract<InflateReply, { bytes: unknown }>;

interface Pending {
  readonly resolve: (answer: Answer) => void;
  readonly reject: (error: Error) => void;
}

/**
 * Inflates a helper is given before the clean worker inflates the next itself: the member the
 * loop waits for and the two read ahead (`AHEAD_MEMBERS` in shared/zip/read-ahead.ts), so the
 * clean worker's own thread only cleans while the read-ahead keeps members coming.
 */
export const QUEUED_PER_HELPER = 3;

/**
 * Buffers kept for the copies sent to the helpers, at most: one for each inflate the helpers may
 * hold, and one more. A buffer used again costs a copy; a fresh one also costs a page fault for
 * each of its pages.
 */
const MAX_SPARE = MAX_HELPERS * QUEUED_PER_HELPER + 1;

/** One helper and the inflates it has not answered yet. */
class Helper {
  readonly pending = new Map<number, Pending>();
  alive = true;

  constructor(
    readonly worker: InflateHelper,
    private readonly onSpare: (buffer: ArrayBuffer) => void,
  ) {
    worker.addEventListener('message', (event) => this.answer(event.data));
    // A helper that fails to load (offline without its file) or throws is not used again; what
    // it was asked rejects, and the engine inflates those members with its own code instead.
    worker.addEventListener('error', () => this.fail());
  }

  private answer(reply: InflateReply): void {
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.pending.delete(reply.id);
    if ('rejected' in reply) {
      waiting.reject(new Error('the helper could not inflate'));
      return;
    }
    if (reply.spare) this.onSpare(reply.spare);
    waiting.resolve(reply);
  }

  private fail(): void {
    this.alive = false;
    for (const waiting of this.pending.values())
      waiting.reject(new Error('the inflate helper failed'));
    this.pending.clear();
  }
}

export class InflatePool {
  private helpers: Helper[] | undefined;
  private readonly spare: ArrayBuffer[] = [];
  private nextId = 0;

  /** `make` makes one helper (it may throw: the browser refuses workers); `count` at most. */
  constructor(
    private readonly make: () => InflateHelper,
    private readonly count: number,
  ) {}

  /**
   * The inflate done by a helper with room, or undefined where none has (none lives, or all are
   * busy): the caller then inflates it itself. The engine
   * keeps `raw` (the splice walks its blocks, its own inflate decides an error), so the helper is
   * sent a copy in a buffer that comes back with the answer for the next copy; both it and the
   * inflated bytes are handed over (transferred), never copied again.
   */
  inflate(
    raw: Uint8Array,
    size: number,
    crc32?: number,
  ): Promise<Uint8Array | null> | undefined {
    const helper = this.withRoom();
    if (!helper) return undefined;
    const id = this.nextId++;
    const copy = this.copyOf(raw);
    const request: InflateRequest =
      crc32 === undefined
        ? { id, raw: copy, size }
        : { id, raw: copy, size, crc32 };
    return ask(helper, request, [copy.buffer]).then((answer) => answer.bytes);
  }

  /**
   * The checked inflate of a stream still in the file (`stream`, a range of it) by a helper with
   * room, which slices and reads it itself; undefined where none has. The stream and its content come back
   * handed over; an answer that is not whole rejects (the engine then reads the stream itself).
   */
  inflateBlob(
    stream: BlobRange,
    size: number,
    crc32: number,
  ): Promise<InflatedBlob> | undefined {
    const helper = this.withRoom();
    if (!helper) return undefined;
    const request = { id: this.nextId++, stream, size, crc32 };
    return ask(helper, request, []).then(({ bytes, raw }) => {
      if (!raw) throw new Error('the helper did not inflate the stream whole');
      return { raw, bytes };
    });
  }

  /** `raw` copied into a spare buffer large enough, or a new one. */
  private copyOf(raw: Uint8Array): Uint8Array {
    const at = this.spare.findIndex((b) => b.byteLength >= raw.length);
    const buffer =
      at >= 0 ? this.spare.splice(at, 1)[0]! : new ArrayBuffer(raw.length);
    const copy = new Uint8Array(buffer, 0, raw.length);
    copy.set(raw);
    return copy;
  }

  /** A buffer back from a helper; past MAX_SPARE, the smallest goes. */
  private keep(buffer: ArrayBuffer): void {
    this.spare.push(buffer);
    if (this.spare.length <= MAX_SPARE) return;
    this.spare.sort((a, b) => b.byteLength - a.byteLength);
    this.spare.pop();
  }

  /**
   * The live helper with the least to do, if it has room. While every helper has QUEUED_PER_HELPER
   * inflates the clean worker inflates the next member itself: its own thread would otherwise
   * wait for the members read ahead.
   */
  private withRoom(): Helper | undefined {
    this.helpers ??= this.start();
    let best: Helper | undefined;
    for (const helper of this.helpers)
      if (helper.alive && (!best || helper.pending.size < best.pending.size))
        best = helper;
    return best && best.pending.size < QUEUED_PER_HELPER ? best : undefined;
  }

  /** The helpers, made on the first inflate: a clean without large members makes none. */
  private start(): Helper[] {
    const helpers: Helper[] = [];
    for (let i = 0; i < this.count; i++) {
      try {
        helpers.push(new Helper(this.make(), (b) => this.keep(b)));
      } catch {
        // A browser that refuses a worker here leaves the inflates to the clean worker.
        break;
      }
    }
    return helpers;
  }
}

/** `request` sent to `helper`, `transfer` handed over; its answer, or a rejection. */
function ask(
  helper: Helper,
  request: InflateRequest,
  transfer: Transferable[],
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    helper.pending.set(request.id, { resolve, reject });
    helper.worker.postMessage(request, transfer);
  });
}

/**
 * `codecs` with their asynchronous inflates done by `pool`'s helpers where one lives, and by the
 * clean worker's own otherwise. The helper runs the same DecompressionStream functions
 * (`browser-codecs.ts`) in the same browser, so the probes `codecs` passed hold for it too.
 */
export function onHelpers(codecs: HostCodecs, pool: InflatePool): HostCodecs {
  const {
    inflateRawAsync: own,
    inflateRawAsyncChecked: ownChecked,
    inflateBlobAsyncChecked: ownBlob,
  } = codecs;
  return {
    ...codecs,
    ...(own && {
      inflateRawAsync: (raw: Uint8Array, size: number) =>
        pool.inflate(raw, size) ?? own(raw, size),
    }),
    ...(ownChecked && {
      inflateRawAsyncChecked: (raw: Uint8Array, size: number, crc: number) =>
        pool.inflate(raw, size, crc) ?? ownChecked(raw, size, crc),
    }),
    ...(ownBlob && {
      inflateBlobAsyncChecked: (stream: BlobRange, size: number, crc: number) =>
        pool.inflateBlob(stream, size, crc) ?? ownBlob(stream, size, crc),
    }),
  };
}
