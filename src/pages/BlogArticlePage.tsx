import { lazy } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'wouter';
import type { LocaleCode } from '../../i18n/locales';
import {
  blogPostPath,
  pagePath,
  PAGE_IDS,
  type PageId,
} from '../../i18n/routes';
import { useLocale } from '../site/locale-context';
import { useArticle } from '../features/blog/blog-data';

/** The not-found page in its own chunk: a reader of an article that exists never loads it. */
const NotFoundPage = lazy(() =>
  import('./NotFoundPage').then((m) => ({ default: m.NotFoundPage })),
);

const ROUTE_LINK = /href="route:(blogPost\/([a-z0-9-]+)|[A-Za-z]+)"/g;

/**
 * Points the body's `route:` links (written in the Markdown sources) at the pages of the variant
 * being read, so an article read under /uk links to the /uk tool pages.
 */
export function localizeLinks(html: string, code: LocaleCode): string {
  return html.replace(ROUTE_LINK, (link, target: string, slug?: string) => {
    if (slug) return `href="${blogPostPath(slug, code)}"`;
    if (!(PAGE_IDS as readonly string[]).includes(target)) return link;
    return `href="${pagePath(target as PageId, code)}"`;
  });
}

/** One article: date, title, description and the body rendered from its Markdown source. */
export function BlogArticlePage({ slug }: { slug: string }) {
  const locale = useLocale();
  const article = useArticle(slug, locale.messageSet);
  if (article === null) return <NotFoundPage />;
  if (article === undefined) {
    return (
      <div className="container narrow">
        <p className="muted" role="status">
          <FormattedMessage id="blogPost.loading" />
        </p>
      </div>
    );
  }
  return (
    <article className="blog-article">
      <header className="page-header">
        <div className="container narrow">
          <p className="article-date">
            <FormattedMessage
              id="blogPost.published"
              values={{
                date: (
                  <time dateTime={article.date}>
                    {article.dateText[locale.code] ?? article.date}
                  </time>
                ),
              }}
            />
          </p>
          <h1>{article.title}</h1>
          <p className="lead">{article.description}</p>
        </div>
      </header>
      <div
        className="container narrow prose"
        // Rendered at build time from our own Markdown, where raw HTML is escaped.
        dangerouslySetInnerHTML={{
          __html: localizeLinks(article.html, locale.code),
        }}
      />
      <p className="container narrow article-back">
        <Link href={pagePath('blog', locale.code)}>
          <FormattedMessage id="blogPost.back" />
        </Link>
      </p>
    </article>
  );
}
