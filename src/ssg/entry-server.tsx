/**
 * Server entry for the prerender (scripts/build-site.mjs): renders one path of one variant to
 * HTML with its head, and lists every path to render.
 */
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { createIntl } from 'react-intl';
import { ALL_LOCALES } from '../../i18n/locales';
import {
  HEAD_FEATURES,
  loadMessages,
  SHELL_FEATURES,
} from '../../i18n/messages';
import {
  allBlogRoutes,
  allPageRoutes,
  arabicBlogAliasPaths,
  localeFromPath,
  matchRoute,
} from '../../i18n/routes';
import { App } from '../app/App';
import { featuresOfRoute } from '../app/pages';
import { headFor } from '../app/head';
import { SITE_URL } from '../site/site-config';
import {
  loadArticleIndex,
  peekArticle,
  preloadBlogData,
} from '../features/blog/blog-data';
import { feedPath } from '../features/blog/feed-path';
import { atomFeed } from './feed';
import { headHtml } from './head-html';
import { robotsTxt, sitemapXml } from './sitemap';
import { installTags, manifestPath, webManifest } from './web-manifest';

export interface RenderedPage {
  /** The message files the page loads before hydrating, as `feature/set`. */
  messageFiles: string[];
  lang: string;
  dir: 'ltr' | 'rtl';
  head: string;
  body: string;
  /** Blog modules the page loads before hydrating (the set's index, the article's source). */
  blogSources: string[];
}

function blogSourcesOf(
  match: ReturnType<typeof matchRoute>,
  set: string,
  hasArticle: boolean,
): string[] {
  // The blog's data module is a chunk of blog pages; the client loads it before hydrating them.
  const index = ['src/features/blog/blog-data.ts', `virtual:blog-index/${set}`];
  if (match?.page === 'blog') return index;
  if (match?.page === 'blogPost' && hasArticle)
    return [...index, `i18n/blog/${match.slug}/${set}.md`];
  return [];
}

/** Renders to HTML after every lazy page chunk has loaded, so the page reads fully without JS. */
async function renderToHtml(app: ReactNode): Promise<string> {
  // Large boundaries would otherwise be sent apart and put in place by an inline script, which
  // the Content-Security-Policy (script-src 'self') rightly blocks: keep every page whole.
  const { prelude } = await prerender(app, {
    progressiveChunkSize: Number.MAX_SAFE_INTEGER,
  });
  return new Response(prelude).text();
}

export async function renderPage(path: string): Promise<RenderedPage> {
  const locale = localeFromPath(path);
  const messages = await loadMessages(locale.messageSet, SHELL_FEATURES);
  const intl = createIntl({
    locale: locale.lang,
    messages: {
      ...messages,
      ...(await loadMessages(locale.messageSet, HEAD_FEATURES)),
    },
  });
  const match = matchRoute(path);
  await preloadBlogData(match, locale.messageSet);
  const article =
    match?.page === 'blogPost'
      ? peekArticle(match.slug, locale.messageSet)
      : null;
  const head = headFor(match, locale, intl, article);
  const body = await renderToHtml(
    <App locale={locale} messages={messages} ssrPath={path} />,
  );
  const features = [...SHELL_FEATURES, ...featuresOfRoute(match)];
  const messageFiles = features.map(
    (feature) => `${feature}/${locale.messageSet}`,
  );
  return {
    messageFiles,
    lang: head.lang,
    dir: head.dir,
    head: `${headHtml(head)}\n    ${installTags(locale)}`,
    body,
    blogSources: blogSourcesOf(match, locale.messageSet, Boolean(article)),
  };
}

/**
 * What the prerender writes: every page and article of every variant, the `/ae/blog/` aliases of
 * the Arabic articles, and one not-found page per variant.
 */
export function pagesToRender(): { path: string; file: string }[] {
  const paths = [
    ...allPageRoutes().map(({ path }) => path),
    ...allBlogRoutes().map(({ path }) => path),
    ...arabicBlogAliasPaths(),
  ];
  const pages = paths.map((path) => ({
    path,
    file: path === '/' ? 'index.html' : `${path.slice(1)}/index.html`,
  }));
  const notFound = ALL_LOCALES.map(({ prefix }) => ({
    path: `${prefix}/404`,
    file: `${prefix ? `${prefix.slice(1)}/` : ''}404.html`,
  }));
  return [...pages, ...notFound];
}

/**
 * The Atom feed and the web app manifest of each variant, e.g. `en/feed.xml` and
 * `en/manifest.webmanifest`, in its language.
 */
async function variantFiles(): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const locale of ALL_LOCALES) {
    const messages = await loadMessages(locale.messageSet);
    const intl = createIntl({ locale: locale.lang, messages });
    files[manifestPath(locale).slice(1)] = JSON.stringify(
      webManifest(locale, intl),
      null,
      2,
    );
    const title = intl.formatMessage({ id: 'blogIndex.feedTitle' });
    const articles = await loadArticleIndex(locale.messageSet);
    files[feedPath(locale.code).slice(1)] = atomFeed(
      SITE_URL,
      locale,
      title,
      articles,
    );
  }
  return files;
}

export const siteFiles = async (): Promise<Record<string, string>> => ({
  'sitemap.xml': sitemapXml(SITE_URL),
  'robots.txt': robotsTxt(SITE_URL),
  ...(await variantFiles()),
});
