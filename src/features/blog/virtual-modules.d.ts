/**
 * Built by the blog plugin (scripts/blog-content.ts): one set's article list, newest first, and a
 * loader for each of its articles.
 */
declare module 'virtual:blog-index/*' {
  const articles: import('./blog-types').ArticleMeta[];
  export default articles;
  export const loaders: Readonly<
    Record<string, () => Promise<{ default: import('./blog-types').Article }>>
  >;
}
