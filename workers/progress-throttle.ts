/**
 * The engine's progress, sent to the page at most once per interval. Each report crosses to the
 * page as a Comlink call (a message there and an answer back) and makes the page render the
 * uploader again; the engine reports up to ~200 times per file (PROGRESS_STEP), which on a
 * document of twenty photos cost the clean worker and the page about a tenth of the clean's CPU.
 */

/** How often the bar may move: ten times a second still reads as smooth. */
export const PROGRESS_INTERVAL_MS = 100;

/** What the throttle needs of time; the worker's own clock and timers unless a test lends others. */
export interface ThrottleClock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(timer: unknown): void;
}

const workerClock: ThrottleClock = {
  now: () => performance.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
};

export interface ThrottledProgress {
  /** Called by the engine for every report. */
  readonly report: (fraction: number) => void;
  /** The clean is over: a report held back is dropped (the result takes the bar's place). */
  readonly stop: () => void;
}

/**
 * `send` for the first report at once, then at most once per `intervalMs`: a report inside an
 * interval is held and the latest one held is sent when the interval ends, so the bar never
 * stays behind the work for longer than an interval.
 */
export function throttledProgress(
  send: (fraction: number) => void,
  intervalMs = PROGRESS_INTERVAL_MS,
  clock: ThrottleClock = workerClock,
): ThrottledProgress {
  let sentAt = -Infinity;
  let held: number | null = null;
  let timer: unknown = null;
  let stopped = false;

  const sendNow = (fraction: number): void => {
    sentAt = clock.now();
    send(fraction);
  };
  const sendHeld = (): void => {
    timer = null;
    if (held === null || stopped) return;
    const fraction = held;
    held = null;
    sendNow(fraction);
  };

  return {
    report: (fraction) => {
      if (stopped) return;
      const wait = sentAt + intervalMs - clock.now();
      if (wait <= 0 && timer === null) {
        sendNow(fraction);
        return;
      }
      held = fraction;
      timer ??= clock.setTimeout(sendHeld, Math.max(0, wait));
    },
    stop: () => {
      stopped = true;
      held = null;
      if (timer !== null) clock.clearTimeout(timer);
      timer = null;
    },
  };
}
