import { createContext, useContext } from 'react';
import { LOCALES, DEFAULT_LOCALE_CODE, type Locale } from '../../i18n/locales';
import { pagePath, type PageId } from '../../i18n/routes';

/** The variant of the page being shown; set once per page load by `AppProviders`. */
export const LocaleContext = createContext<Locale>(
  LOCALES[DEFAULT_LOCALE_CODE],
);

/** The current variant's record: code, prefix, lang, dir, message set, switcher label. */
export function useLocale(): Locale {
  return useContext(LocaleContext);
}

/** The path of a page in the current variant, e.g. `useLocalizedPath('home')` -> '/de'. */
export function useLocalizedPath(page: PageId): string {
  return pagePath(page, useLocale().code);
}
