import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import type { RouteMatch } from '../../i18n/routes';
import { MAIN_ID } from '../layout/Layout';
import { useLocale } from '../site/locale-context';

/** After client-side navigation: back to the top, and focus where screen readers start reading. */
function showNewPage() {
  window.scrollTo(0, 0);
  document.getElementById(MAIN_ID)?.focus({ preventScroll: true });
}

/** The head writer's chunk, loaded on the first client-side navigation. */
const loadHeadWriter = () => import('./head-writer');

/**
 * Keeps the document head in step with client-side navigation and scrolls a new page to top. The
 * prerendered head already matches on the first render, so it is left as it is then (only the
 * dev server, which prerenders nothing, writes it at once).
 */
export function HeadSync({ match }: { match: RouteMatch | null }) {
  const intl = useIntl();
  const locale = useLocale();
  const firstRender = useRef(true);
  const shownPath = useRef<string | null>(null);
  const path = match
    ? `${match.page}:${'slug' in match ? match.slug : ''}`
    : 'not-found';

  useEffect(() => {
    const arrived = firstRender.current;
    const isNew = !arrived && shownPath.current !== path;
    firstRender.current = false;
    shownPath.current = path;
    // The new page is shown once, when the path changes; an article once its text is there.
    const article = match?.page === 'blogPost';
    if (isNew && !article) showNewPage();
    if (arrived && !import.meta.env.DEV) return;
    let current = true;
    void loadHeadWriter()
      .then(({ writeHead }) => writeHead(match, locale, intl, () => current))
      .then((written) => {
        if (written && isNew && article) showNewPage();
      });
    return () => {
      current = false;
    };
    // `path` identifies the route; match, locale and intl are stable for one path.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path]);

  return null;
}
