import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import {
  TEXT,
  banner,
  homePath,
  settingsPath,
  type TestedLocale,
} from './consent-page';

const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

async function blockingViolations(page: Page, selector: string) {
  const results = await new AxeBuilder({ page }).include(selector).analyze();
  return results.violations
    .filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''))
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`,
    );
}

async function openBanner(page: Page, code: TestedLocale, detailed: boolean) {
  await page.goto(homePath(code));
  await expect(banner(page)).toBeVisible();
  if (detailed)
    await page.getByRole('button', { name: TEXT[code].customize }).click();
}

test.describe('consent accessibility (axe)', () => {
  for (const code of ['pt', 'ae'] as const) {
    test(`${code}: the open banner, collapsed and detailed, has no serious or critical violation`, async ({
      page,
    }) => {
      await openBanner(page, code, false);
      expect(await blockingViolations(page, '.consent-banner')).toEqual([]);
      await page.getByRole('button', { name: TEXT[code].customize }).click();
      await expect(page.getByRole('switch')).toHaveCount(4);
      expect(await blockingViolations(page, '.consent-banner')).toEqual([]);
    });
  }

  test('de: the settings panel has no serious or critical violation', async ({
    page,
  }) => {
    await page.goto(settingsPath('de'));
    await expect(banner(page)).toBeVisible();
    expect(await blockingViolations(page, '.consent-panel')).toEqual([]);
  });
});
