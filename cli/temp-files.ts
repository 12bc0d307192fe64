import type { ChildProcess } from 'node:child_process';
import { unlinkSync } from 'node:fs';

/**
 * Files that exist only while metaclean runs (a cleaned copy being written, an undo journal being
 * written). A temporary copy can hold the input's GPS and dates until the last patch, so every exit
 * path removes them: normal returns, errors and SIGINT/SIGTERM/SIGHUP through the
 * handlers below. SIGKILL cannot be caught; the names say `metaclean-PID` so they can be found.
 *
 * Create a tracked file synchronously right after `track` (openSync), and rename it away with
 * renameSync before `untrack`: a signal handler runs only between JavaScript turns, so it then never
 * sees a file that exists but is not tracked, or a tracked name that an in-flight rename moved.
 */
const live = new Set<string>();
/** Helper processes (the kernel copy) that must not outlive a signal. */
const children = new Set<ChildProcess>();

export function trackChild(child: ChildProcess): void {
  children.add(child);
}

export function untrackChild(child: ChildProcess): void {
  children.delete(child);
}

export function track(path: string): void {
  live.add(path);
}

export function untrack(path: string): void {
  live.delete(path);
}

/** Removes a tracked file now (an error path) and forgets it. */
export function discard(path: string): void {
  removeQuietly(path);
  live.delete(path);
}

function removeQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // Already gone (renamed into place, or never created): nothing to remove.
  }
}

export function removeAllTracked(): void {
  for (const child of children) child.kill('SIGKILL');
  children.clear();
  for (const path of live) removeQuietly(path);
  live.clear();
}

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Installs the clean-up: on one of SIGNALS, remove the temporary files, then die of the same
 * signal (so a shell sees an interrupted command, exit status 128 + the signal's number).
 */
export function installTempCleanup(): void {
  const onSignal = (signal: NodeJS.Signals) => {
    removeAllTracked();
    for (const s of SIGNALS) process.removeAllListeners(s);
    process.kill(process.pid, signal);
  };
  for (const signal of SIGNALS) process.on(signal, onSignal);
  process.on('exit', removeAllTracked);
}
