/**
 * The terminal's words for the places `--find` names are the site's English (`find.place.*`),
 * read from the message set, not a copy that could drift: plain text, metaclean for "we".
 */
import { describe, expect, it } from 'vitest';
import site from '../../../i18n/messages/find-words/en.json';
import { FIND_PLACE_WORDS } from '../../../cli/find-words-text';

const SITE: Readonly<Record<string, string>> = site;
const placesOfSite = Object.keys(SITE)
  .filter((id) => id.startsWith('find.place.'))
  .map((id) => id.slice('find.place.'.length));

describe('the places --find names', () => {
  it('are every place the site names, and only those', () => {
    expect(Object.keys(FIND_PLACE_WORDS).sort()).toEqual(placesOfSite.sort());
  });

  it.each(placesOfSite)(
    'say what the site says of %s, as plain text',
    (place) => {
      const words = FIND_PLACE_WORDS[place as keyof typeof FIND_PLACE_WORDS];
      expect(words).toBe(
        SITE[`find.place.${place}`]!.replace(/\u2019/g, "'").replace(
          /\bwe\b/g,
          'metaclean',
        ),
      );
      expect(words).not.toMatch(/[\u2019\u201c\u201d]|\bwe\b/);
    },
  );
});
