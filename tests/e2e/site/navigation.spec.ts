import { expect, test, type Page } from '@playwright/test';
import { gotoHydrated, withConsentDecided } from '../helpers/page';
import { siteText } from '../helpers/site';
import { HOVER_OPEN_DELAY_MS } from '../../../src/layout/use-hover-intent';

const MOBILE = { width: 375, height: 740 };

test.beforeEach(async ({ page }) => withConsentDecided(page));

function removersButton(page: Page) {
  return page
    .locator('.desktop-nav')
    .getByRole('button', { name: siteText('en', 'nav.allRemovers') });
}

function removersPanel(page: Page) {
  return page.locator('.removers-panel');
}

test('switching language from a deep page lands on its equivalent', async ({
  page,
}) => {
  await gotoHydrated(page, '/de/metadaten-entfernen/dokumente');
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: 'Italiano' })
    .click();
  await expect(page).toHaveURL('/it/rimuovi-metadati/documenti');
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    siteText('it', 'tool.documents.title'),
  );

  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: 'العربية' })
    .click();
  await expect(page).toHaveURL('/ae/izalat-albiyanat-alwasafiya/wathayiq');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
});

test('client-side navigation updates title and canonical, and focuses the new page', async ({
  page,
}) => {
  await gotoHydrated(page, '/en');
  await page
    .locator('.desktop-nav')
    .getByRole('link', { name: siteText('en', 'nav.faq') })
    .click();
  await expect(page).toHaveURL('/en/faq');
  await expect(page).toHaveTitle(siteText('en', 'meta.faq.title'));
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    /\/en\/faq$/,
  );
  await expect(page.locator('main')).toBeFocused();
});

test('the removers dropdown opens on hover after a delay and closes when the pointer leaves', async ({
  page,
}) => {
  // The page's clock is held still while the pointer rests, so the delay is checked by the
  // page's own timers, not by how fast a loaded machine happens to run.
  await page.clock.install();
  await gotoHydrated(page, '/en');
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  await removersButton(page).hover();
  await page.clock.runFor(HOVER_OPEN_DELAY_MS - 50);
  await expect(removersPanel(page)).toBeHidden();
  await page.clock.runFor(100);
  await expect(removersPanel(page)).toBeVisible();
  await page.clock.resume();
  await expect(removersPanel(page).getByRole('link')).toHaveCount(6);
  await page.mouse.move(5, 700);
  await expect(removersPanel(page)).toBeHidden();
});

test('the removers dropdown opens and closes from the keyboard', async ({
  page,
}) => {
  await gotoHydrated(page, '/en');
  await removersButton(page).focus();
  await page.keyboard.press('ArrowDown');
  await expect(removersPanel(page)).toBeVisible();
  await expect(removersPanel(page).getByRole('link').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(removersPanel(page)).toBeHidden();
  await expect(removersButton(page)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(removersButton(page)).toHaveAttribute('aria-expanded', 'true');
});

test('at 375 px the menu is a drawer that closes on Escape and when a link is chosen', async ({
  page,
}) => {
  await page.setViewportSize(MOBILE);
  await gotoHydrated(page, '/uk');
  await expect(page.locator('.desktop-nav')).toBeHidden();
  const menu = page.getByRole('button', {
    name: siteText('en-GB', 'nav.menuOpen'),
  });
  await menu.click();
  const drawer = page.locator('.drawer');
  await expect(drawer).toBeVisible();
  const box = await drawer.boundingBox();
  expect(box?.width).toBe(MOBILE.width);
  expect(box?.height).toBeGreaterThan(MOBILE.height / 2);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(page.locator('.menu-button')).toBeFocused();
  await menu.click();
  await drawer
    .getByRole('link', { name: siteText('en-GB', 'nav.about') })
    .click();
  await expect(page).toHaveURL('/uk/about');
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    siteText('en-GB', 'about.title'),
  );
});

test('the not-found page is localized, not indexed, and logs the path', async ({
  page,
}) => {
  const logged = page.waitForEvent('console', (message) =>
    message.text().includes('/de/gibt-es-nicht'),
  );
  const response = await gotoHydrated(page, '/de/gibt-es-nicht');
  expect(response?.status()).toBe(404);
  await logged;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    siteText('de', 'notFound.title'),
  );
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute(
    'content',
    'noindex',
  );
  await page
    .getByRole('link', { name: siteText('de', 'notFound.home') })
    .click();
  await expect(page).toHaveURL('/de');
});

test('pages hydrate without errors or hydration warnings', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || /hydrat/i.test(message.text()))
      problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  for (const path of [
    '/',
    '/ae/hawlana',
    '/ch/kontakt',
    '/it/domande-frequenti',
    '/en/remove-metadata/photos',
    '/de/cookie-einstellungen',
  ]) {
    await gotoHydrated(page, path);
  }
  expect(problems).toEqual([]);
});
