import { useEffect } from 'react';
import { FormattedMessage } from 'react-intl';
import { useLocation } from 'wouter';
import { PageLink } from '../site/PageLink';

/** Not found: noindex (set by the head), a way home, and the path logged. */
export function NotFoundPage() {
  const [path] = useLocation();
  useEffect(() => {
    console.warn(`Page not found: ${path}`);
  }, [path]);
  return (
    <section className="not-found" aria-labelledby="not-found-title">
      <div className="container narrow">
        <p className="not-found-code" aria-hidden="true">
          404
        </p>
        <h1 id="not-found-title">
          <FormattedMessage id="notFound.title" />
        </h1>
        <p className="lead">
          <FormattedMessage id="notFound.text" />
        </p>
        <PageLink page="home" className="button button-primary">
          <FormattedMessage id="notFound.home" />
        </PageLink>
      </div>
    </section>
  );
}
