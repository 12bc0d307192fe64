import { fstatSync } from 'node:fs';
import { CliError } from './cli-error';
import { changedError, type FileAccess } from './file-access';
import { trackChild, untrackChild } from './temp-files';

/**
 * Below this size a copy through our own buffers costs milliseconds and starting a process would
 * cost more than it saves.
 */
export const KERNEL_COPY_MIN_BYTES = 64 * 1024 * 1024;

/**
 * Copies the whole input into `outFd` inside the kernel (copy_file_range), which Node cannot call
 * on a file handle: a user-space copy of a 1 GB file takes several times as long as `cp`. `cat`
 * (GNU coreutils 9 uses copy_file_range, older ones read and write) is given the input's own open
 * file as stdin, so it copies exactly what metaclean analysed, never the path again; it stops at end
 * of file, so a file that shrinks ends the copy early (Node's `fs.copyFile` would loop forever on
 * copy_file_range returning 0) and the size check below fails it as `unreadable`.
 *
 * The input's file offset must be 0: every other read of the handle is positional (pread), so it is.
 * Resolves false, having written nothing, when `cat` cannot be started; the caller copies itself.
 * node:child_process is loaded here, by the few runs that copy a large file, not by every run.
 */
export async function kernelCopy(
  input: FileAccess,
  outFd: number,
): Promise<boolean> {
  const { spawn } = await import('node:child_process');
  return new Promise((resolve, reject) => {
    const child = spawn('cat', [], {
      stdio: [input.handle.fd, outFd, 'pipe'],
    });
    trackChild(child);
    let stderr = '';
    child.stderr?.setEncoding('utf8').on('data', (d: string) => {
      stderr += d;
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      untrackChild(child);
      if (error.code === 'ENOENT') resolve(false);
      else reject(new CliError('unwritable', `kernel copy: ${error.message}`));
    });
    child.on('close', (code, signal) => {
      untrackChild(child);
      if (code !== 0) {
        reject(
          new CliError(
            'unwritable',
            `kernel copy failed (${signal ?? `exit ${code}`}): ${stderr.trim()}`,
          ),
        );
        return;
      }
      const copied = fstatSync(outFd).size;
      if (copied !== input.size)
        reject(changedError(`copied ${copied} of ${input.size} bytes`));
      else resolve(true);
    });
  });
}
