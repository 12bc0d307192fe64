/** The command line, parsed: a pure function so usage errors are tested without a process. */
export interface CliOptions {
  readonly inspect: boolean;
  /** Write nothing; exit 0 when no removable metadata is found, 3 when some is. */
  readonly check: boolean;
  /** Replace an existing output file; without it one is never replaced. */
  readonly force: boolean;
  /** Only errors are printed (and the JSON, with --json). */
  readonly quiet: boolean;
  readonly version: boolean;
  readonly listFormats: boolean;
  readonly json: boolean;
  readonly inPlace: boolean;
  readonly undo: boolean;
  /** Name each copy by its kind (`photo.jpg`), not after its input. */
  readonly rename: boolean;
  /** Remove the parts the engine cannot clean (attachments), named in the output, instead of failing. */
  readonly dropUncleanable: boolean;
  /** Folders among the inputs are walked (`-r`); with it, `-o` names the output folder. */
  readonly recursive: boolean;
  /** With -r: enter links to folders and clean links to files met in the walk. */
  readonly followSymlinks: boolean;
  readonly out?: string;
  readonly outDir?: string;
  readonly files: readonly string[];
  readonly help: boolean;
  /** `--find WORD`, repeatable: words searched in each input and its copy. */
  readonly find: readonly string[];
}

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export const USAGE = `Usage: metaclean [--json] [--quiet] [--force] [--rename] [--drop-uncleanable] [-o OUT | --out-dir DIR | --in-place] FILE...
       metaclean -r [--follow-symlinks] [OPTIONS] [-o DIR | --out-dir DIR] FOLDER|FILE...
       metaclean [-o OUT] - < FILE   (standard input; the cleaned file goes to standard output
                                     unless -o names a file)
       metaclean --find WORD [--find WORD]... [OPTIONS] FILE...
       metaclean --inspect | --check [--json] FILE...
       metaclean --undo [--json] FILE...
       metaclean --list-formats | --version | --help

Removes location, dates, device, author, software and hidden comments from photos, videos, audio
and documents, losslessly. Writes cleaned_<name> beside each input unless -o, --out-dir or
--rename says otherwise; the input is never modified unless --in-place is given.

  --inspect      list the metadata found, write nothing
  --check        write nothing; exit 0 when no removable metadata is found, 3 when some is
  --json         print results as JSON
  -f, --force    replace an output file that exists (never done without it)
  -q, --quiet    print only errors
  -o, --out OUT  output path (one input file only); must not exist or be a regular file;
                 - writes to standard output (never to a terminal)
  --out-dir DIR  write cleaned_<name> files into DIR (a name already used in the run gets -2, -3)
  --in-place     clean the file itself: MP4/MOV/HEIC, Matroska, AVI, WMV, FLV, TIFF by writing
                 only the changed bytes (an undo journal FILE.metaclean-undo guards the run),
                 other formats by replacing the file with its cleaned copy (atomic rename)
  --undo         put back the original bytes of an interrupted --in-place run
  --rename       name each copy by its kind (photo.jpg, document-2.docx), not after its input:
                 names often hold a date, a time or a person's name
  --drop-uncleanable
                 remove the parts metaclean cannot clean (a PDF's attachment of an unknown type,
                 a ZIP's member), each listed as removed, instead of failing with uncleanable-part
  -r, --recursive
                 clean every file in the folders given and the folders inside them; with -o DIR
                 or --out-dir DIR the copies keep the folders' structure under DIR. Hidden files
                 and folders, metaclean's own files and symbolic links are skipped, and sidecars
                 (.AAE, Takeout .json, DJI .SRT, .XMP, Thumbs.db, .DS_Store) left out, each said
  --follow-symlinks
                 with -r, follow symbolic links (a link back to a folder walked is not entered)
  --find WORD    after cleaning, search the input and the copy for WORD (a name, an e-mail, a
                 street; case and accents aside) in every layer metaclean reads, and say where it
                 was and where it still is, visible content or hidden; repeat for more words.
                 A word left in a hidden place of the copy removes the copy and exits 3
  --list-formats list the formats metaclean cleans, with their extensions
  -V, --version  print the version
  -h, --help     show this help

Exit status: 0 when every file was cleaned, 1 when any failed (one line each, with its error
code), 2 on bad usage, 3 with --check when metadata was found or with --find when a word is left
hidden; killed by SIGINT, SIGTERM or SIGHUP after removing its temporary files.`;

