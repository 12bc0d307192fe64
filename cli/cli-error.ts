/**
 * Failures of the command line itself, beside the engine's codes. Each has a code scripts can
 * match (the README lists them) and a detail for people.
 */
export type CliErrorCode =
  /** The input could not be read, or it changed (size, contents) while metaclean read it. */
  | 'unreadable'
  /** The output, a temporary file, the undo journal or (with --in-place) the file could not be written. */
  | 'unwritable'
  /** The output path names the input itself (the same path, or a link to the same file). */
  | 'output-is-input'
  /** A file exists where the output would go, and --force was not given: it is never replaced. */
  | 'output-exists'
  /** --in-place on a hard-linked file whose cleaning moves bytes: replacing it would part its names. */
  | 'needs-rewrite'
  /** --undo on a file that has no undo journal beside it. */
  | 'no-journal'
  /** An undo journal that is damaged or does not belong to the file as it is now. */
  | 'journal-mismatch'
  /**
   * An interrupted --in-place run left an undo journal beside the file: only --undo may act on it,
   * so any other run refuses and writes nothing.
   */
  | 'journal-waiting';

export class CliError extends Error {
  override readonly name = 'CliError';
  constructor(
    readonly code: CliErrorCode,
    readonly detail: string,
  ) {
    super(`${code}: ${detail}`);
  }
}

export function isCliError(value: unknown): value is CliError {
  return value instanceof CliError;
}

/** What a system error means, in words a person reads (errno codes are for scripts). */
const SYSTEM_ERROR_WORDS: Readonly<Record<string, string>> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  ENOENT: 'no such file or folder',
  ENOTDIR: 'a part of the path is not a folder',
  EISDIR: 'it is a folder',
  EEXIST: 'a file of that name exists',
  ENOSPC: 'no space left on the disk',
  EDQUOT: 'disk quota exceeded',
  EROFS: 'the file system is read-only',
  EFBIG: 'the file is too large for the file system',
  EMFILE: 'too many open files',
  ENFILE: 'too many open files on the system',
  EIO: 'input/output error (the disk or its connection failed)',
  EBUSY: 'the file is busy',
  ELOOP: 'too many symbolic links in the path',
  ENAMETOOLONG: 'the name is too long',
  EXDEV: 'the folders are on different disks',
  ETXTBSY: 'the file is a running program',
};

/**
 * A system error in words (`no space left on the disk`). Node's message is not passed on: it names
 * paths, and a temporary file's name is ours, not something the person asked for.
 */
export function describeSystemError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code && SYSTEM_ERROR_WORDS[code]) return SYSTEM_ERROR_WORDS[code];
  if (code) return `system error ${code}`;
  return 'an unexpected system error';
}

/**
 * Runs a write step; any system error it throws becomes `unwritable` (a full disk or a read-only
 * folder is not the input's fault).
 */
export async function writing<T>(
  what: string,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw asCliError('unwritable', what, error);
  }
}

export function writingSync<T>(what: string, work: () => T): T {
  try {
    return work();
  } catch (error) {
    throw asCliError('unwritable', what, error);
  }
}

export function asCliError(
  code: CliErrorCode,
  what: string,
  error: unknown,
): CliError {
  if (isCliError(error)) return error;
  return new CliError(code, `${what}: ${describeSystemError(error)}`);
}
