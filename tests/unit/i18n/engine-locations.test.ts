/**
 * A finding's location is where in the file it was: a name the file or its format gives the place
 * (`Segment/Info`, `APP1 Exif`, `meta/iprp/ipco`), or words the engine wrote ("first frame at 211",
 * "comment extension", "start of file"). Words are English, so each must be a place with an id whose
 * words every message set has: a page in German or Arabic never shows an English location. The
 * locations are read from the engine's source.
 */
import { describe, expect, it } from 'vitest';
import { MESSAGE_SETS } from '../../../i18n/locales';
import {
  LOCATION_PHRASES,
  locationParts,
} from '../../../workers/engine/location-phrases';
import { engineSourceLocations } from '../../helpers/engine-locations';
import { messagesOf } from '../../components/uploader/render-with-intl';

/**
 * Lowercase words in locations that are names a format gives, shown as written: box and chunk
 * names (ISO 14496-12 `meta`, `prft`, `uuid`; PNG `iCCP`), the SVG root element, a PDF's
 * `trailer` keyword, a HEIF item (ISO 23008-12 `item`).
 */
const FORMAT_NAMES: ReadonlySet<string> = new Set([
  'colr',
  'meta',
  'prft',
  'svg',
  'trailer',
  'uuid',
]);

/** Punctuation around a word: "(object", "field\"". */
const EDGES = /^[()=,.:;"]+|[()=,.:;"]+$/g;

/** The English words of a text: lowercase words of letters only, not a token of a name. */
const englishWords = (text: string) =>
  text
    .split(/\s+/)
    .map((w) => w.replace(EDGES, ''))
    .filter((w) => /^[a-z]{2,}$/.test(w) && !FORMAT_NAMES.has(w));

/** The English a location leaves as written once its places with an id are taken out. */
const leftInEnglish = (location: string) =>
  locationParts(location).flatMap((p) =>
    'text' in p ? englishWords(p.text) : [],
  );

const locations = engineSourceLocations().filter(
  (l) => !l.at.startsWith('location-phrases.ts:'),
);

describe('the engine’s locations', () => {
  it('are read from its source', () => {
    expect(locations.length).toBeGreaterThan(100);
    expect(locations.map((l) => l.text)).toContain('comment extension');
    expect(locations.map((l) => l.text)).toContain('first frame at {name}');
  });

  it('that are English words are places with an id', () => {
    const unnamed = locations
      .filter((l) => leftInEnglish(l.text).length > 0)
      .map((l) => `${l.text} (${l.at})`);
    expect(unnamed).toEqual([]);
  });

  it('name formats only where a format gives the name', () => {
    const words = new Set(
      locations.flatMap((l) =>
        l.text.split(/[\s/]+/).map((w) => w.replace(EDGES, '')),
      ),
    );
    expect([...FORMAT_NAMES].filter((name) => !words.has(name))).toEqual([]);
  });

  it('keep a file’s names and the nesting as written', () => {
    expect(locationParts('start of file ID3v2.4')).toEqual([
      { id: 'start-of-file' },
      { text: ' ID3v2.4' },
    ]);
    expect(locationParts('image (object 12): APP1 Exif')).toEqual([
      { id: 'image-object', name: '12' },
      { text: ': APP1 Exif' },
    ]);
    // A file's own name beginning with a place's word is the file's.
    expect(locationParts('form letter.docx / top level')).toEqual([
      { text: 'form letter.docx / ' },
      { id: 'top-level' },
    ]);
  });
});

describe.each(MESSAGE_SETS)('the places in %s', (set) => {
  const messages = messagesOf(set);

  it('all have words', () => {
    const missing = Object.keys(LOCATION_PHRASES).filter(
      (id) => !messages[`report.where.${id}`]?.trim(),
    );
    expect(missing).toEqual([]);
  });

  it('keep the file’s name where the English holds one', () => {
    for (const [id, english] of Object.entries(LOCATION_PHRASES))
      if (english.includes('{name}'))
        expect(messages[`report.where.${id}`]).toContain('{name}');
  });
});
