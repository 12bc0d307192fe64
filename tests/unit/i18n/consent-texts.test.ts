import { describe, expect, it } from 'vitest';
import { MESSAGE_SETS, type MessageSet } from '../../../i18n/locales';
import { loadMessages } from '../../../i18n/messages';

/**
 * The site runs nothing optional: no analytics, no advertising, no stored preferences. The banner,
 * the cookie page, its settings and the privacy policy must all say so, in every message set,
 * and each optional category must say what it would govern and that none of it runs today.
 */

interface SetWords {
  /** The set's words for "nothing optional runs". */
  readonly nothingOptional: RegExp;
  /** The set's word for "today". */
  readonly today: RegExp;
}

const WORDS: Readonly<Record<MessageSet, SetWords>> = {
  pt: { nothingOptional: /nada opcional roda/i, today: /\bhoje\b/i },
  en: { nothingOptional: /nothing optional runs/i, today: /\btoday\b/i },
  'en-GB': {
    nothingOptional: /nothing optional runs/i,
    today: /\btoday\b|\bat present\b/i,
  },
  de: { nothingOptional: /läuft nichts Optionales/i, today: /\bheute\b/i },
  'de-CH': {
    nothingOptional: /läuft nichts Optionales/i,
    today: /\bheute\b/i,
  },
  it: {
    nothingOptional: /non gira nulla di facoltativo/i,
    today: /\boggi\b/i,
  },
  ar: { nothingOptional: /لا يعمل .*أي شيء اختياري/, today: /اليوم/ },
};

/** Where a visitor reads that nothing optional runs: banner, cookie page, privacy policy. */
const SAYS_NOTHING_OPTIONAL = [
  'consent.banner.text',
  'cookies.intro',
  'privacy.s3.text',
] as const;

/** Where a visitor reads what a choice would govern: each must say that none of it runs today. */
const SAYS_NONE_TODAY = [
  'consent.details.text',
  'consent.settings.intro',
  'consent.category.analytics.description',
  'consent.category.marketing.description',
  'consent.category.preferences.description',
] as const;

/** The storage the necessary category keeps, named the same in the policy and the category. */
const STORAGE_KEYS = ['cookie-consent', 'cookie-preferences'] as const;

describe('the cookie story', () => {
  for (const set of MESSAGE_SETS) {
    it(`${set}: banner, cookie page, settings and privacy policy agree that nothing optional runs`, async () => {
      const messages = await loadMessages(set);
      const words = WORDS[set];
      for (const id of SAYS_NOTHING_OPTIONAL) {
        expect(messages[id], id).toMatch(words.nothingOptional);
      }
      for (const id of SAYS_NONE_TODAY) {
        expect(messages[id], id).toMatch(words.today);
      }
      for (const key of STORAGE_KEYS) {
        expect(messages['privacy.s3.text']).toContain(key);
        expect(messages['consent.category.necessary.description']).toContain(
          key,
        );
      }
    });
  }
});
