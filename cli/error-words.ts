/**
 * What each failure means for the person, as the site's error box says it
 * (`uploader.error.*` in i18n/messages/uploader/en.json), in the terminal's few words. The line
 * keeps the code (scripts and the README's table match it) and the detail that says which part
 * or what to do: `metaclean: FILE: WORDS (CODE: detail)`.
 */
import type { EngineErrorCode } from '../workers/engine/index';
import { NO_FORMAT_MATCHED } from '../workers/engine/errors';
import type { CliErrorCode } from './cli-error';

type ErrorCode = EngineErrorCode | CliErrorCode;

const ERROR_WORDS: Readonly<Record<ErrorCode, string>> = {
  // The kind of file, or a part of it: the detail says which.
  unsupported:
    'this kind of file, or something in it, is not one metaclean can clean safely, so no copy was made',
  corrupt:
    'the file seems damaged or incomplete, so it cannot be cleaned safely',
  encrypted:
    'the file is password-protected; remove the password and try again',
  'too-large':
    'the file, or a part of it, is larger than metaclean can clean safely',
  cancelled: 'the cleaning was canceled',
  unclean:
    'some metadata could not be removed with certainty, so no copy was made',
  // What to do comes with it, as on the site: the person can clear these in the program they use.
  'tracked-changes':
    'this document still holds tracked changes, which can keep deleted text, and metaclean cannot remove them from a Word 97-2003 file; open it in Word or LibreOffice, accept or reject all changes, save it, then clean it again',
  'shared-workbook':
    'this workbook is shared or tracks changes, which keeps earlier cell values and who changed them, and metaclean cannot remove them from an Excel 97-2003 file; open it in Excel or LibreOffice, stop sharing it, accept or reject all changes, save it, then clean it again',
  'alt-chunk':
    'this document holds content brought in from another file, which Word merges only when it opens it, and metaclean cannot check it; open it in Word, save it, then clean it again',
  'uncleanable-part': 'the file holds parts metaclean cannot clean',
  unreadable: 'cannot be read',
  unwritable: 'the cleaned copy cannot be written',
  'output-is-input': 'the output is the input itself',
  'output-exists': 'a file is already where the cleaned copy would go',
  'needs-rewrite':
    'the file has other names (hard links), which replacing it in place would part from it',
  'no-journal': 'there is nothing to put back',
  'journal-mismatch':
    'the undo journal is damaged or does not belong to the file as it is now',
  'journal-waiting': 'an interrupted --in-place run is waiting to be undone',
};

/** The words for a failure, by its code; an unsupported file says whether metaclean reads its kind at all. */
export function errorWords(code: string, detail: string): string {
  if (code === 'unsupported' && detail === NO_FORMAT_MATCHED)
    return 'not a photo, video, audio file or document metaclean reads';
  return Object.hasOwn(ERROR_WORDS, code)
    ? ERROR_WORDS[code as ErrorCode]
    : 'the file could not be cleaned';
}
