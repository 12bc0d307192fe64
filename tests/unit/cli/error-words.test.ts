import { describe, expect, it } from 'vitest';
import uploader from '../../../i18n/messages/uploader/en.json';
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

/**
 * What the site's error box and the terminal's failure line must both say, per code: the terminal
 * says it in fewer words (and names metaclean where the site says "we"), so the test holds the
 * claims, not the sentences. A change of meaning on one side fails here until the other follows.
 */
const SHARED_CLAIMS: Readonly<Record<string, readonly string[]>> = {
  unsupported: ['safely', 'no copy'],
  corrupt: ['seems damaged or incomplete', 'cannot be cleaned safely'],
  encrypted: ['password-protected', 'remove the password and try again'],
  'too-large': ['or a part of it', 'larger than', 'clean safely'],
  cancelled: ['the cleaning was canceled'],
  unclean: ['could not be removed with certainty', 'no copy'],
  'tracked-changes': [
    'still holds tracked changes',
    'deleted text',
    'word 97-2003 file',
    'accept or reject all changes, save it, then clean it again',
  ],
  'shared-workbook': [
    'shared or tracks changes',
    'earlier cell values',
    'who changed them',
    'excel 97-2003 file',
    'stop sharing it, accept or reject all changes, save it, then clean it again',
  ],
  'alt-chunk': [
    'content brought in from another file',
    'only when it opens it',
    'cannot check it',
    'save it, then clean it again',
  ],
  'uncleanable-part': ['cannot clean'],
};

const siteWords = (code: string): string | undefined =>
  (uploader as Record<string, string>)[`uploader.error.${code}`];

describe('the terminal and the site', () => {
  it('have a claim list for every code both explain', () => {
    const both = CODES.filter((code) => siteWords(code) !== undefined);
    expect(both.sort()).toEqual(Object.keys(SHARED_CLAIMS).sort());
  });

  it.each(Object.entries(SHARED_CLAIMS))(
    'say the same thing of %s',
    (code, claims) => {
      const site = siteWords(code)!.toLowerCase();
      const terminal = errorWords(code, 'a detail').toLowerCase();
      for (const claim of claims) {
        expect(site).toContain(claim);
        expect(terminal).toContain(claim);
      }
    },
  );
});
