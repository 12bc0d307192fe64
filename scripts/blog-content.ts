/**
 * The blog's sources at build time: one Markdown file per article and message set,
 * `i18n/blog/<portuguese-slug>/<set>.md`, with a front matter of `key: value` lines (title,
 * description, date, summary). The Vite plugin below turns them into modules holding rendered
 * HTML, so the page bundle never carries a Markdown parser; tests read the same files.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Marked } from 'marked';
import type { Plugin } from 'vite';
import { BLOG_SLUGS } from '../i18n/blog-slugs.ts';
import { ALL_LOCALES, MESSAGE_SETS, type MessageSet } from '../i18n/locales.ts';

export const BLOG_DIR = fileURLToPath(
  new URL('../i18n/blog/', import.meta.url),
);

export const FRONT_MATTER_KEYS = [
  'title',
  'description',
  'date',
  'summary',
] as const;
export type FrontMatter = Record<(typeof FRONT_MATTER_KEYS)[number], string>;

export interface ArticleSource extends FrontMatter {
  slug: string;
  set: MessageSet;
  /** The Markdown after the front matter. */
  body: string;
}

const FENCE = '---';
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function articleFile(slug: string, set: string): string {
  return join(BLOG_DIR, slug, `${set}.md`);
}

/** Splits `---\nkey: value\n---\nbody`; every key of FRONT_MATTER_KEYS is required. */
export function parseArticle(
  text: string,
  where = 'article',
): {
  fields: FrontMatter;
  body: string;
} {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (lines[0] !== FENCE) throw new Error(`${where}: no front matter`);
  const end = lines.indexOf(FENCE, 1);
  if (end < 0) throw new Error(`${where}: front matter is not closed`);
  const fields: Partial<FrontMatter> = {};
  for (const line of lines.slice(1, end)) {
    if (!line.trim()) continue;
    const colon = line.indexOf(':');
    const key = line.slice(0, colon).trim();
    if (colon < 0 || !(FRONT_MATTER_KEYS as readonly string[]).includes(key))
      throw new Error(`${where}: unknown front matter line "${line}"`);
    fields[key as keyof FrontMatter] = line.slice(colon + 1).trim();
  }
  for (const key of FRONT_MATTER_KEYS) {
    if (!fields[key]) throw new Error(`${where}: front matter lacks ${key}`);
  }
  if (!ISO_DATE.test(fields.date ?? ''))
    throw new Error(`${where}: date must be YYYY-MM-DD`);
  return {
    fields: fields as FrontMatter,
    body: lines.slice(end + 1).join('\n'),
  };
}

export function readArticle(slug: string, set: MessageSet): ArticleSource {
  const file = articleFile(slug, set);
  const { fields, body } = parseArticle(readFileSync(file, 'utf8'), file);
  return { ...fields, slug, set, body };
}

/** Words of running text: Markdown punctuation and link targets left out. */
export function wordCount(markdown: string): number {
  const text = markdown
    .replace(/\]\([^)]*\)/g, ' ')
    .replace(/[#*_>`[\]|-]+/g, ' ');
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

// Raw HTML in a source is shown as text, never passed through: articles are Markdown only.
const markdown = new Marked({
  gfm: true,
  renderer: {
    html: ({ text }) => escapeHtml(text),
  },
});

export function renderMarkdown(body: string): string {
  return markdown.parse(body, { async: false });
}

/** The publication date as each variant reading this set writes it (fixed at build time). */
function dateTexts(date: string, set: MessageSet): Record<string, string> {
  const day = new Date(`${date}T00:00:00Z`);
  const texts: Record<string, string> = {};
  for (const locale of ALL_LOCALES.filter((l) => l.messageSet === set)) {
    texts[locale.code] = new Intl.DateTimeFormat(locale.hreflang, {
      dateStyle: 'long',
      timeZone: 'UTC',
    }).format(day);
  }
  return texts;
}

function metaOf(article: ArticleSource) {
  return {
    slug: article.slug,
    title: article.title,
    description: article.description,
    summary: article.summary,
    date: article.date,
    dateText: dateTexts(article.date, article.set),
  };
}

const INDEX_PREFIX = 'virtual:blog-index/';
const ARTICLE_SOURCE = /\/i18n\/blog\/([a-z0-9-]+)\/([A-Za-z-]+)\.md$/;

function isMessageSet(value: string): value is MessageSet {
  return (MESSAGE_SETS as readonly string[]).includes(value);
}

/**
 * `virtual:blog-index/<set>`: every article's title, summary and dates in one set, newest first,
 * and a loader per article. `i18n/blog/<slug>/<set>.md`: one article with its HTML.
 */
export function blogPlugin(): Plugin {
  return {
    name: 'metaclean:blog',
    enforce: 'pre',
    resolveId(id) {
      return id.startsWith(INDEX_PREFIX) ? `\0${id}` : null;
    },
    load(id) {
      if (id.startsWith(`\0${INDEX_PREFIX}`)) {
        const set = id.slice(INDEX_PREFIX.length + 1);
        if (!isMessageSet(set)) throw new Error(`no message set ${set}`);
        const articles = BLOG_SLUGS.filter((slug) =>
          existsSync(articleFile(slug, set)),
        ).map((slug) => {
          this.addWatchFile(articleFile(slug, set));
          return metaOf(readArticle(slug, set));
        });
        articles.sort((a, b) => b.date.localeCompare(a.date));
        // The article loaders live here, not in the page bundle, so every page pays for seven
        // index loaders rather than ninety-one article loaders.
        const loaders = articles.map(
          ({ slug }) =>
            `${JSON.stringify(slug)}: () => import(${JSON.stringify(articleFile(slug, set))})`,
        );
        return [
          `export default ${JSON.stringify(articles)};`,
          `export const loaders = {${loaders.join(', ')}};`,
        ].join('\n');
      }
      const match = ARTICLE_SOURCE.exec(id.split('?', 1)[0] ?? '');
      if (!match) return null;
      const [, slug = '', set = ''] = match;
      if (!isMessageSet(set)) throw new Error(`${id}: no message set ${set}`);
      const article = readArticle(slug, set);
      const module = { ...metaOf(article), html: renderMarkdown(article.body) };
      return { code: `export default ${JSON.stringify(module)};`, map: null };
    },
  };
}
