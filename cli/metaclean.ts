import { mkdir } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import {
  CLEANED_PREFIX,
  cleanPlan,
  inspect,
  isEngineError,
  planBytes,
  lendHostCodecs,
  type CleanPlanResult,
  type EngineContext,
} from '../workers/engine/index';
import { CheckedCopy, isCheckFailed } from '../workers/engine/checked-copy';
import { itemKindOf } from '../workers/engine/format-catalog';
import { formatListJson, formatListText } from './format-list';
import { formatName } from '../src/catalog/format-names';
import { removable } from '../workers/engine/findings';
import type { CliOptions } from './args';
import {
  EXIT_FAILED,
  EXIT_FOUND,
  EXIT_OK,
  EXIT_USAGE,
  parseOrAnswer,
} from './start';
import {
  CliError,
  describeSystemError,
  isCliError,
  writing,
} from './cli-error';
import { openFileAccess, type FileAccess } from './file-access';
import { cleanInPlace } from './in-place';
import { checkTarget, outputPaths } from './output-target';
import { inspectInput, planInput } from './plan-input';
import { countByCategory, escapeForTerminal } from './report-text';
import { errorWords } from './error-words';
import { acceptedChanges } from '../workers/engine/findings';
import { nodeCodecs } from './node-codecs';
import { installTempCleanup } from './temp-files';
import { faultPoint } from './test-faults';
import {
  journalPathFor,
  journalWaiting,
  leftoverJournalSweeper,
  undoSync,
} from './undo-journal';
import { writePlan } from './write-plan';
import { fileRecord, type Outcome } from './json-output';
import { skipWords } from './skip-words';
import { walkInputs, type SkipReason, type WalkItem } from './walk';
import type { Sidecar } from '../workers/engine/sidecars';
import { nameNote } from './name-note';
import { progressLine, type ProgressLine } from './progress-line';
import {
  memoryAccess,
  readStandardInput,
  STANDARD_STREAM,
  streamPlan,
} from './std-streams';
import { writeBytes } from './write-plan';
import { findLines } from './find-words-text';
import { keptSummary } from './kept-summary';

export { EXIT_FAILED, EXIT_FOUND, EXIT_OK, EXIT_USAGE } from './start';

type FileOutcome = Outcome;

/**
 * The parsed options, the run's status line, which the engine moves, and its remover of the
 * journal temporaries killed runs left (which lists each folder once per run).
 */
interface RunOptions extends CliOptions {
  readonly progress: ProgressLine;
  readonly removeLeftoverJournalTemps: (file: string) => void;
}

/**
 * A run over `*.jpg` a second time meets the copies the first one wrote: cleaning `cleaned_a.jpg`
 * into `cleaned_cleaned_a.jpg` would pile up copies, so in the modes that name outputs after
 * their inputs those files are skipped (and said so). `-o` names its output, so it cleans any file.
 */
function namedAsCleaned(file: string, options: CliOptions): boolean {
  const namesOutputs =
    options.out === undefined &&
    !options.inPlace &&
    !options.inspect &&
    !options.check &&
    !options.undo;
  return namesOutputs && basename(file).startsWith(CLEANED_PREFIX);
}

/** Runs the command line; returns the exit status. Never throws. */
export async function main(argv: readonly string[]): Promise<number> {
  lendHostCodecs(nodeCodecs());
  const options = parseOrAnswer(argv);
  if (typeof options === 'number') return options;
  if (options.listFormats) {
    process.stdout.write(options.json ? formatListJson() : formatListText());
    return EXIT_OK;
  }
  installTempCleanup();
  // A reader that goes away (`metaclean ... | head`) must not stop the run half-way: the files
  // are still cleaned, and the exit status still says how it went.
  for (const stream of [process.stdout, process.stderr])
    stream.on('error', () => undefined);
  const items: readonly WalkItem[] = options.recursive
    ? walkInputs(options.files, options)
    : options.files.map((file) => ({ kind: 'file', file }));
  const files = items.filter((item) => item.kind === 'file');
  const paths = outputPaths(
    files.map((f) => f.file),
    options,
    files.map((f) => f.mirror),
  );
  const outputs = new Map(paths.map((output, i) => [files[i]!, output]));
  const writesStdout =
    !options.inspect && !options.check && paths.includes(STANDARD_STREAM);
  if (writesStdout && process.stdout.isTTY) {
    process.stderr.write(
      'metaclean: the cleaned file would be written to the terminal; redirect standard output (> FILE) or use -o FILE\n',
    );
    return EXIT_USAGE;
  }
  const outcomes: FileOutcome[] = [];
  const run: RunOptions = {
    ...options,
    progress: progressLine(process.stderr, !options.quiet && !options.json),
    removeLeftoverJournalTemps: leftoverJournalSweeper(),
  };
  for (const [i, item] of items.entries()) {
    run.progress.start(i, items.length, item.file);
    const outcome =
      item.kind === 'skipped'
        ? skippedOutcome(item.file, item.reason, item.sidecar)
        : namedAsCleaned(item.file, options)
          ? skippedOutcome(item.file, 'cleaned-copy')
          : await processFile(item.file, outputs.get(item)!, run).then((o) =>
              options.json ? withContent(o, options) : o,
            );
    run.progress.clear();
    outcomes.push(outcome);
    if (options.json)
      process.stdout.write(`${JSON.stringify(fileRecord(outcome))}\n`);
    else await printOutcome(outcome, options);
  }
  if (!options.json && !options.quiet && outcomes.length > 1)
    process.stderr.write(`${summaryLine(outcomes, options)}\n`);
  if (outcomes.some((o) => o.error)) return EXIT_FAILED;
  if (outcomes.some((o) => o.find && !o.find.clean)) return EXIT_FOUND;
  // A sidecar holds its photo's place and dates: --check counts it as metadata found.
  const found = outcomes.some(
    (o) => (o.findings ?? []).some(removable) || o.sidecar !== undefined,
  );
  return options.check && found ? EXIT_FOUND : EXIT_OK;
}

