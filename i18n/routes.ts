/**
 * Pure functions over the route table: which variant and page a path is, the localized
 * path of a page, the canonical (Portuguese) path of any localized path, and the language switch.
 */
import {
  ALL_LOCALES,
  DEFAULT_LOCALE_CODE,
  LOCALES,
  isLocaleCode,
  type Locale,
  type LocaleCode,
} from './locales';
import {
  ARABIC_BLOG_ALIAS,
  PAGE_IDS,
  ROUTE_TABLE,
  type PageId,
} from './route-table';
import {
  BLOG_SLUGS,
  toArabicBlogSlug,
  toPortugueseBlogSlug,
} from './blog-slugs';

export type { PageId, RemoverPage } from './route-table';
export { PAGE_IDS, REMOVER_PAGES } from './route-table';

/** A path the site knows: a fixed page, or a blog article (`slug` is always the Portuguese slug). */
export type RouteMatch =
  | { locale: Locale; page: PageId }
  | { locale: Locale; page: 'blogPost'; slug: string };

/** What a link points at: a page id, or a blog article by its Portuguese slug. */
export type RouteTarget = { page: PageId } | { page: 'blogPost'; slug: string };

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Drops query and hash, collapses duplicate slashes and removes a trailing slash. */
export function normalizePath(path: string): string {
  const bare = path.split(/[?#]/, 1)[0] ?? '';
  const collapsed = `/${bare}`.replace(/\/{2,}/g, '/');
  return collapsed.length > 1 ? collapsed.replace(/\/$/, '') : collapsed;
}

/** The variant named by the first path segment; Portuguese otherwise. */
export function localeFromPath(path: string): Locale {
  const first = normalizePath(path).split('/')[1] ?? '';
  if (isLocaleCode(first) && first !== DEFAULT_LOCALE_CODE)
    return LOCALES[first];
  return LOCALES[DEFAULT_LOCALE_CODE];
}

/** The localized path of a fixed page in a variant. */
export function pagePath(page: PageId, code: LocaleCode): string {
  const locale = LOCALES[code];
  return `${locale.prefix}${ROUTE_TABLE[page][locale.slugFamily]}` || '/';
}

/** The localized path of a blog article given its Portuguese slug. */
export function blogPostPath(portugueseSlug: string, code: LocaleCode): string {
  const slug =
    code === 'ae' ? toArabicBlogSlug(portugueseSlug) : portugueseSlug;
  return `${pagePath('blog', code)}/${slug}`;
}

export function targetPath(target: RouteTarget, code: LocaleCode): string {
  return target.page === 'blogPost'
    ? blogPostPath(target.slug, code)
    : pagePath(target.page, code);
}

function matchBlogPost(locale: Locale, rest: string): RouteMatch | null {
  const blogBases = [ROUTE_TABLE.blog[locale.slugFamily]];
  if (locale.code === 'ae') blogBases.push(ARABIC_BLOG_ALIAS);
  for (const base of blogBases) {
    if (!rest.startsWith(`${base}/`)) continue;
    const slug = rest.slice(base.length + 1);
    if (!SLUG_PATTERN.test(slug)) return null;
    const portugueseSlug =
      locale.code === 'ae' ? toPortugueseBlogSlug(slug) : slug;
    return { locale, page: 'blogPost', slug: portugueseSlug };
  }
  return null;
}

/** Which page a path is, or null when it is not in the route table (the not-found page). */
export function matchRoute(path: string): RouteMatch | null {
  const normalized = normalizePath(path);
  const locale = localeFromPath(normalized);
  // The route table writes home as '', the Portuguese home path is '/'.
  const rest = normalized === '/' ? '' : normalized.slice(locale.prefix.length);
  const page = PAGE_IDS.find(
    (id) => ROUTE_TABLE[id][locale.slugFamily] === rest,
  );
  if (page) return { locale, page };
  return matchBlogPost(locale, rest);
}

function targetOf(match: RouteMatch): RouteTarget {
  return match.page === 'blogPost'
    ? { page: 'blogPost', slug: match.slug }
    : { page: match.page };
}

/** The localized path for a canonical Portuguese path, or null when the path is not a route. */
export function localizePath(
  canonical: string,
  code: LocaleCode,
): string | null {
  const match = matchRoute(canonical);
  if (!match || match.locale.code !== DEFAULT_LOCALE_CODE) return null;
  return targetPath(targetOf(match), code);
}

/** The canonical Portuguese path of any localized path, or null when it is not a route. */
export function canonicalPath(path: string): string | null {
  const match = matchRoute(path);
  return match ? targetPath(targetOf(match), DEFAULT_LOCALE_CODE) : null;
}

/** The equivalent of `path` in the target variant; the target's home when there is none. */
export function switchLanguagePath(path: string, code: LocaleCode): string {
  const canonical = canonicalPath(path);
  return (canonical && localizePath(canonical, code)) ?? pagePath('home', code);
}

/** Every fixed page in every variant: what the prerender and the sitemap walk. */
export function allPageRoutes(): {
  locale: Locale;
  page: PageId;
  path: string;
}[] {
  return ALL_LOCALES.flatMap((locale) =>
    PAGE_IDS.map((page) => ({
      locale,
      page,
      path: pagePath(page, locale.code),
    })),
  );
}

/** Every article in every variant: what the prerender, the sitemap and the feeds walk. */
export function allBlogRoutes(): {
  locale: Locale;
  slug: string;
  path: string;
}[] {
  return ALL_LOCALES.flatMap((locale) =>
    BLOG_SLUGS.map((slug) => ({
      locale,
      slug,
      path: blogPostPath(slug, locale.code),
    })),
  );
}

/**
 * The recognised aliases of each Arabic article, each prerendered with its canonical at
 * `/ae/almudawanat/{arabic-slug}`: `/ae/blog/{arabic-slug}`, and the Portuguese slug under both
 * bases (a link from another variant with only its prefix changed), so the slug map works both
 * ways on a static host too.
 */
export function arabicBlogAliasPaths(): string[] {
  const ae = LOCALES.ae.prefix;
  return BLOG_SLUGS.flatMap((slug) => [
    `${ae}${ARABIC_BLOG_ALIAS}/${toArabicBlogSlug(slug)}`,
    `${ae}${ARABIC_BLOG_ALIAS}/${slug}`,
    `${ae}${ROUTE_TABLE.blog.ar}/${slug}`,
  ]);
}
