import { expect, test } from '@playwright/test';
import {
  ALL,
  NONE,
  TEXT,
  banner,
  expectConsentState,
  homePath,
  stored,
} from './consent-page';

test.describe('consent banner', () => {
  test('pt: appears after load on a first visit, never in the HTML; Accept all holds after reload', async ({
    page,
  }) => {
    const response = await page.goto(homePath('pt'));
    expect(await response?.text()).not.toContain('consent-banner');
    await expect(banner(page)).toBeVisible();
    await page
      .getByRole('button', { exact: true, name: TEXT.pt.acceptAll })
      .click();
    await expect(banner(page)).toBeHidden();
    expect(await stored(page)).toMatchObject({
      consent: 'true',
      preferences: ALL,
    });
    await page.reload();
    await expectConsentState(page, 'decided');
    await expect(banner(page)).toHaveCount(0);
  });

  test('de: Necessary only stores consent with the optional categories off', async ({
    page,
  }) => {
    await page.goto(homePath('de'));
    await page
      .getByRole('button', { exact: true, name: TEXT.de.necessaryOnly })
      .click();
    expect(await stored(page)).toMatchObject({
      consent: 'true',
      preferences: NONE,
    });
    await page.reload();
    await expectConsentState(page, 'decided');
    await expect(banner(page)).toHaveCount(0);
  });

  test('it: the close button acts as Necessary only', async ({ page }) => {
    await page.goto(homePath('it'));
    await banner(page)
      .getByRole('button', { name: /^Chiudi/ })
      .click();
    await expect(banner(page)).toBeHidden();
    expect(await stored(page)).toMatchObject({
      consent: 'true',
      preferences: NONE,
    });
  });

  test('ae: Customize then Reject all stores refused consent; Escape returns to the banner', async ({
    page,
  }) => {
    await page.goto(homePath('ae'));
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page
      .getByRole('button', { exact: true, name: TEXT.ae.customize })
      .click();
    await expect(page.getByRole('switch')).toHaveCount(4);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('switch')).toHaveCount(0);
    await page
      .getByRole('button', { exact: true, name: TEXT.ae.customize })
      .click();
    await page
      .getByRole('switch', { exact: true, name: TEXT.ae.marketing })
      .check();
    await page
      .getByRole('button', { exact: true, name: TEXT.ae.rejectAll })
      .click();
    expect(await stored(page)).toMatchObject({
      consent: 'false',
      preferences: NONE,
    });
  });

  test('pt: Save in the detailed view stores exactly the chosen categories', async ({
    page,
  }) => {
    await page.goto(homePath('pt'));
    await page
      .getByRole('button', { exact: true, name: TEXT.pt.customize })
      .click();
    await page
      .getByRole('switch', { exact: true, name: TEXT.pt.analytics })
      .check();
    await page.getByRole('button', { exact: true, name: TEXT.pt.save }).click();
    await expect(banner(page)).toBeHidden();
    expect(await stored(page)).toMatchObject({
      consent: 'true',
      preferences: { ...NONE, analytics: true },
    });
  });
});
