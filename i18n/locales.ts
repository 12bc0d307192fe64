/** The nine language variants of the site and the message sets they read. */

export const LOCALE_CODES = [
  'pt',
  'en',
  'uk',
  'au',
  'ca',
  'de',
  'ch',
  'it',
  'ae',
] as const;
export type LocaleCode = (typeof LOCALE_CODES)[number];

export const MESSAGE_SETS = [
  'pt',
  'en',
  'en-GB',
  'de',
  'de-CH',
  'it',
  'ar',
] as const;
export type MessageSet = (typeof MESSAGE_SETS)[number];

/** Which slug column of the route table a variant uses. */
export type SlugFamily = 'pt' | 'en' | 'de' | 'it' | 'ar';

export interface Locale {
  code: LocaleCode;
  /** Path prefix: '' for Portuguese, '/en' for English, ... */
  prefix: string;
  /** Value of `<html lang>`. */
  lang: string;
  /** Value of `hreflang` on alternate links. */
  hreflang: string;
  dir: 'ltr' | 'rtl';
  messageSet: MessageSet;
  slugFamily: SlugFamily;
  /** Name shown in the language switcher, in its own language. */
  label: string;
}

export const DEFAULT_LOCALE_CODE: LocaleCode = 'pt';

const row = (
  code: LocaleCode,
  lang: string,
  messageSet: MessageSet,
  slugFamily: SlugFamily,
  label: string,
): Locale => ({
  code,
  prefix: code === DEFAULT_LOCALE_CODE ? '' : `/${code}`,
  lang,
  hreflang: lang,
  dir: slugFamily === 'ar' ? 'rtl' : 'ltr',
  messageSet,
  slugFamily,
  label,
});

export const LOCALES: Readonly<Record<LocaleCode, Locale>> = {
  pt: row('pt', 'pt', 'pt', 'pt', 'Português'),
  en: row('en', 'en', 'en', 'en', 'English'),
  uk: row('uk', 'en-GB', 'en-GB', 'en', 'English (UK)'),
  au: row('au', 'en-AU', 'en-GB', 'en', 'English (Australia)'),
  ca: row('ca', 'en-CA', 'en', 'en', 'English (Canada)'),
  de: row('de', 'de', 'de', 'de', 'Deutsch'),
  ch: row('ch', 'de-CH', 'de-CH', 'de', 'Deutsch (Schweiz)'),
  it: row('it', 'it', 'it', 'it', 'Italiano'),
  ae: { ...row('ae', 'ar', 'ar', 'ar', 'العربية'), hreflang: 'ar-AE' },
};

/** Every variant, in switcher order. */
export const ALL_LOCALES: readonly Locale[] = LOCALE_CODES.map(
  (code) => LOCALES[code],
);

export function isLocaleCode(value: string): value is LocaleCode {
  return (LOCALE_CODES as readonly string[]).includes(value);
}
