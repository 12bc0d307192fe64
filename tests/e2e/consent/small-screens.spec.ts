import { expect, test, type Locator, type Page } from '@playwright/test';
import { ALL_LOCALES, type LocaleCode } from '../../../i18n/locales';
import { pagePath } from '../../../i18n/routes';
import { banner, expectConsentState } from './consent-page';

/** A 390 px phone in portrait (iPhone 12 to 15). */
const PHONE = { width: 390, height: 844 };
/** A 1280 x 800 laptop at 200% zoom: half as many CSS pixels, each drawn twice as large. */
const LAPTOP_AT_200 = { width: 640, height: 400 };
const ZOOM_200 = 2;

/** The page's main action: the hero's first button at home, the drop zone's button on a tool page. */
const MAIN_ACTIONS = [
  { page: 'home', selector: '.hero .button' },
  { page: 'photos', selector: '.uploader-button' },
  { page: 'documents', selector: '.uploader-button' },
] as const;

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not laid out');
  return b;
}

/** Opens a page for an undecided visitor and waits for the banner, its entrance motion off. */
async function openWithBanner(page: Page, path: string) {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(path);
  await expectConsentState(page, 'undecided');
  await expect(banner(page)).toBeVisible();
}

test.describe('the cookie banner on a 390 px phone', () => {
  test.use({ viewport: PHONE });

  for (const { code } of ALL_LOCALES) {
    test(`${code}: the banner stays below the main action of the home and tool pages`, async ({
      page,
    }) => {
      for (const { page: pageId, selector } of MAIN_ACTIONS) {
        const path = pagePath(pageId, code as LocaleCode);
        await openWithBanner(page, path);
        const action = page.locator(selector).first();
        await expect(action, path).toBeVisible();
        const bar = await box(banner(page));
        const target = await box(action);
        expect(
          target.y + target.height,
          `${path}: main action`,
        ).toBeLessThanOrEqual(bar.y);
        expect(bar.height, `${path}: banner height`).toBeLessThan(
          PHONE.height / 4,
        );
      }
    });
  }
});

test.describe('the cookie banner at 200% zoom', () => {
  test.use({ viewport: LAPTOP_AT_200, deviceScaleFactor: ZOOM_200 });

  for (const code of ['pt', 'de'] as const) {
    test(`${code}: every button of the banner is on screen, with room for its text`, async ({
      page,
    }) => {
      await openWithBanner(page, pagePath('home', code));
      const buttons = banner(page).getByRole('button');
      expect(await buttons.count()).toBeGreaterThanOrEqual(4);
      for (const button of await buttons.all()) {
        await expect(button).toBeInViewport({ ratio: 1 });
      }
      const text = await box(banner(page).locator('.consent-banner__text'));
      expect(text.width).toBeGreaterThan(LAPTOP_AT_200.width / 2);
    });
  }
});
