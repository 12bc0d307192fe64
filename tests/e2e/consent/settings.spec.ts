import { expect, test } from '@playwright/test';
import {
  CONSENT_KEY,
  LEGACY_GERMAN_PREFERENCES_KEY,
  NONE,
  PREFERENCES_KEY,
  TESTED_LOCALES,
  TEXT,
  banner,
  expectConsentState,
  homePath,
  settingsPath,
  stored,
} from './consent-page';

test.describe('cookie settings page', () => {
  for (const code of TESTED_LOCALES) {
    test(`${code}: Save stores the choice and confirms it, with a link to the home of the language`, async ({
      page,
    }) => {
      await page.goto(settingsPath(code));
      await expectConsentState(page, 'undecided');
      await page
        .locator('.consent-panel')
        .getByRole('switch', { name: TEXT[code].marketing })
        .check();
      await page.getByRole('button', { name: TEXT[code].settingsSave }).click();
      const saved = page.locator('.consent-panel__saved');
      await expect(saved).toBeFocused();
      await expect(saved.getByRole('link')).toHaveAttribute(
        'href',
        homePath(code),
      );
      await expect(banner(page)).toHaveCount(0);
      expect(await stored(page)).toMatchObject({
        consent: 'true',
        preferences: { ...NONE, marketing: true },
      });
    });
  }

  test('it: Cancel goes home and changes nothing', async ({ page }) => {
    await page.addInitScript(
      ([consentKey, preferencesKey, preferences]) => {
        if (localStorage.getItem(consentKey) !== null) return;
        localStorage.setItem(consentKey, 'true');
        localStorage.setItem(preferencesKey, preferences);
      },
      [CONSENT_KEY, PREFERENCES_KEY, JSON.stringify(NONE)] as const,
    );
    await page.goto(settingsPath('it'));
    await expectConsentState(page, 'decided');
    await page
      .getByRole('switch', { exact: true, name: TEXT.it.analytics })
      .check();
    await page
      .getByRole('button', { exact: true, name: TEXT.it.cancel })
      .click();
    await expect(page).toHaveURL((url) => url.pathname === homePath('it'));
    expect(await stored(page)).toMatchObject({
      consent: 'true',
      preferences: NONE,
    });
  });

  test('de: a visitor with the legacy German key is not asked again', async ({
    page,
  }) => {
    const legacy = { ...NONE, analytics: true };
    await page.addInitScript(
      ([key, value]) => {
        if (localStorage.getItem('cookie-consent') === null)
          localStorage.setItem(key, value);
      },
      [LEGACY_GERMAN_PREFERENCES_KEY, JSON.stringify(legacy)] as const,
    );
    await page.goto(homePath('de'));
    await expectConsentState(page, 'decided');
    await expect(banner(page)).toHaveCount(0);
    expect(await stored(page)).toEqual({
      consent: 'true',
      preferences: legacy,
      legacy: null,
    });
  });
});
