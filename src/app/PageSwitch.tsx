import { Suspense, useEffect } from 'react';
import { useLocation } from 'wouter';
import { matchRoute } from '../../i18n/routes';
import { HeadSync } from './HeadSync';
import { BlogArticle, NotFoundPage, PAGES } from './pages';

/**
 * Lets browser tests (and anyone debugging) know that the page's handlers are attached: it sits in
 * the page's boundary, so it runs once the page's own code has loaded and hydrated.
 */
function HydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

/** Renders the page the route table names for the current path, or the not-found page. */
export function PageSwitch() {
  const [path] = useLocation();
  const match = matchRoute(path);
  let page = <NotFoundPage />;
  if (match?.page === 'blogPost')
    page = <BlogArticle key={match.slug} slug={match.slug} />;
  else if (match) {
    const Page = PAGES[match.page];
    page = <Page />;
  }
  return (
    <>
      <HeadSync match={match} />
      {/* Each page is its own chunk: a visitor loads the code of the page they are on. */}
      <Suspense fallback={null}>
        {page}
        <HydratedMark />
      </Suspense>
    </>
  );
}
