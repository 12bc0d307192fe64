/**
 * Writes a page's head into the document after client-side navigation. Its own chunk: the
 * prerendered head is already right on arrival, so a visitor loads this on their first
 * navigation only.
 */
import { createIntl, type IntlShape } from 'react-intl';
import type { Locale } from '../../i18n/locales';
import { featureMessages, HEAD_FEATURES } from '../../i18n/messages';
import type { RouteMatch } from '../../i18n/routes';
import { loadArticle } from '../features/blog/blog-data';
import { headFor, type HeadData } from './head';

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

/** The shell's messages with the head's titles and descriptions, once per variant. */
const headIntl = new Map<string, Promise<IntlShape>>();

function withHeadMessages(locale: Locale, intl: IntlShape): Promise<IntlShape> {
  let loaded = headIntl.get(locale.code);
  if (!loaded) {
    loaded = Promise.all(
      HEAD_FEATURES.map((feature) =>
        featureMessages(locale.messageSet, feature),
      ),
    ).then((parts) =>
      createIntl({
        locale: intl.locale,
        defaultLocale: intl.defaultLocale,
        messages: Object.assign({}, intl.messages, ...parts),
      }),
    );
    headIntl.set(locale.code, loaded);
  }
  return loaded;
}

/**
 * The head of the page at `match`, written over the current one once its texts (an article's
 * own) are loaded, unless `current` says the visitor has moved on meanwhile. True when written.
 */
export async function writeHead(
  match: RouteMatch | null,
  locale: Locale,
  intl: IntlShape,
  current: () => boolean,
): Promise<boolean> {
  const [article, headIntl] = await Promise.all([
    match?.page === 'blogPost'
      ? loadArticle(match.slug, locale.messageSet)
      : null,
    withHeadMessages(locale, intl),
  ]);
  if (!current()) return false;
  const head = headFor(match, locale, headIntl, article);
  document.title = head.title;
  setMeta('description', head.description);
  setMeta('robots', head.noindex ? 'noindex' : null);
  setLinks(head);
  setFeed(head.feed);
  setJsonLd(head.jsonLd);
  return true;
}
