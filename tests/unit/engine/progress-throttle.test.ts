import { describe, expect, it } from 'vitest';
import {
  throttledProgress,
  type ThrottleClock,
} from '../../../workers/progress-throttle';

const INTERVAL = 100;

/** A clock moved by hand: `advance` runs the timers that fall due, in order. */
function manualClock(): ThrottleClock & { advance(ms: number): void } {
  let now = 0;
  let timers: { at: number; run: () => void }[] = [];
  return {
    now: () => now,
    setTimeout(run, ms) {
      const timer = { at: now + ms, run };
      timers.push(timer);
      return timer;
    },
    clearTimeout(timer) {
      timers = timers.filter((t) => t !== timer);
    },
    advance(ms) {
      const end = now + ms;
      for (;;) {
        const due = timers
          .filter((t) => t.at <= end)
          .sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        timers = timers.filter((t) => t !== due);
        now = due.at;
        due.run();
      }
      now = end;
    },
  };
}

/** The engine reporting `count` fractions, one every `everyMs`; what reached the page. */
function run(count: number, everyMs: number): number[] {
  const clock = manualClock();
  const sent: number[] = [];
  const progress = throttledProgress((f) => sent.push(f), INTERVAL, clock);
  for (let i = 1; i <= count; i++) {
    progress.report(i / count);
    clock.advance(everyMs);
  }
  clock.advance(INTERVAL);
  return sent;
}

describe("the clean worker's progress reports to the page", () => {
  it('sends a file of 200 reports in one second ten or eleven times, the last report last', () => {
    const sent = run(200, 5);
    expect(sent.length).toBeGreaterThanOrEqual(10);
    expect(sent.length).toBeLessThanOrEqual(11);
    expect(sent[0]).toBe(1 / 200);
    expect(sent.at(-1)).toBe(1);
    // The bar never goes back.
    expect([...sent].sort((a, b) => a - b)).toEqual(sent);
  });

  it('sends every report of slow work at once', () => {
    expect(run(5, 250)).toEqual([0.2, 0.4, 0.6, 0.8, 1]);
  });

  it('sends a report held back when its interval ends, though no other comes', () => {
    const clock = manualClock();
    const sent: number[] = [];
    const progress = throttledProgress((f) => sent.push(f), INTERVAL, clock);
    progress.report(0.1);
    clock.advance(10);
    progress.report(0.3);
    expect(sent).toEqual([0.1]);
    clock.advance(INTERVAL);
    expect(sent).toEqual([0.1, 0.3]);
  });

  it('drops what is held back once the clean is over, so the next file starts from nothing', () => {
    const clock = manualClock();
    const sent: number[] = [];
    const progress = throttledProgress((f) => sent.push(f), INTERVAL, clock);
    progress.report(0.1);
    progress.report(0.9);
    progress.stop();
    clock.advance(10 * INTERVAL);
    progress.report(1);
    expect(sent).toEqual([0.1]);
  });
});
