// CPU time of a process and everything it started (Linux /proc; null elsewhere), for benchmarks
// on a shared machine: wall time there measures the other users as much as the code.
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second in /proc/PID/stat (USER_HZ, 100 on every Linux in use). */
const TICKS_PER_SECOND = 100;
/** utime and stime, counted after the `) ` that ends the command name (proc(5)). */
const PPID_FIELD = 1;
const UTIME_FIELD = 11;
const STIME_FIELD = 12;

function processes() {
  const all = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      all.set(Number(entry), {
        ppid: Number(fields[PPID_FIELD]),
        seconds:
          (Number(fields[UTIME_FIELD]) + Number(fields[STIME_FIELD])) /
          TICKS_PER_SECOND,
      });
    } catch {
      // The process ended while the list was read.
    }
  }
  return all;
}

/** The first process whose command line holds `marker` and is no child of a process type. */
export function processWithArgument(marker) {
  try {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const line = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
        if (line.includes(marker) && !line.includes('--type='))
          return Number(entry);
      } catch {
        // Gone, or not ours to read.
      }
    }
  } catch {
    // No /proc.
  }
  return null;
}

/** `pid` and its living descendants, or null without /proc. */
function tree(pid) {
  if (pid === null) return null;
  let all;
  try {
    all = processes();
  } catch {
    return null;
  }
  const children = new Map();
  for (const [child, { ppid }] of all) {
    if (!children.has(ppid)) children.set(ppid, []);
    children.get(ppid).push(child);
  }
  const found = [];
  const stack = [pid];
  while (stack.length) {
    const next = stack.pop();
    if (all.has(next)) found.push({ pid: next, ...all.get(next) });
    stack.push(...(children.get(next) ?? []));
  }
  return found;
}

/** CPU seconds used so far by `pid` and its living descendants, or null without /proc. */
export function treeCpuSeconds(pid) {
  return tree(pid)?.reduce((sum, p) => sum + p.seconds, 0) ?? null;
}

/** Chromium's `--type=` switch: renderer, gpu-process, utility...; none for the browser itself. */
function processType(pid) {
  try {
    const line = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return /--type=([\w-]+)/.exec(line)?.[1] ?? 'browser';
  } catch {
    return 'gone';
  }
}

/**
 * CPU seconds used so far by `pid` and its living descendants, summed by process type (Chromium's
 * browser, renderer, gpu-process, utility), or null without /proc.
 */
export function treeCpuByType(pid) {
  const found = tree(pid);
  if (!found) return null;
  const byType = {};
  for (const p of found) {
    const type = processType(p.pid);
    byType[type] = (byType[type] ?? 0) + p.seconds;
  }
  return byType;
}
