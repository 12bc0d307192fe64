import { describe, expect, it } from 'vitest';
import { errorWords } from '../../../cli/error-words';
import { NO_FORMAT_MATCHED } from '../../../workers/engine/errors';

/** Every code of errors.ts and cli-error.ts: a script's key, never the words a person reads. */
const CODES = [
  'unsupported',
  'corrupt',
  'encrypted',
  'too-large',
  'cancelled',
  'unclean',
  'tracked-changes',
  'shared-workbook',
  'alt-chunk',
  'uncleanable-part',
  'unreadable',
  'unwritable',
  'output-is-input',
  'output-exists',
  'needs-rewrite',
  'no-journal',
  'journal-mismatch',
  'journal-waiting',
];

describe('errorWords', () => {
  it.each(CODES)('says what %s means in words, not by its code', (code) => {
    const words = errorWords(code, 'a detail');
    expect(words).not.toContain(code);
    expect(words).toMatch(/^[a-z][a-z0-9 ,;'()-]+[a-z)]$/i);
  });

  it('tells a file of no kind metaclean reads from one holding a part it does not', () => {
    expect(errorWords('unsupported', NO_FORMAT_MATCHED)).toBe(
      'not a photo, video, audio file or document metaclean reads',
    );
    expect(errorWords('unsupported', 'multiplexed Ogg streams')).toMatch(
      /^this kind of file, or something in it, is not one metaclean can clean safely/,
    );
  });
});
