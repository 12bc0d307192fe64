/**
 * Large deflated nested files (the photos of a document) read and inflated ahead of the member
 * loop. While the loop cleans one photo, the next ones are read and inflated; where the host lends
 * an asynchronous inflate that runs elsewhere (the CLI's zlib on Node's thread pool), that is on
 * another core. Each member is still read and inflated once, its CRC-32 checked and its stream's
 * end told, by `readMemberAndStream`; an error is kept for the member's own turn, so the loop meets
 * errors in the order it always did. The compressed bytes are read into buffers reused from member
 * to member: fresh memory costs a page fault for each of its pages.
 */
import type { ByteSource } from '../../byte-source';
import { MAX_DECOMPRESSED_BYTES } from '../../limits';
import { METHOD_STORED } from './format';
import { readMemberAndStream, type MemberAndStream } from './member';
import { bytesLookNested, looksNested } from './nested';
import type { ZipEntry } from './read';
import { SMALL_MEMBER_BYTES } from './whole';

/**
 * Members read ahead of the one the loop waits for: two keep two inflates going while the loop
 * cleans, one for each core of a two-core machine.
 */
const AHEAD_MEMBERS = 2;
/** Declared bytes of the members read ahead and not yet taken, at most: the memory it may add. */
const AHEAD_BYTES = 64 * 1024 * 1024;

interface Started {
  /** Whether the member's start looks like a file the engine cleans (`looksNested`). */
  readonly head: Promise<boolean>;
  readonly read: Promise<MemberAndStream | null>;
  readonly size: number;
  readonly buffer: Uint8Array | undefined;
  /** True once the loop asked for it: it no longer counts as read ahead. */
  taken: boolean;
}

/** A member the loop inflates whole to clean it: large, deflated, within the limit. */
const readsAhead = (entry: ZipEntry): boolean =>
  entry.method !== METHOD_STORED &&
  (entry.compressedSize > SMALL_MEMBER_BYTES ||
    entry.uncompressedSize > SMALL_MEMBER_BYTES) &&
  entry.uncompressedSize <= MAX_DECOMPRESSED_BYTES;

export class MemberReadAhead {
  private readonly queue: readonly ZipEntry[];
  private readonly queued: ReadonlySet<ZipEntry>;
  private readonly started = new Map<ZipEntry, Started>();
  private readonly spare: Uint8Array[] = [];
  /** Where the loop is in `queue`: members before it are done. */
  private at = 0;

  /**
   * `members`: those the loop may clean as nested files, in the loop's order; the large deflated
   * ones are read ahead. `headsLooked`: the loop already knows each of them looks nested.
   */
  constructor(
    private readonly src: ByteSource,
    members: readonly ZipEntry[],
    private readonly headsLooked = false,
  ) {
    this.queue = members.filter(readsAhead);
    this.queued = new Set(this.queue);
  }

  /** True for a member read ahead: ask for it through `looksNested` and `read`. */
  has(entry: ZipEntry): boolean {
    return this.queued.has(entry);
  }

  /** `looksNested` of the member, looked at ahead; the next members' reads begun. */
  looksNested(entry: ZipEntry): Promise<boolean> {
    return this.take(entry).head;
  }

  /**
   * The member read and inflated, as `readMemberAndStream` answers (its error thrown now), and the
   * next members' reads begun. Its `raw` is valid until `release`.
   */
  async read(entry: ZipEntry): Promise<MemberAndStream> {
    const own = this.take(entry);
    // Null when the head read ahead did not look like a nested file, yet the loop found one: it
    // cannot be for the same bytes, but the member is then read as if nothing had been ahead.
    return (
      (await own.read) ??
      readMemberAndStream(this.src, entry, MAX_DECOMPRESSED_BYTES, own.buffer)
    );
  }

  /** The loop is at the member: it is no longer ahead, and the ones after it may start. */
  private take(entry: ZipEntry): Started {
    const own = this.started.get(entry) ?? this.start(entry);
    own.taken = true;
    this.startAfter(entry);
    return own;
  }

  /** The loop is done with the member (cleaned or copied): its buffer is free for another. */
  release(entry: ZipEntry): void {
    const own = this.started.get(entry);
    if (!own) return;
    this.started.delete(entry);
    if (own.buffer) this.spare.push(own.buffer);
  }

  /** Starts the members after `current` while the bounds on what is read ahead allow. */
  private startAfter(current: ZipEntry): void {
    const index = this.queue.indexOf(current, this.at);
    if (index >= 0) this.at = index + 1;
    let waiting = 0;
    let waitingBytes = 0;
    for (const s of this.started.values())
      if (!s.taken) {
        waiting++;
        waitingBytes += s.size;
      }
    for (let i = this.at; i < this.queue.length; i++) {
      const entry = this.queue[i]!;
      if (this.started.has(entry)) continue;
      if (
        waiting >= AHEAD_MEMBERS ||
        waitingBytes + entry.uncompressedSize > AHEAD_BYTES
      )
        return;
      this.start(entry);
      waiting++;
      waitingBytes += entry.uncompressedSize;
    }
  }

  private start(entry: ZipEntry): Started {
    // A source that cannot read into a buffer makes its own for each read.
    const buffer = this.src.input.readInto
      ? this.bufferFor(entry.compressedSize)
      : undefined;
    const readWhole = () =>
      readMemberAndStream(this.src, entry, MAX_DECOMPRESSED_BYTES, buffer);
    let head: Promise<boolean>;
    let read: Promise<MemberAndStream | null>;
    if (this.headsLooked) {
      head = Promise.resolve(true);
      read = readWhole();
    } else {
      // The member is read and inflated whole first: where that works, its first bytes say
      // whether it looks like a file the engine cleans, with no inflate of its own (the same
      // bytes `looksNested` inflates). Where it fails, the start is looked at as the loop would,
      // and a member that looks nested is read again in its turn, to meet the same error.
      const whole = readWhole().catch(() => null);
      head = whole.then((out) =>
        out ? bytesLookNested(out.bytes) : looksNested(this.src, entry),
      );
      read = Promise.all([whole, head]).then(([out, nested]) =>
        nested ? (out ?? readWhole()) : null,
      );
    }
    // Kept for the member's turn: a member the loop never reaches (an earlier one failed) must
    // not fail the process as an unhandled rejection.
    head.catch(() => undefined);
    read.catch(() => undefined);
    const started: Started = {
      head,
      read,
      size: entry.uncompressedSize,
      buffer,
      taken: false,
    };
    this.started.set(entry, started);
    return started;
  }

  private bufferFor(size: number): Uint8Array {
    const at = this.spare.findIndex((b) => b.length >= size);
    if (at >= 0) return this.spare.splice(at, 1)[0]!;
    return new Uint8Array(size);
  }
}
