/**
 * The blog's content, loaded lazily per message set (the index) or per article, and cached so the
 * prerender and the hydrating client render the same thing synchronously once it is loaded.
 */
import { useEffect, useState } from 'react';
import { isBlogSlug } from '../../../i18n/blog-slugs';
import type { MessageSet } from '../../../i18n/locales';
import type { RouteMatch } from '../../../i18n/routes';
import type { Article, ArticleMeta } from './blog-types';

interface IndexModule {
  default: ArticleMeta[];
  loaders: Readonly<Record<string, () => Promise<{ default: Article }>>>;
}

// One small chunk per set; each article's text is a chunk of its own, loaded through its set's
// index (scripts/blog-content.ts).
const INDEX_LOADERS: Record<MessageSet, () => Promise<IndexModule>> = {
  pt: () => import('virtual:blog-index/pt'),
  en: () => import('virtual:blog-index/en'),
  'en-GB': () => import('virtual:blog-index/en-GB'),
  de: () => import('virtual:blog-index/de'),
  'de-CH': () => import('virtual:blog-index/de-CH'),
  it: () => import('virtual:blog-index/it'),
  ar: () => import('virtual:blog-index/ar'),
};

const articles = new Map<string, Article | null>();
const indexes = new Map<MessageSet, ArticleMeta[]>();

const articleKey = (slug: string, set: MessageSet) => `${slug}/${set}`;

/** The loaded article, null when there is none, undefined while not loaded yet. */
export function peekArticle(
  slug: string,
  set: MessageSet,
): Article | null | undefined {
  return isBlogSlug(slug) ? articles.get(articleKey(slug, set)) : null;
}

export async function loadArticle(
  slug: string,
  set: MessageSet,
): Promise<Article | null> {
  const key = articleKey(slug, set);
  const cached = articles.get(key);
  if (cached !== undefined) return cached;
  const load = isBlogSlug(slug)
    ? (await INDEX_LOADERS[set]()).loaders[slug]
    : undefined;
  const article = load ? (await load()).default : null;
  articles.set(key, article);
  return article;
}

export function peekArticleIndex(set: MessageSet): ArticleMeta[] | undefined {
  return indexes.get(set);
}

export async function loadArticleIndex(
  set: MessageSet,
): Promise<ArticleMeta[]> {
  const cached = indexes.get(set);
  if (cached) return cached;
  const index = (await INDEX_LOADERS[set]()).default;
  indexes.set(set, index);
  return index;
}

/** Loads what the page at `match` shows, so it renders (or hydrates) without waiting. */
export async function preloadBlogData(
  match: RouteMatch | null,
  set: MessageSet,
): Promise<void> {
  if (match?.page === 'blogPost') await loadArticle(match.slug, set);
  if (match?.page === 'blog') await loadArticleIndex(set);
}

function useLoaded<T>(
  key: string | null,
  peek: () => T | undefined,
  load: () => Promise<T>,
): T | undefined {
  const [state, setState] = useState<{ key: string | null; value?: T }>(() => ({
    key,
    value: peek(),
  }));
  const current = state.key === key ? state.value : peek();
  useEffect(() => {
    if (key === null || current !== undefined) return;
    let live = true;
    void load().then((value) => {
      if (live) setState({ key, value });
    });
    return () => {
      live = false;
    };
    // `key` names what `load` loads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, current]);
  return current;
}

/** The article `slug` in `set`: undefined while loading, null when there is none. */
export function useArticle(
  slug: string | null,
  set: MessageSet,
): Article | null | undefined {
  return useLoaded(
    slug === null ? null : articleKey(slug, set),
    () => (slug === null ? null : peekArticle(slug, set)),
    () => (slug === null ? Promise.resolve(null) : loadArticle(slug, set)),
  );
}

export function useArticleIndex(set: MessageSet): ArticleMeta[] | undefined {
  return useLoaded(
    set,
    () => peekArticleIndex(set),
    () => loadArticleIndex(set),
  );
}
