import { LOCALES, type LocaleCode } from '../../../i18n/locales';

/** Where a variant's Atom feed lives: `/feed.xml`, `/en/feed.xml`, ..., `/ae/feed.xml`. */
export function feedPath(code: LocaleCode): string {
  return `${LOCALES[code].prefix}/feed.xml`;
}
