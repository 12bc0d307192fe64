import { constants, fstatSync, readSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import type { BigIntStats } from 'node:fs';
import type { RandomAccess } from '../workers/engine/index';
import { CliError, describeSystemError } from './cli-error';

/**
 * Random access over a file through one open handle. Everything metaclean does to an input
 * (analysis, verify-after-clean, the copy, the in-place patches) goes through this handle and never
 * opens the path again, so a file renamed over the input mid-run cannot slip into the output.
 * Node 20's `fs.openAsBlob` misreports sizes past 4 GiB (nodejs/node#52585) and reads several
 * times slower, so the CLI reads files itself.
 */
/** The identity of an open file, to tell "the same file under another name". */
export interface FileIdentity {
  readonly dev: bigint;
  readonly ino: bigint;
}

export interface FileAccess extends RandomAccess {
  readonly handle: FileHandle;
  /** Reads into the caller's buffer; fails `unreadable` when the file shrank after it was opened. */
  readInto(offset: number, into: Uint8Array): Promise<Uint8Array>;
  readonly identity: FileIdentity;
  /** The file's permission bits: a cleaned copy gets no wider ones. */
  readonly permissions: number;
  /** The file's owner and group: a file cleaned in place by rewriting keeps them where it may. */
  readonly owner: { readonly uid: number; readonly gid: number };
  /** More than one name links to the file: rewriting in place would part them. */
  readonly links: number;
  /**
   * Set when a read came back short: the file shrank after it was opened. The engine turns any
   * error inside a parser into `corrupt`; the CLI reports this as `unreadable` instead.
   */
  readonly changed: CliError | null;
  /** Fails `unreadable` if the file's size or times differ from when it was opened. */
  assertUnchanged(): Promise<void>;
  /** The same check, synchronously, for the in-place commit. */
  assertUnchangedSync(): void;
  close(): Promise<void>;
}

/**
 * What says "the same contents": a write or a truncation moves the size or the modification time.
 * Not the change time: renaming the file, or another file over its name, moves it too, and the
 * contents behind the handle are still what was analysed.
 */
function sameState(a: BigIntStats, b: BigIntStats): boolean {
  return (
    a.size === b.size &&
    a.mtimeNs === b.mtimeNs &&
    a.ino === b.ino &&
    a.dev === b.dev
  );
}

function compare(opened: BigIntStats, now: BigIntStats): void {
  if (sameState(opened, now)) return;
  throw changedError(
    now.size === opened.size
      ? 'modified'
      : `size ${opened.size} -> ${now.size} bytes`,
  );
}

/** rwx for owner, group and others; the set-id and sticky bits are never given to a copy. */
const PERMISSION_BITS = 0o777;

export const changedError = (what: string) =>
  new CliError(
    'unreadable',
    `the file changed while metaclean read it (${what})`,
  );

export interface OpenOptions {
  /**
   * Read on the calling thread (pread) instead of through Node's thread pool, for the command,
   * which cleans one file at a time and has nothing else to do while it reads: each read is then
   * a system call instead of a hand-over to another thread and back, and its bytes land in the
   * cache of the processor that searches them. A 50 MB photo's clean takes 20 to 40 ms less CPU
   * time. The event loop still runs between reads every `YIELD_AFTER_MS`, so a signal or a
   * test's pause is answered. A library call reads through the thread pool, never blocking its
   * caller's event loop.
   */
  readonly blocking?: boolean;
}

/** How long blocking reads may keep the event loop waiting (signals, timers) at most, about. */
const YIELD_AFTER_MS = 20;

/**
 * Opens `path` for reading (or for reading and writing, for --in-place). O_NONBLOCK keeps a FIFO
 * from blocking the open; anything but a regular file is then refused.
 */
export async function openFileAccess(
  path: string,
  mode: 'read' | 'read-write' = 'read',
  { blocking = false }: OpenOptions = {},
): Promise<FileAccess> {
  const flags =
    (mode === 'read' ? constants.O_RDONLY : constants.O_RDWR) |
    constants.O_NONBLOCK;
  let handle: FileHandle;
  try {
    handle = await open(path, flags);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const cannotWrite =
      mode === 'read-write' &&
      (code === 'EACCES' || code === 'EROFS' || code === 'EPERM');
    throw new CliError(
      cannotWrite ? 'unwritable' : 'unreadable',
      describeSystemError(error),
    );
  }
  try {
    const opened = await handle.stat({ bigint: true });
    if (!opened.isFile())
      throw new CliError(
        'unreadable',
        opened.isDirectory()
          ? 'a folder: with -r metaclean takes the files in it'
          : 'not a regular file',
      );
    let changed: CliError | null = null;
    const wanted = (offset: number, length: number) =>
      Math.max(0, Math.min(length, Number(opened.size) - offset));
    let yieldedAt = Date.now();
    const whole = (bytes: Uint8Array, want: number) => {
      if (bytes.length < want) {
        changed = changedError('shorter than when it was opened');
        throw changed;
      }
      return bytes;
    };
    const readIntoAside = async (offset: number, into: Uint8Array) => {
      const want = wanted(offset, into.length);
      return whole(await readAt(handle, offset, want, into), want);
    };
    const readInto = async (offset: number, into: Uint8Array) => {
      if (!blocking) return readIntoAside(offset, into);
      const want = wanted(offset, into.length);
      if (Date.now() - yieldedAt >= YIELD_AFTER_MS) {
        await new Promise(setImmediate);
        yieldedAt = Date.now();
      }
      return whole(readAtSync(handle.fd, offset, want, into), want);
    };
    return {
      handle,
      identity: { dev: opened.dev, ino: opened.ino },
      permissions: Number(opened.mode) & PERMISSION_BITS,
      owner: { uid: Number(opened.uid), gid: Number(opened.gid) },
      links: Number(opened.nlink),
      size: Number(opened.size),
      get changed() {
        return changed;
      },
      read: (offset, length) =>
        readInto(offset, new Uint8Array(wanted(offset, length))),
      readInto,
      readIntoAside,
      async assertUnchanged() {
        compare(opened, await handle.stat({ bigint: true }));
      },
      assertUnchangedSync() {
        compare(opened, fstatSync(handle.fd, { bigint: true }));
      },
      close: () => handle.close(),
    };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/** `readAt` on the calling thread. */
function readAtSync(
  fd: number,
  offset: number,
  length: number,
  into: Uint8Array,
): Uint8Array {
  let filled = 0;
  while (filled < length) {
    let bytesRead: number;
    try {
      bytesRead = readSync(fd, into, filled, length - filled, offset + filled);
    } catch (error) {
      throw new CliError('unreadable', describeSystemError(error));
    }
    if (bytesRead === 0) return into.subarray(0, filled);
    filled += bytesRead;
  }
  return into.subarray(0, length);
}

/** Reads up to `length` bytes at `offset`; shorter only at the end of the file. */
export async function readAt(
  handle: FileHandle,
  offset: number,
  length: number,
  into: Uint8Array = new Uint8Array(length),
): Promise<Uint8Array> {
  let filled = 0;
  while (filled < length) {
    let bytesRead: number;
    try {
      ({ bytesRead } = await handle.read(
        into,
        filled,
        length - filled,
        offset + filled,
      ));
    } catch (error) {
      throw new CliError('unreadable', describeSystemError(error));
    }
    if (bytesRead === 0) return into.subarray(0, filled);
    filled += bytesRead;
  }
  return into.subarray(0, length);
}
