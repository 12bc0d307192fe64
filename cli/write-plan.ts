import {
  close,
  closeSync,
  fchmodSync,
  fchownSync,
  fsyncSync,
  openSync,
  renameSync,
  write,
} from 'node:fs';
import { dirname } from 'node:path';
import { promisify } from 'node:util';
import {
  inPlacePatches,
  madeBytes,
  planSize,
  type OutputPlan,
} from '../workers/engine/index';
import type { ClaimedRange } from '../workers/engine/checked-copy';
import { writing, writingSync } from './cli-error';
import { CopyChecks } from './copy-checks';
import { changedError, type FileAccess } from './file-access';
import { kernelCopy, KERNEL_COPY_MIN_BYTES } from './kernel-copy';
import { faultPoint, faultsArmed } from './test-faults';
import { discard, track, untrack } from './temp-files';

/**
 * Large reads and writes: small chunks make copying a 1 GB video several times slower. Larger
 * ones copy slower again: a chunk read is then out of the processor's cache before it is written,
 * and the larger buffers cost page faults (2 MB chunks took a 144 MB photo's clean some 30 ms
 * more CPU time than these, of about 500). Two buffers of this size (or of the longest copied
 * range, if shorter) let one chunk be written while the next is read.
 */
export const COPY_CHUNK_BYTES = 1024 * 1024;

/** The mode a new file gets (before the umask), as `cp` and shells create files. */
const OUTPUT_MODE = 0o666;

const OWNER_WRITE = 0o200;

/** OUTPUT_MODE as the process's umask leaves it (read without changing it for long). */
function umaskedMode(): number {
  const mask = process.umask(0);
  process.umask(mask);
  return OUTPUT_MODE & ~mask;
}

const writeAsync = promisify(write);
const closeAsync = promisify(close);

/** The name of the temporary file a cleaned copy is written to before it is renamed into place. */
export function tempPathFor(out: string): string {
  return `${out}.metaclean-${process.pid}.tmp`;
}

/**
 * Writes the cleaned file a plan describes to `out`, reading the input only through its open
 * handle. A plan of the input's size and layout (the in-place formats) is written, for large files,
 * as a kernel copy plus the patched ranges; any other plan is copied segment by segment. The output
 * is assembled in a temporary file beside `out` and renamed into place only when every byte is
 * written and the input is unchanged since it was opened, so a failure or a signal leaves no
 * output and no temporary file (fail closed).
 */
export async function writePlan(
  input: FileAccess,
  plan: OutputPlan,
  out: string,
  replacing?: ReplacedFile,
  /** Ranges the analysis took on trust (`checked-copy.ts`): checked as they are copied. */
  claims: readonly ClaimedRange[] = [],
): Promise<void> {
  // The copy is no more readable than the original (a 0600 photo gives a 0600 copy): the umask
  // already narrowed OUTPUT_MODE and the input's bits narrow it further. Only the owner's write
  // bit is always given, so a copy of a read-only file can still be edited by its owner.
  const shape: TempShape = replacing ?? {
    mode: (input.permissions | OWNER_WRITE) & umaskedMode(),
  };
  const checks = new CopyChecks(claims);
  await intoTempThenRename(out, shape, async (fd) => {
    const patches = inPlacePatches(input.size, plan);
    // The kernel's copy passes no byte through the checks: a plan with claims is copied here.
    if (
      patches &&
      checks.empty &&
      input.size >= KERNEL_COPY_MIN_BYTES &&
      (await kernelCopy(input, fd))
    ) {
      await faultPoint('copying');
      for (const { offset, data } of patches) await writeAll(fd, data, offset);
    } else {
      await writeSegments(input, plan, fd, checks);
    }
    await checks.finish(input);
    await input.assertUnchanged();
  });
}

/**
 * Writes bytes in memory to `out` the same way: a temporary file beside it, renamed into place
 * when complete, removed on any failure.
 */
export async function writeBytes(data: Uint8Array, out: string): Promise<void> {
  await intoTempThenRename(out, { mode: umaskedMode() }, (fd) =>
    writeAll(fd, data, 0),
  );
}

/**
 * `--in-place` by rewriting: the cleaned file takes the original's place, so it gets exactly the
 * original's permission bits (not narrowed by the umask) and, where the process may, its owner and
 * group; its bytes and its folder entry are synced before and after the rename, so a crash leaves
 * either the original or the whole cleaned file under the name.
 */
export interface ReplacedFile {
  readonly mode: number;
  readonly owner: { readonly uid: number; readonly gid: number };
  readonly durable: true;
}

