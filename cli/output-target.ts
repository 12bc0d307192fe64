import { existsSync, lstatSync, type BigIntStats } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { CLEANED_PREFIX } from '../workers/engine/index';
import { formatCatalog } from '../workers/engine/format-catalog';
import {
  extensionOf,
  neutralName,
  type NameKind,
} from '../workers/engine/file-name';
import { CliError, describeSystemError } from './cli-error';
import type { FileIdentity } from './file-access';
import { STANDARD_STREAM } from './std-streams';

/**
 * Where each input's cleaned copy goes: `-o`, or `cleaned_<name>` in `--out-dir` or beside the
 * input. Within one run no two inputs share an output: a later input whose output name is taken
 * gets `-2`, `-3`, ... before the extension (`cleaned_photo-2.jpg`). The output line and the JSON
 * name the path actually written. Standard input's cleaned file goes to standard output.
 */
export function outputPaths(
  files: readonly string[],
  options: {
    readonly out?: string;
    readonly outDir?: string;
    readonly rename?: boolean;
  },
): string[] {
  if (options.out !== undefined) return files.map(() => options.out!);
  if (options.rename) return neutralPaths(files, options.outDir);
  // Only outputs of this run are told apart here; a file already on disk (an input of the run
  // included) is never replaced without --force, which checkTarget enforces.
  const taken = new Set<string>();
  return files.map((file) => {
    if (file === STANDARD_STREAM) return STANDARD_STREAM;
    const natural = join(
      options.outDir ?? dirname(file),
      CLEANED_PREFIX + basename(file),
    );
    let candidate = natural;
    for (let n = 2; taken.has(resolve(candidate)); n++)
      candidate = withSuffix(natural, n);
    taken.add(resolve(candidate));
    return candidate;
  });
}

/** The kind a file's extension names in the catalog, for its neutral name. */
function kindOfName(file: string): NameKind {
  const ext = extensionOf(file);
  if (ext === 'zip') return 'archive';
  return (
    formatCatalog.find((f) => (f.extensions as readonly string[]).includes(ext))
      ?.kind ?? 'file'
  );
}

/**
 * `--rename`: each copy named by its kind (`photo.jpg`, `document.docx`), numbered in the run and
 * past any file already there, so no name is reused and none replaced.
 */
function neutralPaths(files: readonly string[], outDir?: string): string[] {
  const taken = new Set<string>();
  return files.map((file) => {
    if (file === STANDARD_STREAM) return STANDARD_STREAM;
    const dir = outDir ?? dirname(file);
    const kind = kindOfName(file);
    for (let n = 1; ; n++) {
      const candidate = join(dir, neutralName(file, kind, n));
      if (taken.has(resolve(candidate)) || existsSync(candidate)) continue;
      taken.add(resolve(candidate));
      return candidate;
    }
  });
}

function withSuffix(path: string, n: number): string {
  const ext = extname(path);
  return `${path.slice(0, path.length - ext.length)}-${n}${ext}`;
}

/**
 * An output is written to a temporary file and renamed over the target, which would replace a
 * symlink, a FIFO or a device node with a regular file (as root, `-o /dev/null` would replace
 * /dev/null). Only a missing path, or a regular file with `overwrite` (--force), is accepted; an
 * existing file is never replaced otherwise (`output-exists`); the input itself (by any name, hard
 * links included) is refused as `output-is-input`.
 */
export function checkTarget(
  out: string,
  input: FileIdentity,
  { overwrite }: { readonly overwrite: boolean },
): void {
  let info: BigIntStats;
  try {
    info = lstatSync(out, { bigint: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw new CliError('unwritable', describeSystemError(error));
  }
  if (!info.isFile()) {
    throw new CliError(
      'unwritable',
      `the output path is ${kindOf(info)}; metaclean writes only regular files`,
    );
  }
  if (info.dev === input.dev && info.ino === input.ino) {
    throw new CliError(
      'output-is-input',
      'the output would overwrite the input; use --in-place to clean the file itself',
    );
  }
  if (!overwrite)
    throw new CliError(
      'output-exists',
      'a file of that name exists and is not replaced; use --force to replace it',
    );
}

function kindOf(info: BigIntStats): string {
  if (info.isSymbolicLink()) return 'a symbolic link';
  if (info.isDirectory()) return 'a directory';
  if (info.isFIFO()) return 'a FIFO';
  if (info.isCharacterDevice() || info.isBlockDevice()) return 'a device';
  if (info.isSocket()) return 'a socket';
  return 'not a regular file';
}
