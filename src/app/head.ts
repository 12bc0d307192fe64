/**
 * The head of every page: title, description, canonical and the ten alternates, from
 * the route table. The prerender writes it into the HTML; `HeadSync` keeps it right after
 * client-side navigation.
 */
import type { IntlShape } from 'react-intl';
import {
  ALL_LOCALES,
  DEFAULT_LOCALE_CODE,
  type Locale,
} from '../../i18n/locales';
import {
  targetPath,
  type RouteMatch,
  type RouteTarget,
} from '../../i18n/routes';
import { SITE_URL } from './site-config';

export interface Alternate {
  hreflang: string;
  href: string;
}

export interface HeadData {
  lang: string;
  dir: 'ltr' | 'rtl';
  title: string;
  description: string;
  /** Absolute URL; null on the not-found page. */
  canonical: string | null;
  alternates: Alternate[];
  noindex: boolean;
}

function targetOf(match: RouteMatch): RouteTarget {
  return match.page === 'blogPost'
    ? { page: 'blogPost', slug: match.slug }
    : { page: match.page };
}

/** pt, en, en-GB, en-AU, en-CA, de, de-CH, it, ar-AE and x-default (the Portuguese URL). */
export function alternatesFor(
  target: RouteTarget,
  siteUrl = SITE_URL,
): Alternate[] {
  const variants = ALL_LOCALES.map((locale) => ({
    hreflang: locale.hreflang,
    href: `${siteUrl}${targetPath(target, locale.code)}`,
  }));
  const fallback = `${siteUrl}${targetPath(target, DEFAULT_LOCALE_CODE)}`;
  return [...variants, { hreflang: 'x-default', href: fallback }];
}

function metaIds(match: RouteMatch | null) {
  // Blog articles have their own texts once their issue lands; until then they are not found.
  const page = match && match.page !== 'blogPost' ? match.page : 'notFound';
  return {
    title: `meta.${page}.title`,
    description: `meta.${page}.description`,
  } as const;
}

/** Head data for a matched route, or for the not-found page (noindex, no canonical). */
export function headFor(
  match: RouteMatch | null,
  locale: Locale,
  intl: IntlShape,
): HeadData {
  const ids = metaIds(match);
  const found = match !== null && match.page !== 'blogPost';
  const target = found ? targetOf(match) : null;
  return {
    lang: locale.lang,
    dir: locale.dir,
    title: intl.formatMessage({ id: ids.title }),
    description: intl.formatMessage({ id: ids.description }),
    canonical: target ? `${SITE_URL}${targetPath(target, locale.code)}` : null,
    alternates: target ? alternatesFor(target) : [],
    noindex: !found,
  };
}
