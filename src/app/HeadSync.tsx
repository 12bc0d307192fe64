import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import type { RouteMatch } from '../../i18n/routes';
import { useArticle } from '../features/blog/blog-data';
import { MAIN_ID } from '../layout/Layout';
import { headFor, type HeadData } from './head';
import { useLocale } from './locale-context';

function setMeta(name: string, content: string | null) {
  let element = document.head.querySelector<HTMLMetaElement>(
    `meta[name="${name}"]`,
  );
  if (content === null) return element?.remove();
  element ??= document.head.appendChild(
    Object.assign(document.createElement('meta'), { name }),
  );
  element.content = content;
}

function setLinks(head: HeadData) {
  document.head
    .querySelectorAll('link[rel="canonical"], link[rel="alternate"][hreflang]')
    .forEach((link) => link.remove());
  const links = head.alternates.map(({ hreflang, href }) =>
    Object.assign(document.createElement('link'), {
      rel: 'alternate',
      hreflang,
      href,
    }),
  );
  if (head.canonical) {
    links.unshift(
      Object.assign(document.createElement('link'), {
        rel: 'canonical',
        href: head.canonical,
      }),
    );
  }
  document.head.append(...links);
}

function setFeed(feed: HeadData['feed']) {
  document.head
    .querySelector('link[rel="alternate"][type="application/atom+xml"]')
    ?.remove();
  if (!feed) return;
  document.head.append(
    Object.assign(document.createElement('link'), {
      rel: 'alternate',
      type: 'application/atom+xml',
      title: feed.title,
      href: feed.href,
    }),
  );
}

// A data block, never executed, so the Content-Security-Policy's script-src does not apply.
function setJsonLd(jsonLd: string | null) {
  document.head.querySelector('script[type="application/ld+json"]')?.remove();
  if (!jsonLd) return;
  document.head.append(
    Object.assign(document.createElement('script'), {
      type: 'application/ld+json',
      text: jsonLd,
    }),
  );
}

/** After client-side navigation: back to the top, and focus where screen readers start reading. */
function showNewPage() {
  window.scrollTo(0, 0);
  document.getElementById(MAIN_ID)?.focus({ preventScroll: true });
}

/**
 * Keeps the document head in step with client-side navigation (the prerendered head already
 * matches on the first render, so rewriting it then changes nothing) and scrolls a new page to top.
 */
export function HeadSync({ match }: { match: RouteMatch | null }) {
  const intl = useIntl();
  const locale = useLocale();
  const firstRender = useRef(true);
  const shownPath = useRef<string | null>(null);
  const article = useArticle(
    match?.page === 'blogPost' ? match.slug : null,
    locale.messageSet,
  );
  const path = match
    ? `${match.page}:${'slug' in match ? match.slug : ''}`
    : 'not-found';

  useEffect(() => {
    // An article's head waits for its text; the new page is shown once, when the path changes.
    if (article === undefined && match?.page === 'blogPost') return;
    const head = headFor(match, locale, intl, article);
    if (!firstRender.current && shownPath.current !== path) showNewPage();
    firstRender.current = false;
    shownPath.current = path;
    document.title = head.title;
    setMeta('description', head.description);
    setMeta('robots', head.noindex ? 'noindex' : null);
    setLinks(head);
    setFeed(head.feed);
    setJsonLd(head.jsonLd);
    // `path` identifies the route; match, locale and intl are stable for one path.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path, article]);

  return null;
}
