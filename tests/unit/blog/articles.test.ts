import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BLOG_SLUGS } from '../../../i18n/blog-slugs';
import { MESSAGE_SETS, type MessageSet } from '../../../i18n/locales';
import { PAGE_IDS } from '../../../i18n/routes';
import {
  BLOG_DIR,
  articleFile,
  parseArticle,
  readArticle,
  renderMarkdown,
  wordCount,
} from '../../../scripts/blog-content';

const MIN_WORDS = 500;
/** Each article links the tool page that fits it (route table id), in every set. */
const TOOL_PAGES = ['tool', 'photos', 'videos', 'documents', 'social'];

describe('blog sources', () => {
  it('hold exactly the thirteen articles, each in the seven message sets', () => {
    const folders = readdirSync(BLOG_DIR, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(folders.sort()).toEqual([...BLOG_SLUGS].sort());
    for (const slug of BLOG_SLUGS) {
      const files = readdirSync(`${BLOG_DIR}/${slug}`).sort();
      expect(files, slug).toEqual(
        MESSAGE_SETS.map((set) => `${set}.md`).sort(),
      );
    }
  });

  for (const slug of BLOG_SLUGS) {
    it(`${slug}: every set has its front matter, ${MIN_WORDS}+ words, headings and a tool link`, () => {
      const dates = new Set<string>();
      for (const set of MESSAGE_SETS) {
        const where = `${slug}/${set}`;
        expect(existsSync(articleFile(slug, set)), where).toBe(true);
        const article = readArticle(slug, set);
        dates.add(article.date);
        expect(wordCount(article.body), where).toBeGreaterThanOrEqual(
          MIN_WORDS,
        );
        expect(article.body, where).toMatch(/^## \S/m);
        expect(article.body, where).not.toMatch(/^# /m);
        const links = [...article.body.matchAll(/\]\(route:([^)]+)\)/g)].map(
          (match) => match[1],
        );
        expect(
          links.some((page) => TOOL_PAGES.includes(page ?? '')),
          where,
        ).toBe(true);
        for (const link of links) {
          const [page, postSlug] = (link ?? '').split('/');
          if (page === 'blogPost')
            expect(BLOG_SLUGS, where).toContain(postSlug);
          else expect(PAGE_IDS, where).toContain(page);
        }
        expectWrittenFor(set, `${article.title}\n${article.body}`, where);
      }
      // One publication date per article, whatever the language.
      expect(dates.size, slug).toBe(1);
    });
  }
});

function expectWrittenFor(set: MessageSet, text: string, where: string) {
  if (set === 'de-CH')
    expect(text, `${where}: Swiss spelling`).not.toContain('ß');
  if (set === 'ar') {
    const arabicLetters = text.match(/[\u0600-\u06FF]/g)?.length ?? 0;
    expect(arabicLetters, where).toBeGreaterThan(text.length / 3);
  }
}

describe('blog source parsing', () => {
  it('reads the front matter and refuses a source without one', () => {
    const { fields, body } = parseArticle(
      '---\ntitle: T: x\ndescription: D\ndate: 2024-01-02\nsummary: S\n---\n\n## H\n\nText',
    );
    expect(fields).toEqual({
      title: 'T: x',
      description: 'D',
      date: '2024-01-02',
      summary: 'S',
    });
    expect(body.trim()).toBe('## H\n\nText');
    expect(() => parseArticle('## H')).toThrow(/front matter/);
    expect(() =>
      parseArticle(
        '---\ntitle: T\ndescription: D\ndate: 2 Jan\nsummary: S\n---\n',
      ),
    ).toThrow(/date/);
  });

  it('counts words, not Markdown syntax or link targets', () => {
    expect(wordCount('## Um título\n\n- **dois** [três](route:tool) `x`')).toBe(
      5,
    );
  });

  it('renders Markdown and shows raw HTML as text', () => {
    const html = renderMarkdown('## Title\n\n<script>alert(1)</script>\n');
    expect(html).toContain('<h2>Title</h2>');
    expect(html).not.toContain('<script>');
  });

  it('the sources carry no raw HTML outside code spans', () => {
    for (const slug of BLOG_SLUGS) {
      for (const set of MESSAGE_SETS) {
        // Code spans such as `<title>` name HTML; they are not HTML.
        const text = readFileSync(articleFile(slug, set), 'utf8').replace(
          /`[^`]*`/g,
          '',
        );
        expect(text, `${slug}/${set}`).not.toMatch(/<[a-z!/]/i);
      }
    }
  });
});
