import { closeSync, fsyncSync, openSync, readSync, writeSync } from 'node:fs';
import { CliError, describeSystemError } from './cli-error';

/**
 * Synchronous reads and writes for the in-place commit and the undo: a signal handler runs only
 * between JavaScript turns, so a synchronous section is never cut by SIGINT half-way (only by
 * SIGKILL or a crash, which the undo journal covers).
 */
export function readExactSync(
  fd: number,
  offset: number,
  length: number,
): Uint8Array {
  const out = new Uint8Array(length);
  for (let filled = 0; filled < length;) {
    let n: number;
    try {
      n = readSync(fd, out, filled, length - filled, offset + filled);
    } catch (error) {
      throw new CliError('unreadable', describeSystemError(error));
    }
    if (n === 0)
      throw new CliError(
        'unreadable',
        'the file changed while metaclean read it (shorter than when it was opened)',
      );
    filled += n;
  }
  return out;
}

/** Writes all of `data` at `offset`; system errors propagate for the caller to classify. */
export function writeExactSync(
  fd: number,
  data: Uint8Array,
  offset: number,
): void {
  for (let done = 0; done < data.length;)
    done += writeSync(fd, data, done, data.length - done, offset + done);
}

/** Makes a rename or an unlink in `dir` durable (POSIX needs the directory itself synced). */
export function fsyncDirSync(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return (
    a.length === b.length &&
    Buffer.from(a.buffer, a.byteOffset, a.length).equals(b)
  );
}
