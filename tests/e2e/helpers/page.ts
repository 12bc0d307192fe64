import { expect, type Page, type Response } from '@playwright/test';
import {
  CONSENT_KEY,
  PREFERENCES_KEY,
} from '../../../src/machines/consent-storage';

/** Set by the app once React has hydrated the prerendered page (src/app/PageSwitch.tsx). */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';

/** Opens a page and waits until React has hydrated it, so handlers are attached. */
export async function gotoHydrated(
  page: Page,
  path: string,
): Promise<Response | null> {
  const response = await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute(
    HYDRATED_ATTRIBUTE,
    'true',
  );
  return response;
}

/** Stores a necessary-only consent before any page script runs, so no banner covers the page. */
export async function withConsentDecided(page: Page): Promise<void> {
  const preferences = {
    necessary: true,
    analytics: false,
    marketing: false,
    preferences: false,
  };
  await page.addInitScript(
    ([consentKey, preferencesKey, value]) => {
      window.localStorage.setItem(consentKey, 'true');
      window.localStorage.setItem(preferencesKey, value);
    },
    [CONSENT_KEY, PREFERENCES_KEY, JSON.stringify(preferences)] as const,
  );
}
