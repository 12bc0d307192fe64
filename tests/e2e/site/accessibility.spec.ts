import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { ALL_LOCALES } from '../../../i18n/locales';
import { pagePath } from '../../../i18n/routes';
import { gotoHydrated } from '../helpers/page';

const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

// The home page as a first-time visitor sees it, consent banner included.
for (const locale of ALL_LOCALES) {
  test(`${locale.code}: home page has no serious or critical axe violation`, async ({
    page,
  }) => {
    await gotoHydrated(page, pagePath('home', locale.code));
    const results = await new AxeBuilder({ page }).analyze();
    const blocking = results.violations
      .filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''))
      .map(
        (violation) =>
          `${violation.id}: ${violation.nodes.map((node) => node.target).join(' | ')}`,
      );
    expect(blocking).toEqual([]);
  });
}

/** Pages whose surfaces differ: hero, drop zone, long text, the cookie settings' switches. */
const DARK_PAGES = ['home', 'photos', 'privacy', 'cookies'] as const;
/** The languages' three scripts and layouts; the other variants share their stylesheet. */
const DARK_LOCALES = ALL_LOCALES.filter((locale) =>
  ['pt', 'de', 'ae'].includes(locale.code),
);
/** Four axe runs in one test, on a shared machine. */
const DARK_TEST_TIMEOUT_MS = 5 * 60_000;

// The same rules in dark mode, for visitors whose system asks for it (prefers-color-scheme).
for (const locale of DARK_LOCALES) {
  test(`${locale.code}: in dark mode, the home, photos, privacy and cookie pages have no serious or critical axe violation`, async ({
    page,
  }) => {
    test.setTimeout(DARK_TEST_TIMEOUT_MS);
    await page.emulateMedia({ colorScheme: 'dark' });
    const blocking: string[] = [];
    for (const pageId of DARK_PAGES) {
      const path = pagePath(pageId, locale.code);
      await gotoHydrated(page, path);
      expect(
        await page.evaluate(
          () => getComputedStyle(document.body).backgroundColor,
        ),
        `${path}: a dark surface`,
      ).toBe('rgb(15, 23, 42)');
      const results = await new AxeBuilder({ page }).analyze();
      blocking.push(
        ...results.violations
          .filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''))
          .map(
            (violation) =>
              `${path} ${violation.id}: ${violation.nodes.map((node) => node.target).join(' | ')}`,
          ),
      );
    }
    expect(blocking).toEqual([]);
  });
}