function skippedOutcome(
  file: string,
  reason: SkipReason,
  sidecar?: Sidecar,
): FileOutcome {
  return {
    file,
    skipped: skipWords(reason, sidecar),
    reason,
    ...(sidecar && { sidecar }),
  };
}

/** The run in one line: "18 cleaned, 1 already clean, 1 not supported, 0 failed". */
function summaryLine(
  outcomes: readonly FileOutcome[],
  options: CliOptions,
): string {
  const failed = outcomes.filter((o) => o.error);
  const unsupported = failed.filter((o) => o.error?.code === 'unsupported');
  const sidecars = outcomes.filter((o) => o.sidecar);
  const skipped = outcomes.filter((o) => o.skipped && !o.sidecar);
  const done = outcomes.filter((o) => !o.error && !o.skipped);
  const withMetadata = done.filter((o) =>
    options.inspect || options.check
      ? (o.findings ?? []).some(removable)
      : (o.removed ?? []).length > 0,
  );
  const first =
    options.inspect || options.check
      ? `${withMetadata.length} with metadata`
      : options.undo
        ? `${done.length} put back`
        : `${withMetadata.length} cleaned`;
  return [
    first,
    ...(options.undo
      ? []
      : [`${done.length - withMetadata.length} already clean`]),
    ...(skipped.length
      ? [`${skipped.length} skipped${skippedDetail(skipped)}`]
      : []),
    ...(sidecars.length
      ? [
          `${sidecars.length} sidecar${sidecars.length === 1 ? '' : 's'} left out`,
        ]
      : []),
    `${unsupported.length} not supported`,
    `${failed.length - unsupported.length} failed`,
  ].join(', ');
}

/** Words for the reasons files were skipped, counted (one, more), in the summary's order. */
const REASON_COUNTED: Readonly<Record<SkipReason, readonly [string, string]>> =
  {
    hidden: ['hidden', 'hidden'],
    symlink: ['symbolic link', 'symbolic links'],
    'symlink-loop': ['link loop', 'link loops'],
    'not-regular': ['not a regular file', 'not regular files'],
    'cleaned-copy': ['cleaned copy', 'cleaned copies'],
    'own-file': ["metaclean's own", "metaclean's own"],
    sidecar: ['sidecar', 'sidecars'],
  };

/** " (2 hidden, 1 symbolic link)": how many files were skipped for each reason. */
function skippedDetail(skipped: readonly FileOutcome[]): string {
  const counts = new Map<SkipReason, number>();
  for (const o of skipped)
    if (o.reason) counts.set(o.reason, (counts.get(o.reason) ?? 0) + 1);
  const parts = (Object.keys(REASON_COUNTED) as SkipReason[]).flatMap(
    (reason) => {
      const n = counts.get(reason);
      if (!n) return [];
      const [one, more] = REASON_COUNTED[reason];
      return [`${n} ${n === 1 ? one : more}`];
    },
  );
  return parts.length ? ` (${parts.join(', ')})` : '';
}

