/**
 * Built by the blog plugin (scripts/blog-content.ts): one set's article list, newest first, and a
 * loader for each of its articles. Typed loosely here (an ambient module may not import relative
 * paths); `blog-data.ts` gives the shapes.
 */
declare module 'virtual:blog-index/*' {
  const articles: readonly unknown[];
  export default articles;
  export const loaders: Readonly<
    Record<string, () => Promise<{ default: unknown }>>
  >;
}
