/** Built by the blog plugin (scripts/blog-content.ts): one set's article list, newest first. */
declare module 'virtual:blog-index/*' {
  const articles: import('./blog-types').ArticleMeta[];
  export default articles;
}
