import { expect, test } from '@playwright/test';
import { ALL_LOCALES } from '../../../i18n/locales';
import { PAGE_IDS, pagePath } from '../../../i18n/routes';
import { parseHead } from '../helpers/html';
import { SITE_URL, siteText } from '../helpers/site';

const HREFLANGS = [
  'pt',
  'en',
  'en-GB',
  'en-AU',
  'en-CA',
  'de',
  'de-CH',
  'it',
  'ar-AE',
  'x-default',
];

// Plain HTTP requests and the prerendered HTML: fast, and proves the pages read without JavaScript.
for (const locale of ALL_LOCALES) {
  test(`${locale.code}: every page answers with its lang, dir, title, canonical and alternates`, async ({
    request,
  }) => {
    for (const page of PAGE_IDS) {
      const path = pagePath(page, locale.code);
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()['content-security-policy'], path).toContain(
        "connect-src 'self'",
      );
      const head = parseHead(await response.text());

      expect(head.lang, path).toBe(locale.lang);
      expect(head.dir, path).toBe(locale.dir);
      expect(head.title, path).toBe(
        siteText(locale.messageSet, `meta.${page}.title`),
      );
      expect(head.description, path).toBe(
        siteText(locale.messageSet, `meta.${page}.description`),
      );
      expect(head.canonical, path).toBe(`${SITE_URL}${path}`);
      expect(head.robots, path).toBeUndefined();
      expect(head.csp, path).toContain("default-src 'self'");
      expect(head.h1?.trim(), path).toBeTruthy();

      expect(Object.keys(head.alternates).sort(), path).toEqual(
        [...HREFLANGS].sort(),
      );
      for (const other of ALL_LOCALES) {
        expect(head.alternates[other.hreflang], path).toBe(
          `${SITE_URL}${pagePath(page, other.code)}`,
        );
      }
      expect(head.alternates['x-default'], path).toBe(
        `${SITE_URL}${pagePath(page, 'pt')}`,
      );
    }
  });
}

test('unknown paths answer 404 with the variant’s not-found page, noindex and no canonical', async ({
  request,
}) => {
  for (const locale of ALL_LOCALES) {
    const path = `${locale.prefix}/no-such-page`;
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    const head = parseHead(await response.text());
    expect(head.lang, path).toBe(locale.lang);
    expect(head.robots, path).toBe('noindex');
    expect(head.canonical, path).toBeUndefined();
    expect(head.h1, path).toBe(siteText(locale.messageSet, 'notFound.title'));
  }
});

test('sitemap lists every page of every variant with ten alternates; robots.txt names it', async ({
  request,
}) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const urls = sitemap.match(/<url>[\s\S]*?<\/url>/g) ?? [];
  // Fixed pages and the thirteen blog articles, in every variant.
  expect(urls).toHaveLength((PAGE_IDS.length + 13) * ALL_LOCALES.length);
  for (const url of urls)
    expect(url.match(/<xhtml:link /g)).toHaveLength(HREFLANGS.length);
  expect(sitemap).toContain(`<loc>${SITE_URL}/ae/iedadat-alkukiz</loc>`);

  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain(`Sitemap: ${SITE_URL}/sitemap.xml`);
});

test('the server refuses malformed percent-encoding and keeps serving', async ({
  request,
}) => {
  expect((await request.get('/%E0%A4%A')).status()).toBe(400);
  expect((await request.get('/en')).status()).toBe(200);
});
