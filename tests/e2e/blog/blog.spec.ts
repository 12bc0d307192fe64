import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { BLOG_SLUGS } from '../../../i18n/blog-slugs';
import { ALL_LOCALES } from '../../../i18n/locales';
import {
  arabicBlogAliasPaths,
  blogPostPath,
  canonicalPath,
  matchRoute,
  pagePath,
} from '../../../i18n/routes';
import { readArticle } from '../../../scripts/blog-content';
import { decodeEntities, parseHead } from '../helpers/html';
import { gotoHydrated, withConsentDecided } from '../helpers/page';
import { SITE_URL, messagesOf } from '../helpers/site';

const HREFLANG_COUNT = 10;

function jsonLdOf(html: string): Record<string, unknown> | undefined {
  const text = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(
    html,
  )?.[1];
  return text === undefined
    ? undefined
    : (JSON.parse(text) as Record<string, unknown>);
}

// One plain request per URL: the prerendered HTML is what search engines and feed readers see.
for (const locale of ALL_LOCALES) {
  test(`${locale.code}: every article answers with its own head, alternates and BlogPosting`, async ({
    request,
  }) => {
    const paths = BLOG_SLUGS.map((slug) => blogPostPath(slug, locale.code));
    if (locale.code === 'ae') paths.push(...arabicBlogAliasPaths());
    for (const path of paths) {
      const match = matchRoute(path);
      if (match?.page !== 'blogPost') throw new Error(`${path}: no article`);
      const article = readArticle(match.slug, locale.messageSet);
      const canonical = `${SITE_URL}${blogPostPath(match.slug, locale.code)}`;
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      const html = await response.text();
      const head = parseHead(html);
      expect(head.lang, path).toBe(locale.lang);
      expect(head.title, path).toContain(article.title);
      expect(head.description, path).toBe(article.description);
      expect(head.h1, path).toBe(article.title);
      expect(head.robots, path).toBeUndefined();
      expect(head.canonical, path).toBe(canonical);
      expect(Object.keys(head.alternates), path).toHaveLength(HREFLANG_COUNT);
      for (const other of ALL_LOCALES) {
        expect(head.alternates[other.hreflang], path).toBe(
          `${SITE_URL}${blogPostPath(match.slug, other.code)}`,
        );
      }
      expect(head.alternates['x-default'], path).toBe(
        `${SITE_URL}${canonicalPath(path)}`,
      );
      expect(jsonLdOf(html), path).toMatchObject({
        '@type': 'BlogPosting',
        headline: article.title,
        datePublished: article.date,
        url: canonical,
      });
      // The body links the tool pages of this variant, never another variant's.
      const toolLink = pagePath('tool', locale.code);
      expect(html, path).toContain(`href="${toolLink}`);
      expect(html, path).not.toContain('href="route:');
    }
  });
}

test('each blog index lists its articles and links its Atom feed, which lists them too', async ({
  request,
}) => {
  for (const locale of ALL_LOCALES) {
    const path = pagePath('blog', locale.code);
    const html = await (await request.get(path)).text();
    const feedHref = `${locale.prefix}/feed.xml`;
    expect(html, path).toContain(
      `<link rel="alternate" type="application/atom+xml" title="${messagesOf('blog', locale.messageSet)['blogIndex.feedTitle']}" href="${SITE_URL}${feedHref}">`,
    );
    const feed = await (await request.get(feedHref)).text();
    expect(feed, feedHref).toContain(
      '<feed xmlns="http://www.w3.org/2005/Atom"',
    );
    expect(feed.match(/<entry>/g), feedHref).toHaveLength(BLOG_SLUGS.length);
    for (const slug of BLOG_SLUGS) {
      const article = readArticle(slug, locale.messageSet);
      const articlePath = blogPostPath(slug, locale.code);
      expect(html, path).toContain(`href="${articlePath}"`);
      expect(decodeEntities(html), path).toContain(article.summary);
      expect(feed, feedHref).toContain(`<id>${SITE_URL}${articlePath}</id>`);
    }
  }
});

test('the sitemap lists every article of every variant with its alternates', async ({
  request,
}) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  for (const locale of ALL_LOCALES) {
    for (const slug of BLOG_SLUGS) {
      expect(sitemap).toContain(
        `<loc>${SITE_URL}${blogPostPath(slug, locale.code)}</loc>`,
      );
    }
  }
  for (const alias of arabicBlogAliasPaths())
    expect(sitemap).not.toContain(`${SITE_URL}${alias}<`);
});

test('the language switcher keeps the reader on the same article', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await withConsentDecided(page);
  const slug = 'lgpd-metadados';
  await gotoHydrated(page, blogPostPath(slug, 'en'));
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: 'Deutsch', exact: true })
    .click();
  await expect(page).toHaveURL(blogPostPath(slug, 'de'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    readArticle(slug, 'de').title,
  );
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: 'العربية' })
    .click();
  await expect(page).toHaveURL(blogPostPath(slug, 'ae'));
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    readArticle(slug, 'ar').title,
  );
  // Each article hydrated over its prerendered HTML without a mismatch or any other error.
  expect(errors).toEqual([]);
});

test('an article opened from the blog index renders and updates the head', async ({
  page,
}) => {
  await withConsentDecided(page);
  await gotoHydrated(page, pagePath('blog', 'it'));
  const article = readArticle('metadados-excel', 'it');
  await page.getByRole('link', { name: article.title }).click();
  await expect(page).toHaveURL(blogPostPath('metadados-excel', 'it'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    article.title,
  );
  await expect(page).toHaveTitle(new RegExp(article.title));
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    `${SITE_URL}${blogPostPath('metadados-excel', 'it')}`,
  );
});

test('the blog index and an article have no serious or critical axe violation', async ({
  page,
}) => {
  await withConsentDecided(page);
  for (const path of [
    pagePath('blog', 'de'),
    blogPostPath('metadados-powerpoint', 'ae'),
  ]) {
    await gotoHydrated(page, path);
    const results = await new AxeBuilder({ page }).analyze();
    const blocking = results.violations
      .filter(({ impact }) => impact === 'serious' || impact === 'critical')
      .map(
        ({ id, nodes }) => `${id}: ${nodes.map((n) => n.target).join(' | ')}`,
      );
    expect(blocking, path).toEqual([]);
  }
});
