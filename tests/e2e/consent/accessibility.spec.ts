import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { TEXT, banner, homePath, settingsPath } from './consent-page';

const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

/** Serious and critical axe violations on the whole page, as `rule: targets` lines. */
async function blockingViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''))
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`,
    );
}

test.describe('consent accessibility (axe)', () => {
  for (const code of ['pt', 'ae'] as const) {
    test(`${code}: with the banner open, collapsed then detailed, the page has no serious or critical violation`, async ({
      page,
    }) => {
      // Two whole-page axe runs over the full home page: more than the default on a busy machine.
      test.setTimeout(90_000);
      await page.goto(homePath(code));
      await expect(banner(page)).toBeVisible();
      expect(await blockingViolations(page)).toEqual([]);
      await page
        .getByRole('button', { exact: true, name: TEXT[code].customize })
        .click();
      await expect(page.getByRole('switch')).toHaveCount(4);
      expect(await blockingViolations(page)).toEqual([]);
    });
  }

  test('de: the settings page with the banner open has no serious or critical violation', async ({
    page,
  }) => {
    await page.goto(settingsPath('de'));
    await expect(banner(page)).toBeVisible();
    expect(await blockingViolations(page)).toEqual([]);
  });
});
