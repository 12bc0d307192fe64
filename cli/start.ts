/**
 * What the command answers before it loads the engine: `--help`, `--version` and usage errors.
 * The bin runs this small bundle first (dist-cli/start.cjs), so those answers never parse the
 * format modules; any other command line loads the whole command (dist-cli/metaclean.mjs).
 */
import { parseArgs, UsageError, USAGE, type CliOptions } from './args';

export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;
/** --check: removable metadata was found in at least one file (and nothing failed). */
export const EXIT_FOUND = 3;

/** Set by the bundler from package.json; absent when the sources run unbundled (tests). */
declare const METACLEAN_VERSION: string | undefined;
const VERSION =
  typeof METACLEAN_VERSION === 'string' ? METACLEAN_VERSION : 'development';

/**
 * The parsed options, or the exit status once the answer is written: the usage error, the help
 * or the version.
 */
export function parseOrAnswer(argv: readonly string[]): CliOptions | number {
  let options: CliOptions;
  try {
    options = parseArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(
      `metaclean: ${error.message}\nUsage: metaclean [OPTIONS] FILE...; metaclean --help says more\n`,
    );
    return EXIT_USAGE;
  }
  if (options.help) {
    process.stdout.write(`${USAGE}\n`);
    return EXIT_OK;
  }
  if (options.version) {
    process.stdout.write(`metaclean ${VERSION}\n`);
    return EXIT_OK;
  }
  return options;
}

/** The bin's first step: the exit status when answered here, or null to run the command. */
export function answerBeforeEngine(argv: readonly string[]): number | null {
  const answer = parseOrAnswer(argv);
  return typeof answer === 'number' ? answer : null;
}
