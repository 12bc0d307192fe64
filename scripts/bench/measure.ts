import { execFileSync, spawnSync } from 'node:child_process';
import { openAsBlob, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { openFileAccess } from '../../cli/file-access';
import { nodeCodecs } from '../../cli/node-codecs';
import { cleanPlan, lendHostCodecs } from '../../workers/engine/index';

export interface ProcessFigure {
  readonly seconds: number;
  /** User plus system CPU time of the run whose wall time is the median (GNU time), or null. */
  readonly cpuSeconds: number | null;
  readonly maxRssMb: number | null;
  /** The run was stopped at CAP_SECONDS: `seconds` is a floor, not a figure. */
  readonly overCap?: boolean;
}

/** The machine's one-minute load average, as `uptime` prints it: the bench shares the machine. */
export const loadAverage = (): string => loadavg()[0]!.toFixed(2);

export const RUNS = 3;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * In-process engine time, output plan ready (verify-after-clean included), median of RUNS after
 * one warm-up: `blob` reads through Node's file Blob (what the issue names) with the engine's own
 * JavaScript, as in a browser without lent codecs; `file` through the file handle the CLI uses,
 * with the Node codecs the CLI lends (`Buffer.indexOf`, zlib).
 */
export async function engineMs(
  file: string,
  via: 'blob' | 'file',
): Promise<number> {
  const times: number[] = [];
  lendHostCodecs(via === 'file' ? nodeCodecs() : {});
  for (let i = 0; i <= RUNS; i++) {
    const input =
      via === 'blob' ? await openAsBlob(file) : await openFileAccess(file);
    const start = performance.now();
    await cleanPlan(input);
    if (i > 0) times.push(performance.now() - start);
    if ('close' in input) await input.close();
  }
  return median(times);
}

const hasGnuTime =
  spawnSync('/usr/bin/time', ['-f', '%M', 'true']).status === 0;
/** GNU time's last line: peak RSS in KB, user and system CPU seconds. */
const TIME_FORMAT = '%M %U %S';

export interface ProcessRunOptions {
  /** A file the command writes, removed before each run and after the last. */
  readonly output?: string;
  /** Untimed set-up before each run (e.g. a fresh copy for a command that changes its file). */
  readonly prepare?: () => void;
}

/**
 * A run longer than this is stopped and the figure says so (`overCap`): mat2 on the 60,000-photo
 * bomb ran past half an hour, three times over, and held the whole bench up (`BENCH_CAP_SECONDS`).
 */
export const CAP_SECONDS = Number(process.env.BENCH_CAP_SECONDS ?? 120);

/** Whole-process wall time and peak RSS (GNU time when present), median of RUNS; null on failure. */
export function processFigure(
  cmd: string,
  args: string[],
  options: ProcessRunOptions = {},
): ProcessFigure | null {
  const { output, prepare } = options;
  const figures: ProcessFigure[] = [];
  for (let i = 0; i < RUNS; i++) {
    if (output) rmSync(output, { force: true });
    prepare?.();
    const start = performance.now();
    const result = hasGnuTime
      ? spawnSync('/usr/bin/time', ['-f', TIME_FORMAT, cmd, ...args], {
          encoding: 'utf8',
          timeout: CAP_SECONDS * 1000,
          killSignal: 'SIGKILL',
        })
      : spawnSync(cmd, args, {
          encoding: 'utf8',
          timeout: CAP_SECONDS * 1000,
          killSignal: 'SIGKILL',
        });
    const seconds = (performance.now() - start) / 1000;
    if (result.signal !== null && seconds >= CAP_SECONDS) {
      // /usr/bin/time is killed, not the command under it: stop that too.
      spawnSync('pkill', ['-KILL', '-f', [cmd, ...args].join(' ')]);
      if (output) rmSync(output, { force: true });
      return { seconds, cpuSeconds: null, maxRssMb: null, overCap: true };
    }
    if (result.status !== 0) return null;
    const [rssKb, user, system] = hasGnuTime
      ? result.stderr.trim().split('\n').at(-1)!.split(' ').map(Number)
      : [];
    const cpu = (user ?? NaN) + (system ?? NaN);
    figures.push({
      seconds,
      cpuSeconds: Number.isFinite(cpu) ? cpu : null,
      maxRssMb: Number.isFinite(rssKb) ? rssKb! / 1024 : null,
    });
  }
  if (output) rmSync(output, { force: true });
  const middle = [...figures].sort((a, b) => a.seconds - b.seconds)[
    Math.floor(figures.length / 2)
  ]!;
  const rss = figures
    .map((f) => f.maxRssMb)
    .filter((m): m is number => m !== null);
  return {
    seconds: middle.seconds,
    cpuSeconds: middle.cpuSeconds,
    maxRssMb: rss.length ? Math.max(...rss) : null,
  };
}

export function toolVersion(cmd: string, args: string[]): string | null {
  try {
    return execFileSync(cmd, args, { encoding: 'utf8' }).split('\n')[0]!.trim();
  } catch {
    return null;
  }
}
