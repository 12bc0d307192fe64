/**
 * A finding's label is a name from the file or its format (`GPSLatitude`, `hdlr name`), or words
 * the engine wrote where the file has none ("hidden sheet", "bytes after the end"). Words are
 * English, so each must be a phrase with an id whose words every message set has: a page in
 * German or Arabic never shows an English phrase. The labels are read from the engine's source.
 */
import { describe, expect, it } from 'vitest';
import { MESSAGE_SETS } from '../../../i18n/locales';
import { PHRASES, phraseOf } from '../../../workers/engine/phrases';
import { engineSourceLabels } from '../../helpers/engine-labels';
import { messagesOf } from '../../components/uploader/render-with-intl';

/**
 * Labels with a lowercase English-looking word that are names a format gives, shown as written:
 * box, chunk and atom names and their fields (ISO 14496-12 `hdlr` `name`, `tkhd` `matrix`),
 * element and attribute names, a URL scheme.
 */
const FORMAT_NAMES: ReadonlySet<string> = new Set([
  'ATRDPost10 dttm',
  'Comment10Atom datetime',
  'bext',
  'build',
  'compressorname',
  'fileVersion build',
  'hdlr name',
  'iCCP name',
  'imir',
  'irot',
  'javascript: URL',
  'link rel=author',
  'loci',
  'meta',
  'nsid',
  'prft',
  'rsid',
  'tkhd matrix',
  'tmcd name',
  'uid',
  'uuid {name}',
  'vendor',
]);

/** Punctuation around a word: "(authors", "removed)". */
const EDGES = /^[()=,.:;]+|[()=,.:;]+$/g;

/** A label with an English word in it: a lowercase word of letters only, not a token of a name. */
function hasEnglishWord(label: string): boolean {
  return label
    .split(/\s+/)
    .map((w) => w.replace(EDGES, ''))
    .some((w) => /^[a-z]{2,}$/.test(w));
}

const ENGLISH = new Set<string>(Object.values(PHRASES));
const isPhrase = (label: string) =>
  ENGLISH.has(label) || phraseOf(label, 'other.data') !== null;

// The field vocabulary's `label` is a message id, not a finding's label.
const labels = engineSourceLabels().filter(
  (l) => !l.at.startsWith('fields.ts:') && !l.at.startsWith('phrases.ts:'),
);

describe('the engine’s labels', () => {
  it('are read from its source', () => {
    expect(labels.length).toBeGreaterThan(200);
    expect(labels.map((l) => l.text)).toContain('bytes after the end');
  });

  it('that are English words are phrases with an id', () => {
    const unnamed = labels
      .filter((l) => hasEnglishWord(l.text))
      .filter((l) => !FORMAT_NAMES.has(l.text) && !isPhrase(l.text))
      .map((l) => `${l.text} (${l.at})`);
    expect(unnamed).toEqual([]);
  });

  it('name formats only where a format gives the name', () => {
    const texts = new Set(labels.map((l) => l.text));
    expect([...FORMAT_NAMES].filter((name) => !texts.has(name))).toEqual([]);
  });
});

describe.each(MESSAGE_SETS)('the phrases in %s', (set) => {
  const messages = messagesOf(set);

  it('all have words', () => {
    const missing = Object.keys(PHRASES).filter(
      (id) => !messages[`report.phrase.${id}`]?.trim(),
    );
    expect(missing).toEqual([]);
  });

  it('keep the file’s name where the English holds one', () => {
    for (const [id, english] of Object.entries(PHRASES))
      if (english.includes('{name}') && id !== 'xml-comments')
        expect(messages[`report.phrase.${id}`]).toContain('{name}');
  });
});
