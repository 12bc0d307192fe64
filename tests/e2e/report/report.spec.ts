import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { taggedMp4 } from '../../helpers/isobmff-fixtures';
import {
  GPS_PHOTO,
  VARIANTS,
  foreignRequests,
  recordRequests,
  skipConsentBanner,
  toolPath,
} from '../uploader/uploader-helpers';

const PHONE = { width: 390, height: 844 };
/** A phone-like video with a place, dates and author tags, made for this run. */
const VIDEO = taggedMp4(
  mkdtempSync(join(tmpdir(), 'metaclean-e2e-video-')),
  'dirty.mp4',
  [],
);
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);
/** Names only the technical details may show: tag names, box paths, segment names. */
const RAW_NAMES =
  /GPSPosition|DateTimeOriginal|ExposureTime|ExposureProgram|MakerNote|APP1|IFD|creation_time|modification_time|moov\/|mvhd|©too/;

test.use({ viewport: PHONE });
test.beforeEach(async ({ page }) => {
  await skipConsentBanner(page);
});

async function cleanOn(page: Page, path: string, file: string, remove: string) {
  await page.goto(path);
  await expect(page.locator('.uploader')).toHaveAttribute('data-ready', 'true');
  await page.locator('input[type=file]').setInputFiles(file);
  await page.getByRole('button', { name: remove }).click();
  await expect(page.locator('.uploader')).toHaveAttribute('data-state', 'done');
}

/** What a person sees of the result: innerText leaves out closed disclosures. */
function visibleResult(page: Page): Promise<string> {
  return page
    .locator('.uploader-done')
    .evaluate((el) => (el as HTMLElement).innerText);
}

/** Resolves once the page has stopped scrolling (a smooth scroll takes a few frames). */
function scrollSettled(page: Page): Promise<void> {
  return page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let last = -1;
        let still = 0;
        const tick = () => {
          still = window.scrollY === last ? still + 1 : 0;
          last = window.scrollY;
          if (still >= 5) resolve();
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
  );
}

async function expectDownloadFocusedAndInView(page: Page) {
  await scrollSettled(page);
  const link = page.getByTestId('download-link');
  await expect(link).toBeFocused();
  await expect(link).toBeInViewport();
  expect(
    await page.evaluate(() => document.activeElement === document.body),
  ).toBe(false);
}

for (const { code, messages } of VARIANTS) {
  test(`${code} on a phone: a GPS photo's result reads for people, with the place on a map`, async ({
    page,
    context,
    baseURL,
  }) => {
    const requests = recordRequests(context);
    await cleanOn(
      page,
      toolPath('photos', code),
      GPS_PHOTO,
      messages['uploader.remove'],
    );
    await expectDownloadFocusedAndInView(page);
    await expect(page.getByTestId('report-summary')).toBeVisible();
    await expect(page.getByTestId('report-summary')).toContainText(/33[.,]86/);

    const map = page.getByTestId('report-map').getByRole('img');
    await expect(map).toBeVisible();
    await expect(map).toHaveAccessibleName(/33[.,]86/);

    const visible = await visibleResult(page);
    expect(visible).not.toMatch(RAW_NAMES);
    const details = page.locator('details.report-technical');
    await expect(details).not.toHaveAttribute('open', '');

    const results = await new AxeBuilder({ page })
      .include('.uploader')
      .analyze();
    const blocking = results.violations
      .filter((v) => BLOCKING_IMPACTS.has(v.impact ?? ''))
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' | ')}`);
    expect(blocking).toEqual([]);

    await details.locator('summary').click();
    await expect(details.getByText('GPSPosition')).toBeVisible();
    expect(foreignRequests(requests, baseURL ?? page.url())).toEqual([]);
  });

  test(`${code} on a phone: a video's result folds its dates and keeps box paths out of sight`, async ({
    page,
    context,
    baseURL,
  }) => {
    const requests = recordRequests(context);
    await cleanOn(
      page,
      toolPath('videos', code),
      VIDEO,
      messages['uploader.remove'],
    );
    await expectDownloadFocusedAndInView(page);
    const visible = await visibleResult(page);
    expect(visible).not.toMatch(RAW_NAMES);
    await expect(
      page.locator('[data-category="time"] .report-row'),
    ).toHaveCount(1);
    expect(foreignRequests(requests, baseURL ?? page.url())).toEqual([]);
  });
}

test('en: a photo dropped on the videos page is sent to the photos page, and the old result goes', async ({
  page,
}) => {
  const { messages } = VARIANTS[1];
  await cleanOn(
    page,
    toolPath('videos', 'en'),
    VIDEO,
    messages['uploader.remove'],
  );
  await page.locator('input[type=file]').setInputFiles(GPS_PHOTO);
  const alert = page.locator('.uploader-rejection');
  await expect(alert).toContainText('DSCN0010.jpg');
  const link = alert.getByRole('link');
  await expect(link).toHaveAttribute('href', toolPath('photos', 'en'));
  await expect(page.getByTestId('download-link')).toHaveCount(0);
  await expect(page.locator('.uploader')).toHaveAttribute('data-state', 'idle');
});
