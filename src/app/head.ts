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
import type { ArticleMeta } from '../features/blog/blog-types';
import { feedPath } from '../features/blog/feed-path';
import { SITE_URL } from '../site/site-config';

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
  /** The variant's Atom feed, linked from the blog index. */
  feed: { href: string; title: string } | null;
  /** Structured data (JSON, `<` escaped) for a `<script type="application/ld+json">`. */
  jsonLd: string | null;
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

/** schema.org BlogPosting for an article (https://schema.org/BlogPosting). */
export function blogPostingJsonLd(
  article: ArticleMeta,
  url: string,
  lang: string,
): string {
  const publisher = { '@type': 'Organization', name: 'MetaClean' };
  const data = {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: article.title,
    description: article.description,
    datePublished: article.date,
    dateModified: article.date,
    inLanguage: lang,
    url,
    mainEntityOfPage: url,
    author: publisher,
    publisher,
  };
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

function articleHead(
  slug: string,
  article: ArticleMeta,
  locale: Locale,
  intl: IntlShape,
): HeadData {
  const target: RouteTarget = { page: 'blogPost', slug };
  const canonical = `${SITE_URL}${targetPath(target, locale.code)}`;
  return {
    lang: locale.lang,
    dir: locale.dir,
    title: intl.formatMessage(
      { id: 'blogPost.metaTitle' },
      { title: article.title },
    ),
    description: article.description,
    canonical,
    alternates: alternatesFor(target),
    noindex: false,
    feed: null,
    jsonLd: blogPostingJsonLd(article, canonical, locale.hreflang),
  };
}

function metaIds(match: RouteMatch | null) {
  // An article's texts come from its source (articleHead); here it is one that does not exist.
  const page = match && match.page !== 'blogPost' ? match.page : 'notFound';
  return {
    title: `meta.${page}.title`,
    description: `meta.${page}.description`,
  } as const;
}

/**
 * Head data for a matched route, or for the not-found page (noindex, no canonical). An article
 * needs its loaded `article` (src/features/blog/blog-data.ts); without one it is not found.
 */
export function headFor(
  match: RouteMatch | null,
  locale: Locale,
  intl: IntlShape,
  article?: ArticleMeta | null,
): HeadData {
  if (match?.page === 'blogPost' && article)
    return articleHead(match.slug, article, locale, intl);
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
    feed:
      match?.page === 'blog'
        ? {
            href: `${SITE_URL}${feedPath(locale.code)}`,
            title: intl.formatMessage({ id: 'blogIndex.feedTitle' }),
          }
        : null,
    jsonLd: null,
  };
}