async function processFile(
  file: string,
  output: string,
  options: RunOptions,
): Promise<FileOutcome> {
  try {
    if (!options.inspect) options.removeLeftoverJournalTemps(file);
    if (options.undo) {
      undoSync(file);
      return { file, restored: true };
    }
    // Only --undo acts on a waiting journal: putting bytes back is a write, and a journal is
    // honoured only after the checks --undo makes, so every other run refuses and writes nothing.
    if (journalWaiting(file))
      throw new CliError(
        'journal-waiting',
        `an interrupted --in-place run left ${journalPathFor(file)}: run metaclean --undo on the file to put its original bytes back, then clean it again`,
      );
    return await runMode(file, output, options);
  } catch (error) {
    return { file, error: errorOf(error) };
  }
}

async function runMode(
  file: string,
  output: string,
  options: RunOptions,
): Promise<FileOutcome> {
  if (file === STANDARD_STREAM) return runStandardInput(output, options);
  if (options.inPlace) {
    const { format, removed, kept, patchedBytes, rewritten } =
      await cleanInPlace(file, engineOptions(options));
    return {
      file,
      format,
      output: file,
      ...(rewritten ? { rewritten } : { patchedBytes }),
      removed,
      kept,
    };
  }
  const input = await openFileAccess(file, 'read', { blocking: true });
  try {
    if (options.inspect || options.check) {
      const { format, findings } = await inspectInput(input);
      return { file, format, findings };
    }
    if (output === STANDARD_STREAM) {
      const { format, plan, removed, kept } = await planInput(
        input,
        engineOptions(options),
      );
      await streamPlan(input, plan);
      await input.assertUnchanged();
      return { file, format, output, removed, kept };
    }
    checkTarget(output, input.identity, { overwrite: options.force });
    const { format, removed, kept } = await cleanToFile(input, output, options);
    if (options.find.length === 0)
      return { file, format, output, removed, kept };
    await faultPoint('written');
    // Loaded only when asked for, as the content hashes and the report's words are: a plain
    // clean never parses them.
    const { findInCopy } = await import('./find-run');
    const find = await findInCopy(input, file, output, options.find);
    return { file, format, output, removed, kept, find };
  } finally {
    await input.close();
  }
}

/**
 * Cleans an open input into the file `output`. The clean may take a photo's image data on trust
 * (`checked-copy.ts`) and the write proves it as it copies it, so the pixels are read once; a
 * claim the write finds wrong leaves no output, and the file is cleaned again, reading its image
 * data first, as a clean without claims does (same bytes, same findings, same errors).
 */
async function cleanToFile(
  input: FileAccess,
  output: string,
  options: RunOptions,
): Promise<CleanPlanResult> {
  const claims = new CheckedCopy(input);
  const claimed = await planInput(input, {
    ...engineOptions(options),
    checkedCopy: claims,
  });
  await faultPoint('planned');
  if (options.outDir !== undefined) {
    // Under -r the copy's folder mirrors the input's, below the output folder.
    const dir = dirname(output);
    await writing('cannot create the output folder', () =>
      mkdir(dir, { recursive: true }),
    );
  }
  try {
    await writePlan(input, claimed.plan, output, undefined, claims.ranges);
    return claimed;
  } catch (error) {
    if (!isCheckFailed(error)) throw error;
  }
  const proven = await planInput(input, engineOptions(options));
  await writePlan(input, proven.plan, output);
  return proven;
}

/**
 * The outcome with its content hashes, for `--json`: the input's alone with `--inspect`, the
 * input's against the copy's after a clean to a file. A clean in place (the original is gone) or
 * through the standard streams has none.
 */
async function withContent(
  o: FileOutcome,
  options: CliOptions,
): Promise<FileOutcome> {
  if (o.error || o.skipped || o.restored || options.check) return o;
  if (o.file === STANDARD_STREAM || options.inPlace) return o;
  try {
    const { cleanedContent, fileContentHashes, inspectedContent } =
      await import('./content-hashes');
    if (options.inspect)
      return {
        ...o,
        content: inspectedContent(await fileContentHashes(o.file)),
      };
    if (o.output === undefined || o.output === STANDARD_STREAM) return o;
    return { ...o, content: await cleanedContent(o.file, o.output) };
  } catch (error) {
    return {
      ...o,
      content: { parts: [], error: errorOf(error)?.code ?? 'unreadable' },
    };
  }
}

/** No file on disk is standard input, so no output path can be it. */
const NOT_A_FILE = { dev: -1n, ino: -1n };

/** `-`: standard input, read whole, cleaned to standard output or to the file -o names. */
async function runStandardInput(
  output: string,
  options: RunOptions,
): Promise<FileOutcome> {
  const file = STANDARD_STREAM;
  if (output !== STANDARD_STREAM)
    checkTarget(output, NOT_A_FILE, { overwrite: options.force });
  const bytes = await readStandardInput();
  const input = memoryAccess(bytes);
  if (options.inspect || options.check) {
    const { format, findings } = await inspect(input);
    return { file, format, findings };
  }
  const { format, plan, removed, kept } = await cleanPlan(
    input,
    engineOptions(options),
  );
  if (output === STANDARD_STREAM) await streamPlan(input, plan);
  else await writeBytes(await planBytes(bytes, plan), output);
  return { file, format, output, removed, kept };
}

