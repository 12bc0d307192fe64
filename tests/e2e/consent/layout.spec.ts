import { expect, test, type Locator, type Page } from '@playwright/test';
import { pagePath } from '../../../i18n/routes';
import { banner, expectConsentState } from './consent-page';

const LAPTOP = { width: 1280, height: 800 };

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not laid out');
  return b;
}

async function expectNotCovered(page: Page, target: Locator) {
  // The banner's code loads after hydration: wait until it is on screen.
  await expect(banner(page)).toBeVisible();
  await expect(target.first()).toBeVisible();
  const bar = await box(banner(page));
  for (const element of await target.all()) {
    const b = await box(element);
    expect(b.y + b.height, 'bottom of a covered control').toBeLessThanOrEqual(
      bar.y,
    );
  }
}

test.use({ viewport: LAPTOP });

test.describe('cookie banner on a laptop', () => {
  test('pt: a bar along the bottom that covers neither the hero buttons nor the tool action', async ({
    page,
  }) => {
    await page.goto(pagePath('home', 'pt'));
    await expectConsentState(page, 'undecided');
    await expect(banner(page)).toBeVisible();
    // The bar slides in: measure once it has settled at the bottom edge.
    await expect
      .poll(async () => {
        const b = await box(banner(page));
        return Math.round(b.y + b.height);
      })
      .toBe(LAPTOP.height);
    const bar = await box(banner(page));
    expect(bar.width).toBe(LAPTOP.width);
    await expectNotCovered(page, page.locator('.hero .button'));

    await page.goto(pagePath('photos', 'pt'));
    await expectConsentState(page, 'undecided');
    await expectNotCovered(page, page.locator('.uploader-zone button'));
  });

  test('en: the page leaves room for the bar in the footer’s colour, no white band', async ({
    page,
  }) => {
    await page.goto(pagePath('home', 'en'));
    await expectConsentState(page, 'undecided');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const gap = await page.evaluate(() => {
      const footer = document.querySelector('.site-footer')!;
      const bottom = footer.getBoundingClientRect().bottom + window.scrollY;
      return document.documentElement.scrollHeight - bottom;
    });
    expect(gap).toBeLessThanOrEqual(1);
    const bar = await box(banner(page));
    const lastLink = page.locator('.site-footer a').last();
    const link = await box(lastLink);
    expect(link.y + link.height).toBeLessThanOrEqual(bar.y);
  });

  test('de: Escape acts as the close button (necessary only)', async ({
    page,
  }) => {
    await page.goto(pagePath('home', 'de'));
    await expectConsentState(page, 'undecided');
    await expect(banner(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(banner(page)).toHaveCount(0);
    expect(
      await page.evaluate(() => localStorage.getItem('cookie-consent')),
    ).toBe('true');
  });
});
