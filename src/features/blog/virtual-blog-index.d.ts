/**
 * The shape of `virtual:blog-index/<set>`, which the blog plugin (scripts/blog-content.ts) builds:
 * one set's article list, newest first, and a loader for each of its articles. tsconfig's `paths`
 * points the virtual ids here, for the type checker only.
 */
import type { Article, ArticleMeta } from './blog-types';

declare const articles: ArticleMeta[];
export default articles;
export declare const loaders: Readonly<
  Record<string, () => Promise<{ default: Article }>>
>;
