import { FormattedMessage } from 'react-intl';
import { Link } from 'wouter';
import { blogPostPath } from '../../i18n/routes';
import { useLocale } from '../site/locale-context';
import { PageHeader } from '../components/PageHeader';
import { useArticleIndex } from '../features/blog/blog-data';
import { feedPath } from '../features/blog/feed-path';

/** Blog index: every article of the variant's message set, newest first, and the feed. */
export function BlogIndexPage() {
  const locale = useLocale();
  const articles = useArticleIndex(locale.messageSet);
  return (
    <>
      <PageHeader title="blog.title" lead="blogIndex.intro" />
      <div className="container narrow blog-index">
        {articles ? (
          <ol className="article-list">
            {articles.map((article) => (
              <li key={article.slug}>
                <article>
                  <h2>
                    <Link href={blogPostPath(article.slug, locale.code)}>
                      {article.title}
                    </Link>
                  </h2>
                  <p className="article-date">
                    <time dateTime={article.date}>
                      {article.dateText[locale.code] ?? article.date}
                    </time>
                  </p>
                  <p>{article.summary}</p>
                </article>
              </li>
            ))}
          </ol>
        ) : (
          <p className="muted" role="status">
            <FormattedMessage id="blogIndex.loading" />
          </p>
        )}
        <p className="feed-link">
          <a href={feedPath(locale.code)} type="application/atom+xml">
            <FormattedMessage id="blogIndex.feed" />
          </a>
        </p>
      </div>
    </>
  );
}
