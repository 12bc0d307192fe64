import { ErrorCode, type FileRejection } from 'react-dropzone';

/** The four reasons a dropped file is refused, each with its own localized message. */
export type RejectionCode = `${ErrorCode}`;

export interface Rejection {
  readonly code: RejectionCode;
  readonly name: string;
  readonly size: number;
  /** The MIME type the browser gave, to find the page that takes the file. */
  readonly type: string;
}

const KNOWN_CODES: ReadonlySet<string> = new Set(Object.values(ErrorCode));

function isRejectionCode(code: string): code is RejectionCode {
  return KNOWN_CODES.has(code);
}

/**
 * One message per drop, not per file: several files give "one at a time" once; otherwise the
 * first file's first reason.
 */
export function firstRejection(
  rejections: readonly FileRejection[],
): Rejection | null {
  const tooMany = rejections.some((r) =>
    r.errors.some((e) => e.code === ErrorCode.TooManyFiles),
  );
  const first = rejections[0];
  if (!first) return null;
  const { name, size, type } = first.file;
  if (tooMany) return { code: ErrorCode.TooManyFiles, name, size, type };
  const code = first.errors.map((e) => e.code).find(isRejectionCode);
  return { code: code ?? ErrorCode.FileInvalidType, name, size, type };
}
