import { expect, test } from '@playwright/test';
import { messageIdsIn } from '../../helpers/message-ids';
import { decodeEntities } from '../helpers/html';
import { withConsentDecided } from '../helpers/page';
import { SITE_URL } from '../helpers/site';

/** The narrowest phone the site is laid out for (an iPhone 12 to 15 in portrait). */
const PHONE = { width: 390, height: 844 };
/** Every page of the sitemap, one after another in one page: a generous bound on the whole walk. */
const WALK_TIMEOUT_MS = 15 * 60_000;

/** Every page the sitemap lists, as a path on the test server. */
async function sitemapPaths(
  get: (path: string) => Promise<string>,
): Promise<string[]> {
  const sitemap = await get('/sitemap.xml');
  return [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) =>
    (match[1] ?? '').slice(SITE_URL.length),
  );
}

/** Attributes a visitor reads or hears (labels, tooltips, alternative texts, the description). */
const READ_ATTRIBUTES =
  /\s(?:aria-label|title|alt|placeholder|content)="([^"]*)"/g;

/** What the prerendered HTML shows or announces: its text and its read attributes. */
function readableText(html: string): string {
  const withoutCode = html
    .replace(/<script\b[\s\S]*?<\/script>/gi, ' ')
    .replace(/<style\b[\s\S]*?<\/style>/gi, ' ');
  const attributes = [...withoutCode.matchAll(READ_ATTRIBUTES)].map(
    (match) => match[1] ?? '',
  );
  const text = withoutCode.replace(/<[^>]*>/g, ' ');
  return decodeEntities([text, ...attributes].join(' '));
}

test.use({ viewport: PHONE });

test('every page of the sitemap, prerendered, shows no message id and fits a 390 px phone', async ({
  page,
}) => {
  test.setTimeout(WALK_TIMEOUT_MS);
  await withConsentDecided(page);
  const paths = await sitemapPaths(async (path) =>
    (await page.request.get(path)).text(),
  );
  expect(paths.length).toBeGreaterThan(0);

  const shownIds: string[] = [];
  const tooWide: string[] = [];
  for (const path of paths) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    const ids = messageIdsIn(readableText((await response?.text()) ?? ''));
    if (ids.length > 0) shownIds.push(`${path}: ${ids.join(', ')}`);
    const width = await page.evaluate(
      () => document.documentElement.scrollWidth,
    );
    if (width > PHONE.width) tooWide.push(`${path}: ${width} px`);
  }
  expect(shownIds).toEqual([]);
  expect(tooWide).toEqual([]);
});
