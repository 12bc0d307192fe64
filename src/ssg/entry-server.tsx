/**
 * Server entry for the prerender (scripts/build-site.mjs): renders one path of one variant to
 * HTML with its head, and lists every path to render.
 */
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { createIntl } from 'react-intl';
import { ALL_LOCALES } from '../../i18n/locales';
import { loadMessages, SHELL_FEATURES } from '../../i18n/messages';
import { allPageRoutes, localeFromPath, matchRoute } from '../../i18n/routes';
import { App } from '../app/App';
import { pageFeatures } from '../app/pages';
import { headFor } from '../app/head';
import { SITE_URL } from '../app/site-config';
import { headHtml } from './head-html';
import { robotsTxt, sitemapXml } from './sitemap';

export interface RenderedPage {
  /** The message files the page loads before hydrating, as `feature/set`. */
  messageFiles: string[];
  lang: string;
  dir: 'ltr' | 'rtl';
  head: string;
  body: string;
}

/** Renders to HTML after every lazy page chunk has loaded, so the page reads fully without JS. */
async function renderToHtml(app: ReactNode): Promise<string> {
  const { prelude } = await prerender(app);
  return new Response(prelude).text();
}

export async function renderPage(path: string): Promise<RenderedPage> {
  const locale = localeFromPath(path);
  const messages = await loadMessages(locale.messageSet, SHELL_FEATURES);
  const intl = createIntl({ locale: locale.lang, messages });
  const head = headFor(matchRoute(path), locale, intl);
  const body = await renderToHtml(
    <App locale={locale} messages={messages} ssrPath={path} />,
  );
  const match = matchRoute(path);
  const features = [
    ...SHELL_FEATURES,
    ...(match && match.page !== 'blogPost' ? pageFeatures(match.page) : []),
  ];
  const messageFiles = features.map(
    (feature) => `${feature}/${locale.messageSet}`,
  );
  return {
    messageFiles,
    lang: head.lang,
    dir: head.dir,
    head: headHtml(head),
    body,
  };
}

/** What the prerender writes: every page of every variant, and one not-found page per variant. */
export function pagesToRender(): { path: string; file: string }[] {
  const pages = allPageRoutes().map(({ path }) => ({
    path,
    file: path === '/' ? 'index.html' : `${path.slice(1)}/index.html`,
  }));
  const notFound = ALL_LOCALES.map(({ prefix }) => ({
    path: `${prefix}/404`,
    file: `${prefix ? `${prefix.slice(1)}/` : ''}404.html`,
  }));
  return [...pages, ...notFound];
}

export const siteFiles = () => ({
  'sitemap.xml': sitemapXml(SITE_URL),
  'robots.txt': robotsTxt(SITE_URL),
});
