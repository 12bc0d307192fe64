import type { Locale } from '../../i18n/locales';
import { blogPostPath, pagePath } from '../../i18n/routes';
import type { ArticleMeta } from '../features/blog/blog-types';
import { feedPath } from '../features/blog/feed-path';
import { escapeHtml } from './head-html';

/** Atom 1.0 (RFC 4287) of one variant's articles, newest first, linking its own article URLs. */
export function atomFeed(
  siteUrl: string,
  locale: Locale,
  title: string,
  articles: readonly ArticleMeta[],
): string {
  const self = `${siteUrl}${feedPath(locale.code)}`;
  const timestamp = (date: string) => `${date}T00:00:00Z`;
  const updated = articles.reduce(
    (latest, { date }) => (date > latest ? date : latest),
    '1970-01-01',
  );
  const entries = articles.map((article) => {
    const url = `${siteUrl}${blogPostPath(article.slug, locale.code)}`;
    return [
      '  <entry>',
      `    <title>${escapeHtml(article.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${escapeHtml(url)}"/>`,
      `    <id>${escapeHtml(url)}</id>`,
      `    <published>${timestamp(article.date)}</published>`,
      `    <updated>${timestamp(article.date)}</updated>`,
      `    <summary>${escapeHtml(article.summary)}</summary>`,
      '  </entry>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${locale.lang}">`,
    `  <title>${escapeHtml(title)}</title>`,
    `  <id>${escapeHtml(self)}</id>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeHtml(self)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeHtml(`${siteUrl}${pagePath('blog', locale.code)}`)}"/>`,
    `  <updated>${timestamp(updated)}</updated>`,
    '  <author><name>MetaClean</name></author>',
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}
