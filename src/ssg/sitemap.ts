import { allBlogRoutes, allPageRoutes } from '../../i18n/routes';
import { alternatesFor } from '../app/head';
import { escapeHtml } from './head-html';

/** sitemap.xml: every page and article of every variant with its ten hreflang alternates. */
export function sitemapXml(siteUrl: string): string {
  const routes = [
    ...allPageRoutes().map(({ page, path }) => ({ target: { page }, path })),
    ...allBlogRoutes().map(({ slug, path }) => ({
      target: { page: 'blogPost' as const, slug },
      path,
    })),
  ];
  const entries = routes.map(({ target, path }) => {
    const links = alternatesFor(target, siteUrl)
      .map(
        ({ hreflang, href }) =>
          `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(href)}"/>`,
      )
      .join('\n');
    return `  <url>\n    <loc>${escapeHtml(`${siteUrl}${path}`)}</loc>\n${links}\n  </url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}

export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/sitemap.xml\n`;
}