/** `-` (standard input) and `-o -` (standard output) fit only some runs. */
function checkStandardStreams(options: CliOptions): void {
  const fromStdin = options.files.filter((f) => f === '-').length;
  if (fromStdin > 1)
    throw new UsageError('standard input (-) can be read once');
  if (fromStdin && (options.inPlace || options.undo))
    throw new UsageError(
      `${options.inPlace ? '--in-place' : '--undo'} needs a file, not standard input`,
    );
  if (fromStdin && options.outDir !== undefined)
    throw new UsageError(
      '--out-dir needs file names; use -o with standard input',
    );
  const toStdout =
    options.out === '-' || (fromStdin && options.out === undefined);
  if (toStdout && options.json && !options.inspect && !options.check)
    throw new UsageError(
      '--json and the cleaned file cannot share standard output; use -o FILE',
    );
}

/** `--find` searches a copy written to a file beside an input that stays as it was. */
function checkFind(options: CliOptions): void {
  if (options.find.some((w) => w.trim() === ''))
    throw new UsageError('--find needs a word');
  const clash = options.inspect
    ? '--inspect'
    : options.check
      ? '--check'
      : options.inPlace
        ? '--in-place'
        : options.undo
          ? '--undo'
          : options.files.includes('-') || options.out === '-'
            ? 'standard input or output'
            : undefined;
  if (clash)
    throw new UsageError(
      `--find searches a cleaned copy written to a file; it does not go with ${clash}`,
    );
}

const EXCLUSIVE_WRITES = ['-o', '--out-dir', '--in-place'] as const;

export function parseArgs(argv: readonly string[]): CliOptions {
  let inspect = false;
  let check = false;
  let force = false;
  let quiet = false;
  let version = false;
  let listFormats = false;
  let json = false;
  let help = false;
  let inPlace = false;
  let undo = false;
  let dropUncleanable = false;
  let recursive = false;
  let followSymlinks = false;
  let rename = false;
  const find: string[] = [];
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
    else if (arg === '--check') check = true;
    else if (arg === '-f' || arg === '--force') force = true;
    else if (arg === '-q' || arg === '--quiet') quiet = true;
    else if (arg === '-V' || arg === '--version') version = true;
    else if (arg === '--list-formats') listFormats = true;
    else if (arg === '--json') json = true;
    else if (arg === '--in-place') inPlace = true;
    else if (arg === '--undo') undo = true;
    else if (arg === '--drop-uncleanable') dropUncleanable = true;
    else if (arg === '-r' || arg === '--recursive') recursive = true;
    else if (arg === '--follow-symlinks') followSymlinks = true;
    else if (arg === '--rename') rename = true;
    else if (arg === '-h' || arg === '--help') help = true;
    else if (arg === '-o' || arg === '--out') out = valueOf(arg, i++);
    else if (arg === '--out-dir') outDir = valueOf(arg, i++);
    else if (arg === '--find') find.push(valueOf(arg, i++));
    else if (arg.startsWith('--find=')) find.push(arg.slice('--find='.length));
    else if (arg.startsWith('--out-dir='))
      outDir = arg.slice('--out-dir='.length);
    else if (arg.startsWith('-') && arg !== '-')
      throw new UsageError(
        `unknown option ${arg} (metaclean --help lists them)`,
      );
    else files.push(arg);
  }
  const options = {
    inspect,
    check,
    force,
    quiet,
    version,
    listFormats,
    json,
    inPlace,
    undo,
    dropUncleanable,
    recursive,
    followSymlinks,
    rename,
    files,
    help,
    find,
    // With -r, -o names the folder the copies go to, as --out-dir does.
    ...(out === undefined || recursive ? {} : { out }),
    ...(outDir === undefined && !(recursive && out !== undefined)
      ? {}
      : { outDir: outDir ?? out! }),
  };
  if (help || version || listFormats) return options;
  if (files.length === 0) throw new UsageError('no input file');
  const writes = [out, outDir, inPlace || undefined].filter(
    (v) => v !== undefined,
  );
  if (writes.length > 1)
    throw new UsageError(`${EXCLUSIVE_WRITES.join(', ')} exclude each other`);
  if (recursive && out === '-')
    throw new UsageError('-r writes files; -o - (standard output) takes one');
  if (followSymlinks && !recursive)
    throw new UsageError('--follow-symlinks needs -r');
  if (out !== undefined && !recursive && files.length > 1)
    throw new UsageError('-o takes one input file');
  if (find.length > 0) checkFind(options);
  if (inspect && check)
    throw new UsageError('--inspect and --check exclude each other');
  if ((inspect || check) && (writes.length > 0 || force)) {
    throw new UsageError(
      `${inspect ? '--inspect' : '--check'} writes nothing; drop -o/--out-dir/--in-place/--force`,
    );
  }
  if (
    undo &&
    (inspect ||
      check ||
      force ||
      dropUncleanable ||
      recursive ||
      writes.length > 0)
  )
    throw new UsageError('--undo takes only --json and files');
  if (rename && (out !== undefined || inPlace || inspect || check || undo))
    throw new UsageError(
      '--rename names the copies metaclean writes beside the inputs or in --out-dir; -o names one itself',
    );
  checkStandardStreams(options);
  return options;
}
