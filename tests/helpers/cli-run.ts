/**
 * Runs the real `metaclean` bin in a child process, optionally stopping it at a fault point
 * (`METACLEAN_TEST_FAULT=<point>:pause`) so a test can act mid-run (send a signal, truncate or
 * replace the input) without depending on timing.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';

export const BIN = join(import.meta.dirname, '..', '..', 'cli', 'bin.cjs');

export interface CliRun {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface CliRunOptions {
  /** `<point>:pause` or `<point>:kill` (see cli/test-faults.ts). */
  readonly fault?: string;
  /**
   * Called once when the run pauses, with its process id; resolve to let it go on, or return
   * `'stop'` when the callback ended the process itself (a signal).
   */
  readonly onPause?: (pid: number) => Promise<'resume' | 'stop'>;
}

export function runCli(
  args: readonly string[],
  options: CliRunOptions = {},
): Promise<CliRun> {
  const env = { ...process.env };
  delete env.METACLEAN_TEST_FAULT;
  if (options.fault) env.METACLEAN_TEST_FAULT = options.fault;
  const child = spawn(process.execPath, [BIN, ...args], {
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let paused = false;
  let failure: unknown = null;
  child.stdin.on('error', () => undefined);
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => {
    stderr += d;
    if (paused || !stderr.includes('metaclean: paused at ')) return;
    paused = true;
    (options.onPause?.(child.pid!) ?? Promise.resolve('resume')).then(
      (next) => {
        if (next === 'resume') child.stdin.end('\n');
      },
      (error: unknown) => {
        failure = error;
        child.kill('SIGKILL');
      },
    );
  });
  if (!options.fault?.endsWith(':pause')) child.stdin.end();
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (failure) reject(failure as Error);
      else resolve({ code, signal, stdout, stderr });
    });
  });
}

const validateRecord = new Ajv({ allErrors: true }).compile(
  JSON.parse(
    readFileSync(
      join(
        import.meta.dirname,
        '..',
        '..',
        'docs',
        'metaclean-output.schema.json',
      ),
      'utf8',
    ),
  ),
);

/**
 * The records of a `--json` run: one JSON object per line (NDJSON), each checked against the
 * published JSON Schema, so every mode's output a test reads is also a test of the schema.
 */
// The schema has checked each record's shape; tests read them by path, as a script would.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type JsonRecord = Record<string, any>;

export function jsonLines(stdout: string): JsonRecord[] {
  return stdout
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const record = JSON.parse(line);
      if (!validateRecord(record))
        throw new Error(
          `a --json line breaks docs/metaclean-output.schema.json: ${JSON.stringify(validateRecord.errors)}`,
        );
      return record;
    });
}
