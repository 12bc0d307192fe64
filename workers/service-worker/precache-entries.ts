import type { Locale } from '../../i18n/locales';
import { localeFromPath } from '../../i18n/routes';

/** One file of Workbox's precache list: a same-origin URL and its revision (null when hashed). */
export interface PrecacheEntry {
  readonly url: string;
  readonly revision: string | null;
}

/**
 * The built files that belong to one message set only, by set (its messages, its feature
 * loaders, its blog index and articles): the build reads them from Vite's manifest.
 */
export type SetAssets = Readonly<Record<string, readonly string[]>>;

/** A file's URL ends in an extension; a prerendered page's clean URL does not. */
const FILE_NAME = /\/[^/]*\.[a-z0-9]+$/i;

export function isPageUrl(url: string): boolean {
  return !FILE_NAME.test(url);
}

/**
 * What one variant's registration precaches: its own pages, the files every variant shares
 * (the app shell, the cleaning worker, icons, manifests) and its own message set, not the others'.
 */
export function entriesForVariant(
  entries: readonly PrecacheEntry[],
  locale: Locale,
  setAssets: SetAssets,
): PrecacheEntry[] {
  const otherSets = new Set(
    Object.entries(setAssets)
      .filter(([set]) => set !== locale.messageSet)
      .flatMap(([, urls]) => urls),
  );
  return entries.filter(({ url }) =>
    isPageUrl(url)
      ? localeFromPath(url).code === locale.code
      : !otherSets.has(url),
  );
}
