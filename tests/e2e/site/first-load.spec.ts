import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { pagePath } from '../../../i18n/routes';
import { gotoHydrated, withConsentDecided } from '../helpers/page';

/**
 * First-load JavaScript budgets, gzipped, for a returning visitor (no consent banner): a size, not
 * a time, so a test; `npm run bench:first-load` prints every page's figure beside these.
 */
const BUDGET_KIB = { home: 90, tool: 100 } as const;
const SITE = process.env.SITE_DIR ?? 'dist';
/** As a server would send it: the best compression (scripts/bench-first-load.mjs does the same). */
const GZIP_LEVEL = 9;
const KIB = 1024;

const PAGES = [
  { budget: BUDGET_KIB.home, path: pagePath('home', 'pt') },
  { budget: BUDGET_KIB.home, path: pagePath('home', 'ae') },
  { budget: BUDGET_KIB.tool, path: pagePath('tool', 'de') },
];

for (const { budget, path } of PAGES) {
  test(`${path}: the JavaScript a first load fetches stays within ${budget} KiB gzipped`, async ({
    page,
  }) => {
    const scripts = new Set<string>();
    page.on('request', (request) => {
      if (request.resourceType() === 'script')
        scripts.add(new URL(request.url()).pathname);
    });
    await withConsentDecided(page);
    await gotoHydrated(page, path);
    // What loads after `load` counts too: the service worker's registration, lazy page parts.
    await page.waitForLoadState('networkidle');
    expect(scripts.size).toBeGreaterThan(0);
    const bytes = [...scripts].reduce(
      (sum, url) =>
        sum +
        gzipSync(readFileSync(join(SITE, url)), { level: GZIP_LEVEL }).length,
      0,
    );
    expect(bytes / KIB).toBeLessThanOrEqual(budget);
  });
}
