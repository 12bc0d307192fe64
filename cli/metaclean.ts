import { mkdir } from 'node:fs/promises';
import {
  isEngineError,
  lendHostCodecs,
  type Finding,
  type Sniffed,
} from '../workers/engine/index';
import { parseArgs, UsageError, USAGE, type CliOptions } from './args';
import { describeSystemError, isCliError, writing } from './cli-error';
import { openFileAccess } from './file-access';
import { cleanInPlace } from './in-place';
import { checkTarget, outputPaths } from './output-target';
import { inspectInput, planInput } from './plan-input';
import {
  countByCategory,
  escapeForTerminal,
  findingLines,
} from './report-text';
import { acceptedChanges } from '../workers/engine/findings';
import { nodeCodecs } from './node-codecs';
import { installTempCleanup } from './temp-files';
import { faultPoint } from './test-faults';
import { hasJournal, journalPathFor, undoSync } from './undo-journal';
import { writePlan } from './write-plan';

export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;

interface FileOutcome {
  readonly file: string;
  readonly format?: Sniffed;
  readonly output?: string;
  /** --in-place: bytes written into the file. */
  readonly patchedBytes?: number;
  /** The file was put back from the undo journal of an interrupted --in-place run first. */
  readonly restored?: boolean;
  readonly removed?: Finding[];
  readonly kept?: Finding[];
  readonly findings?: Finding[];
  readonly error?: { code: string; detail: string };
}

/** Runs the command line; returns the exit status. Never throws. */
export async function main(argv: readonly string[]): Promise<number> {
  lendHostCodecs(nodeCodecs());
  let options: CliOptions;
  try {
    options = parseArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`metaclean: ${error.message}\n\n${USAGE}\n`);
    return EXIT_USAGE;
  }
  if (options.help) {
    process.stdout.write(`${USAGE}\n`);
    return EXIT_OK;
  }
  installTempCleanup();
  // A reader that goes away (`metaclean ... | head`) must not stop the run half-way: the files
  // are still cleaned, and the exit status still says how it went.
  for (const stream of [process.stdout, process.stderr])
    stream.on('error', () => undefined);
  const outputs = outputPaths(options.files, options);
  const outcomes: FileOutcome[] = [];
  for (const [i, file] of options.files.entries()) {
    const outcome = await processFile(file, outputs[i]!, options);
    outcomes.push(outcome);
    if (!options.json) printOutcome(outcome, options);
  }
  if (options.json)
    process.stdout.write(`${JSON.stringify(outcomes, null, 2)}\n`);
  return outcomes.some((o) => o.error) ? EXIT_FAILED : EXIT_OK;
}

async function processFile(
  file: string,
  output: string,
  options: CliOptions,
): Promise<FileOutcome> {
  let restored = false;
  try {
    if (options.undo) {
      undoSync(file);
      return { file, restored: true };
    }
    // An interrupted --in-place run left this file half-patched: put it back before anything else.
    if (hasJournal(file)) {
      undoSync(file);
      restored = true;
    }
    const done = await runMode(file, output, options);
    return restored ? { ...done, restored } : done;
  } catch (error) {
    return {
      file,
      ...(restored ? { restored } : {}),
      error: errorOf(error),
    };
  }
}

async function runMode(
  file: string,
  output: string,
  options: CliOptions,
): Promise<FileOutcome> {
  if (options.inPlace) {
    const { format, removed, kept, patchedBytes } = await cleanInPlace(file);
    return { file, format, output: file, patchedBytes, removed, kept };
  }
  const input = await openFileAccess(file);
  try {
    if (options.inspect) {
      const { format, findings } = await inspectInput(input);
      return { file, format, findings };
    }
    checkTarget(output, input.identity);
    const { format, plan, removed, kept } = await planInput(input);
    await faultPoint('planned');
    if (options.outDir !== undefined) {
      const dir = options.outDir;
      await writing('cannot create the output folder', () =>
        mkdir(dir, { recursive: true }),
      );
    }
    await writePlan(input, plan, output);
    return { file, format, output, removed, kept };
  } finally {
    await input.close();
  }
}

function errorOf(error: unknown): { code: string; detail: string } {
  if (isEngineError(error) || isCliError(error))
    return { code: error.code, detail: error.detail };
  return { code: 'unreadable', detail: describeSystemError(error) };
}

function printOutcome(o: FileOutcome, options: CliOptions): void {
  const name = escapeForTerminal(o.file);
  if (o.restored) {
    process.stdout.write(
      `${name}: put back from ${escapeForTerminal(journalPathFor(o.file))} (an interrupted --in-place run)\n`,
    );
  }
  if (o.error) {
    process.stderr.write(
      `metaclean: ${name}: ${o.error.code}${detail(o.error.detail)}\n`,
    );
    return;
  }
  if (options.undo) return;
  if (options.inspect) {
    const findings = o.findings ?? [];
    process.stdout.write(
      `${name} (${o.format?.id}): ${findings.length} item(s)\n`,
    );
    for (const line of findingLines(findings))
      process.stdout.write(`${line}\n`);
    return;
  }
  const removed = o.removed ?? [];
  const summary = removed.length
    ? `removed ${removed.length} (${countByCategory(removed)})`
    : 'no metadata found';
  const kept = (o.kept ?? [])
    .map((f) => `${escapeForTerminal(f.label)} (${f.kept})`)
    .join(', ');
  const accepted = acceptedChanges(removed);
  const changes = accepted
    ? `; ${accepted} tracked change${accepted === 1 ? ' was' : 's were'} accepted; the deleted words are not in the copy`
    : '';
  const where = options.inPlace
    ? `in place, ${o.patchedBytes} bytes written`
    : `-> ${escapeForTerminal(o.output ?? '')}`;
  process.stdout.write(
    `${name} ${where} (${o.format?.id}): ${summary}${changes}${kept ? `; kept ${kept}` : ''}\n`,
  );
}

function detail(text: string): string {
  return text ? ` (${escapeForTerminal(text.slice(0, 300))})` : '';
}
