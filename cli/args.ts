/** The command line, parsed: a pure function so usage errors are tested without a process. */
export interface CliOptions {
  readonly inspect: boolean;
  readonly json: boolean;
  readonly out?: string;
  readonly outDir?: string;
  readonly files: readonly string[];
  readonly help: boolean;
}

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export const USAGE = `Usage: metaclean [--inspect] [--json] [-o OUT | --out-dir DIR] FILE...

Removes location, dates, device, author, software and comments from photos, videos, audio and
documents, losslessly. Writes cleaned_<name> beside each input unless -o or --out-dir says
otherwise; the input is never modified.

  --inspect      list the metadata found, write nothing
  --json         print results as JSON
  -o OUT         output path (one input file only)
  --out-dir DIR  write cleaned_<name> files into DIR
  -h, --help     show this help

Exit status: 0 when every file was cleaned, 1 when any failed, 2 on bad usage.`;

export function parseArgs(argv: readonly string[]): CliOptions {
  let inspect = false;
  let json = false;
  let help = false;
  let out: string | undefined;
  let outDir: string | undefined;
  const files: string[] = [];
  const valueOf = (flag: string, i: number): string => {
    const value = argv[i + 1];
    if (value === undefined || value === '')
      throw new UsageError(`${flag} needs a value`);
    return value;
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') {
      files.push(...argv.slice(i + 1));
      break;
    }
    if (arg === '--inspect') inspect = true;
    else if (arg === '--json') json = true;
    else if (arg === '-h' || arg === '--help') help = true;
    else if (arg === '-o' || arg === '--out') out = valueOf(arg, i++);
    else if (arg === '--out-dir') outDir = valueOf(arg, i++);
    else if (arg.startsWith('--out-dir='))
      outDir = arg.slice('--out-dir='.length);
    else if (arg.startsWith('-') && arg !== '-')
      throw new UsageError(`unknown option ${arg}`);
    else files.push(arg);
  }
  if (help) return { inspect, json, files, help };
  if (files.length === 0) throw new UsageError('no input file');
  if (out !== undefined && outDir !== undefined) {
    throw new UsageError('-o and --out-dir cannot be used together');
  }
  if (out !== undefined && files.length > 1)
    throw new UsageError('-o takes one input file');
  if (inspect && (out !== undefined || outDir !== undefined)) {
    throw new UsageError('--inspect writes nothing; drop -o/--out-dir');
  }
  return {
    inspect,
    json,
    files,
    help,
    ...(out === undefined ? {} : { out }),
    ...(outDir === undefined ? {} : { outDir }),
  };
}
