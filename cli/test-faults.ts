/**
 * Fault injection for the CLI's own tests, which must catch metaclean in the middle of a run
 * (a signal during the copy, an input replaced after analysis, a crash between in-place patches)
 * without depending on timing. `METACLEAN_TEST_FAULT=<point>:<action>` names one point; `pause`
 * prints `metaclean: paused at <point>` on stderr and waits for a line (or end of input) on
 * stdin; `kill` ends the process with SIGKILL, as a power cut or the OOM killer would. Unset, as
 * it is outside the tests, every point is a no-op.
 */
export type FaultPoint =
  /** The plan is made and verified; nothing is written yet. */
  | 'planned'
  /** One chunk of the cleaned copy was written to its temporary file. */
  | 'copying'
  /** One in-place patch was written into the file (the undo journal is on disk). */
  | 'patched'
  /** With --find: the copy is written and not yet searched. */
  | 'written';

const FAULT = process.env.METACLEAN_TEST_FAULT ?? '';
/** Whether any fault point is armed (the copy then lets each chunk land before its point). */
export const faultsArmed = FAULT !== '';
/** Each point fires once per process: the first chunk of a copy, the first patch. */
const fired = new Set<FaultPoint>();

export async function faultPoint(point: FaultPoint): Promise<void> {
  if (!FAULT || fired.has(point)) return;
  const [at, action] = FAULT.split(':');
  if (at !== point) return;
  fired.add(point);
  if (action === 'kill') process.kill(process.pid, 'SIGKILL');
  if (action === 'pause') {
    process.stderr.write(`metaclean: paused at ${point}\n`);
    await new Promise<void>((resolve) => {
      process.stdin.once('data', () => resolve());
      process.stdin.once('end', () => resolve());
    });
    process.stdin.pause();
  }
}

/** The synchronous twin for points inside a synchronous section (the in-place patches). */
export function faultPointSync(point: FaultPoint): void {
  if (FAULT === `${point}:kill`) process.kill(process.pid, 'SIGKILL');
}