interface TempShape {
  /** The temporary file's permission bits, final (the umask is already applied where due). */
  readonly mode: number;
  readonly owner?: { readonly uid: number; readonly gid: number };
  readonly durable?: boolean;
}

/**
 * Creates `out`'s temporary file with at most `permissions` (and the umask), lets `fill` write
 * it, then renames it into place; on any failure the temporary file is removed (fail closed).
 */
async function intoTempThenRename(
  out: string,
  shape: TempShape,
  fill: (fd: number) => Promise<void>,
): Promise<void> {
  const temp = tempPathFor(out);
  track(temp);
  // Created synchronously right after `track` (see temp-files); O_EXCL never follows a link.
  const fd = writingSync('cannot create the output', () => {
    const created = openSync(temp, 'wx', OUTPUT_MODE);
    fchmodSync(created, shape.mode);
    if (shape.owner) keepOwner(created, shape.owner);
    return created;
  });
  let open = true;
  try {
    await fill(fd);
    if (shape.durable)
      writingSync('cannot write the output', () => fsyncSync(fd));
    open = false;
    await writing('cannot write the output', () => closeAsync(fd));
    writingSync('cannot rename the output into place', () =>
      renameSync(temp, out),
    );
    untrack(temp);
    if (shape.durable) syncFolderOf(out);
  } catch (error) {
    if (open) closeQuietly(fd);
    discard(temp);
    throw error;
  }
}

/**
 * New bytes shorter than this are gathered into one buffer and written with their neighbours: a
 * document of tens of thousands of small members is otherwise a write (and a round trip to the
 * thread pool) per local header, per piece of a cleaned photo and per central-directory entry.
 */
const GATHER_BELOW_BYTES = 64 * 1024;
/**
 * The gathering buffer's size: a few dozen small segments to a write, or thousands. A smaller
 * output gets a buffer of its own size, as the window below gets one of its input's size: a batch
 * of small photos otherwise allocated two megabytes a file, and the collections their garbage
 * called for took longer than the cleans.
 */
const GATHER_BUFFER_BYTES = 1024 * 1024;
/**
 * Input read at a time for short copied ranges: a rewritten archive copies its members in the
 * order they lie, so thousands of small ones come from a few reads instead of one read each.
 */
const INPUT_WINDOW_BYTES = 1024 * 1024;
/**
 * The window's first read at a new place, as long as the longest short range: a short range
 * beside a long one (a photo's header in a PDF, before its pixels) would otherwise read a
 * megabyte of the long one, which its copy then reads again. Each read that goes on from the last
 * reads twice as much, up to `INPUT_WINDOW_BYTES`.
 */
const FIRST_WINDOW_BYTES = GATHER_BELOW_BYTES;

async function writeSegments(
  input: FileAccess,
  plan: OutputPlan,
  fd: number,
  checks: CopyChecks,
): Promise<void> {
  // A plan may hold many thousands of segments: reduced, not spread into Math.max.
  const longest = plan.reduce(
    (n, s) => (s.kind === 'copy' ? Math.max(n, s.end - s.start) : n),
    0,
  );
  const chunkBytes = Math.min(COPY_CHUNK_BYTES, longest);
  const buffers = [new Uint8Array(chunkBytes), new Uint8Array(chunkBytes)];
  let turn = 0;
  let pending: Promise<void> = Promise.resolve();
  let position = 0;
  // Each write is started once the previous one is done, and reads into the buffer that is not
  // being written, so reading the next chunk overlaps writing this one.
  const enqueue = async (data: Uint8Array) => {
    await pending;
    pending = writeAll(fd, data, position);
    position += data.length;
    // The tests' faults strike once bytes are on their way, whichever path wrote them.
    if (faultsArmed) {
      await pending;
      await faultPoint('copying');
    }
  };
  const gather = new Gather(
    enqueue,
    Math.min(GATHER_BUFFER_BYTES, planSize(plan)),
  );
  const window = new InputWindow(input);
  try {
    for (const segment of plan) {
      if (segment.kind === 'bytes') {
        await gather.add(segment.data);
        continue;
      }
      if (segment.kind === 'deferred') {
        // Made now and let go once written: one such segment is in memory at a time.
        await gather.add(await madeBytes(segment));
        continue;
      }
      if (segment.end - segment.start < GATHER_BELOW_BYTES) {
        const bytes = await window.slice(segment.start, segment.end);
        checks.copied(segment.start, bytes);
        await gather.add(bytes);
        continue;
      }
      await gather.flush();
      for (let at = segment.start; at < segment.end;) {
        const length = Math.min(chunkBytes, segment.end - at);
        const into = buffers[turn++ % 2]!;
        // Fails `unreadable` when the file shrank after it was opened.
        const bytes = await input.readInto(at, into.subarray(0, length));
        // Checked before it is written: bytes that fail a claim never reach the disk.
        checks.copied(at, bytes);
        await enqueue(bytes);
        at += length;
      }
    }
    await gather.flush();
    await pending;
  } catch (error) {
    // A write still in flight must settle before the temporary file is removed.
    await pending.catch(() => undefined);
    throw error;
  }
}