/** The person's choices the engine takes. */
function engineOptions(options: RunOptions): EngineContext {
  return {
    onProgress: (fraction) => options.progress.update(fraction),
    ...(options.dropUncleanable ? { dropUncleanable: true } : {}),
  };
}

function errorOf(error: unknown): FileOutcome['error'] {
  if (isEngineError(error) && error.code === 'uncleanable-part')
    return {
      code: error.code,
      detail: `${error.detail} (--drop-uncleanable removes ${error.parts.length === 1 ? 'it' : 'them'})`,
      parts: error.parts,
    };
  if (isEngineError(error) || isCliError(error))
    return { code: error.code, detail: error.detail };
  return { code: 'unreadable', detail: describeSystemError(error) };
}

/** How a path reads in a line: `-` is one of the standard streams. */
function shown(path: string, stream: 'input' | 'output'): string {
  return path === STANDARD_STREAM
    ? `standard ${stream}`
    : escapeForTerminal(path);
}

async function printOutcome(
  o: FileOutcome,
  options: CliOptions,
): Promise<void> {
  const name = shown(o.file, 'input');
  // Standard output carries the cleaned file: the line about it goes to standard error.
  const lines = o.output === STANDARD_STREAM ? process.stderr : process.stdout;
  if (o.restored) {
    process.stdout.write(
      `${name}: put back from ${escapeForTerminal(journalPathFor(o.file))} (an interrupted --in-place run)\n`,
    );
  }
  if (o.error) {
    process.stderr.write(
      `metaclean: ${name}: ${errorWords(o.error.code, o.error.detail)} (${o.error.code}${detail(o.error.detail)})\n`,
    );
    return;
  }
  if (options.undo || options.quiet) return;
  if (o.sidecar) {
    process.stdout.write(`${name}: ${escapeForTerminal(o.skipped ?? '')}\n`);
    return;
  }
  if (o.skipped) {
    process.stdout.write(`${name}: skipped (${o.skipped})\n`);
    return;
  }
  if (options.check) {
    const count = (o.findings ?? []).filter(removable).length;
    process.stdout.write(
      count
        ? `${name} (${formatShown(o)}): ${counted(count, 'item')} of metadata to remove\n`
        : `${name} (${formatShown(o)}): no metadata to remove\n`,
    );
    return;
  }
  if (options.inspect) {
    const findings = o.findings ?? [];
    process.stdout.write(
      `${name} (${formatShown(o)}): ${counted(findings.length, 'item')} found\n`,
    );
    const container = o.format ? itemKindOf(o.format.id) : 'file';
    const { findingLines } = await import('./report-words');
    for (const line of findingLines(findings, container))
      process.stdout.write(`${line}\n`);
    const note = nameNote(o.file, undefined, options);
    if (note) process.stdout.write(`  ${note}\n`);
    return;
  }
  const removed = o.removed ?? [];
  const summary = removed.length
    ? `removed ${removed.length} (${countByCategory(removed)})`
    : 'no metadata found';
  const kept = keptSummary(o.kept ?? []);
  const accepted = acceptedChanges(removed);
  const changes = accepted
    ? `; ${accepted} tracked change${accepted === 1 ? ' was' : 's were'} accepted; the deleted words are not in the copy`
    : '';
  const where = options.inPlace
    ? o.rewritten
      ? 'in place, replaced by its cleaned copy'
      : `in place, ${o.patchedBytes} bytes written`
    : `-> ${shown(o.output ?? '', 'output')}`;
  lines.write(
    `${name} ${where} (${formatShown(o)}): ${summary}${changes}${kept ? `; kept ${kept}` : ''}\n`,
  );
  const note = nameNote(o.file, o.output, options);
  if (note) lines.write(`  ${note}\n`);
  if (o.find)
    for (const line of findLines(o.find, o.output ?? ''))
      lines.write(`  ${line}\n`);
}

/** The file's format as the site and --list-formats name it ("JPG", "DOCX"); --json gives its id. */
function formatShown(o: FileOutcome): string {
  return o.format ? formatName(o.format) : 'unknown format';
}

/** "1 item", "3 items". */
function counted(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

function detail(text: string): string {
  return text ? `: ${escapeForTerminal(text.slice(0, 300))}` : '';
}
