/** Every way a clean can fail. The UI and the CLI translate the code; no bare strings are thrown. */
export type EngineErrorCode =
  | 'unsupported'
  | 'corrupt'
  | 'encrypted'
  | 'too-large'
  | 'cancelled'
  | 'unclean'
  /** A Word 97-2003 file whose tracked changes (deleted text) cannot be removed from it: accept or reject them first. */
  | 'tracked-changes'
  /** An Excel 97-2003 workbook that is shared or records changes (its revision log and user list): stop sharing and accept or reject the changes first. */
  | 'shared-workbook'
  /** A Word document holding content imported from an HTML, RTF or text file (altChunk), which Word merges when it opens it: open and save it in Word first. */
  | 'alt-chunk'
  /** A part the engine cannot clean (an attachment of an unknown type): `parts` names them. */
  | 'uncleanable-part';

/** The detail of `unsupported` when no format's signature matches: the file is of no kind the engine reads. */
export const NO_FORMAT_MATCHED = 'no format matched the file signature';

export class EngineError extends Error {
  override readonly name = 'EngineError';
  constructor(
    readonly code: EngineErrorCode,
    /** Technical detail for logs and the CLI; never shown as the visitor's message. */
    readonly detail = '',
    /** The parts an `uncleanable-part` error is about, by the names the file gives them. */
    readonly parts: readonly string[] = [],
  ) {
    super(detail ? `${code}: ${detail}` : code);
  }
}

export function isEngineError(value: unknown): value is EngineError {
  return value instanceof EngineError;
}

/**
 * A nested file's error with where it stood put before its detail, so the person learns which
 * picture or item failed; a cancellation and any other error pass as they are.
 */
export function placedError(error: unknown, where: string): unknown {
  if (error instanceof EngineError && error.code !== 'cancelled')
    return new EngineError(
      error.code,
      `${where}: ${error.detail}`,
      error.parts,
    );
  return error;
}

/** Shorthand for the most common guard: a length or offset that does not fit the file. */
export function corrupt(detail: string): EngineError {
  return new EngineError('corrupt', detail);
}

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new EngineError('cancelled');
}