/**
 * Short ranges of the input, served from one buffer read ahead of them: `FIRST_WINDOW_BYTES` at a
 * new place, doubling while the ranges go on in order, up to `INPUT_WINDOW_BYTES`.
 */
class InputWindow {
  private buffer: Uint8Array | null = null;
  private bytes: Uint8Array = new Uint8Array(0);
  private start = 0;

  constructor(private readonly input: FileAccess) {}

  /** Input bytes [start, end), a view valid until the next call. */
  async slice(start: number, end: number): Promise<Uint8Array> {
    const windowEnd = this.start + this.bytes.length;
    if (start < this.start || end > windowEnd) {
      this.buffer ??= new Uint8Array(
        Math.min(INPUT_WINDOW_BYTES, this.input.size),
      );
      const onward =
        this.bytes.length > 0 && start >= this.start && start <= windowEnd;
      const step = onward
        ? Math.min(2 * this.bytes.length, INPUT_WINDOW_BYTES)
        : FIRST_WINDOW_BYTES;
      const length = Math.min(step, this.input.size - start);
      // Fails `unreadable` when the file shrank after it was opened.
      this.bytes = await this.input.readInto(
        start,
        this.buffer.subarray(0, length),
      );
      this.start = start;
      if (length < end - start)
        throw changedError('shorter than when it was opened');
    }
    return this.bytes.subarray(start - this.start, end - this.start);
  }
}

/**
 * Small new bytes gathered in order into one of two buffers and handed to `enqueue` together; a
 * large array is handed over as it is, after what was gathered before it. A buffer is filled again
 * only after the write that held it is done (`enqueue` waits for the previous write to finish).
 */
class Gather {
  private buffer: Uint8Array | null = null;
  private spare: Uint8Array | null = null;
  private length = 0;

  constructor(
    private readonly enqueue: (data: Uint8Array) => Promise<void>,
    /** Each buffer's size: at most the output's, never more than GATHER_BUFFER_BYTES. */
    private readonly capacity: number,
  ) {}

  async add(data: Uint8Array): Promise<void> {
    if (data.length >= GATHER_BELOW_BYTES || data.length > this.capacity) {
      await this.flush();
      await this.enqueue(data);
      return;
    }
    if (this.buffer && this.length + data.length > this.buffer.length)
      await this.flush();
    this.buffer ??= new Uint8Array(this.capacity);
    this.buffer.set(data, this.length);
    this.length += data.length;
  }

  async flush(): Promise<void> {
    if (!this.buffer || this.length === 0) return;
    const full = this.buffer.subarray(0, this.length);
    // The spare buffer was last handed to the write before this one, which `enqueue` awaits.
    await this.enqueue(full);
    [this.buffer, this.spare] = [this.spare, this.buffer];
    this.length = 0;
  }
}

async function writeAll(
  fd: number,
  data: Uint8Array,
  position: number,
): Promise<void> {
  await writing('cannot write the output', async () => {
    for (let done = 0; done < data.length;) {
      const { bytesWritten } = await writeAsync(
        fd,
        data,
        done,
        data.length - done,
        position + done,
      );
      done += bytesWritten;
    }
  });
}

/**
 * Gives the replacement the original's owner and group. Only root may give a file away, and a
 * user may set only a group they belong to: when the change is refused the file keeps the
 * runner's ids, which is what any editor that saves by rename does.
 */
function keepOwner(
  fd: number,
  owner: { readonly uid: number; readonly gid: number },
): void {
  try {
    fchownSync(fd, owner.uid, owner.gid);
  } catch {
    try {
      fchownSync(fd, -1, owner.gid);
    } catch {
      // Not permitted: see above.
    }
  }
}

/** After a rename, the folder's entry is synced too, or a crash may bring back the old name. */
function syncFolderOf(path: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dirname(path), 'r');
    fsyncSync(fd);
  } catch {
    // Some file systems cannot open or sync a folder; the rename itself is still atomic.
  } finally {
    if (fd !== undefined) closeQuietly(fd);
  }
}

function closeQuietly(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    // The error that brought us here is the one to report.
  }
}
