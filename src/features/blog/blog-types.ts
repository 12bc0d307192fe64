import type { LocaleCode } from '../../../i18n/locales';

/** What the blog index, the feeds and an article's head need (built by scripts/blog-content.ts). */
export interface ArticleMeta {
  /** The Portuguese slug, the article's identity in every variant. */
  slug: string;
  title: string;
  description: string;
  summary: string;
  /** Publication date, YYYY-MM-DD. */
  date: string;
  /** The date as each variant reading this message set writes it. */
  dateText: Partial<Record<LocaleCode, string>>;
}

export interface Article extends ArticleMeta {
  /**
   * The body rendered from Markdown at build time. Links to site pages are written
   * `route:<pageId>` or `route:blogPost/<slug>` and localized where the page is shown.
   */
  html: string;
}
