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
