import { mkdir, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import {
  CLEANED_PREFIX,
  cleanPlan,
  inspect,
  isEngineError,
  type Finding,
  type Sniffed,
} from '../workers/engine/index';
import { parseArgs, UsageError, USAGE, type CliOptions } from './args';
import { openFileAccess } from './file-access';
import { countByCategory, findingLines } from './report-text';
import { writePlan } from './write-plan';

export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;

interface FileOutcome {
  readonly file: string;
  readonly format?: Sniffed;
  readonly output?: string;
  readonly removed?: Finding[];
  readonly kept?: Finding[];
  readonly findings?: Finding[];
  readonly error?: { code: string; detail: string };
}

/** Runs the command line; returns the exit status. Never throws. */
export async function main(argv: readonly string[]): Promise<number> {
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
  const outcomes: FileOutcome[] = [];
  for (const file of options.files) {
    const outcome = await processFile(file, options);
    outcomes.push(outcome);
    if (!options.json) printOutcome(outcome, options);
  }
  if (options.json)
    process.stdout.write(`${JSON.stringify(outcomes, null, 2)}\n`);
  return outcomes.some((o) => o.error) ? EXIT_FAILED : EXIT_OK;
}

function outputPath(file: string, options: CliOptions): string {
  if (options.out !== undefined) return options.out;
  const dir = options.outDir ?? dirname(file);
  return join(dir, CLEANED_PREFIX + basename(file));
}

async function processFile(
  file: string,
  options: CliOptions,
): Promise<FileOutcome> {
  try {
    const info = await stat(file);
    if (!info.isFile())
      return { file, error: { code: 'unreadable', detail: 'not a file' } };
    const input = await openFileAccess(file);
    try {
      if (options.inspect) {
        const { format, findings } = await inspect(input);
        return { file, format, findings };
      }
      const output = outputPath(file, options);
      if (resolve(output) === resolve(file)) {
        return {
          file,
          error: {
            code: 'usage',
            detail: 'the output would overwrite the input',
          },
        };
      }
      const { format, plan, removed, kept } = await cleanPlan(input);
      if (options.outDir !== undefined)
        await mkdir(options.outDir, { recursive: true });
      await writePlan(file, input.size, plan, output);
      return { file, format, output, removed, kept };
    } finally {
      await input.close();
    }
  } catch (error) {
    if (isEngineError(error))
      return { file, error: { code: error.code, detail: error.detail } };
    const code = (error as NodeJS.ErrnoException).code ?? 'io';
    return {
      file,
      error: { code: 'unreadable', detail: `${code}: ${String(error)}` },
    };
  }
}

function printOutcome(o: FileOutcome, options: CliOptions): void {
  if (o.error) {
    process.stderr.write(
      `metaclean: ${o.file}: ${o.error.code}${detail(o.error.detail)}\n`,
    );
    return;
  }
  if (options.inspect) {
    const findings = o.findings ?? [];
    process.stdout.write(
      `${o.file} (${o.format?.id}): ${findings.length} item(s)\n`,
    );
    for (const line of findingLines(findings))
      process.stdout.write(`${line}\n`);
    return;
  }
  const removed = o.removed ?? [];
  const summary = removed.length
    ? `removed ${removed.length} (${countByCategory(removed)})`
    : 'no metadata found';
  const kept = (o.kept ?? []).map((f) => `${f.label} (${f.kept})`).join(', ');
  process.stdout.write(
    `${o.file} -> ${o.output} (${o.format?.id}): ${summary}${kept ? `; kept ${kept}` : ''}\n`,
  );
}

function detail(text: string): string {
  return text ? ` (${text.slice(0, 300)})` : '';
}
