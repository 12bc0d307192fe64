import { readFileSync, writeFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import {
  GPS_PHOTO,
  VARIANTS,
  exiftoolTags,
  foreignRequests,
  literalParts,
  mainThreadReads,
  recordRequests,
  skipConsentBanner,
  toolPath,
  watchMainThreadReads,
} from './uploader-helpers';

const LARGE_FILE_BYTES = 60 * 1024 * 1024;

/** The GPS photo followed by zeros up to `size`: large, and still a photo the engine cleans. */
function writeLargePhoto(path: string, size: number) {
  const bytes = Buffer.alloc(size);
  readFileSync(GPS_PHOTO).copy(bytes);
  writeFileSync(path, bytes);
}

const IDENTIFYING_TAG = /GPS|Make|Model|SerialNumber/;

test.beforeEach(async ({ page }) => {
  await skipConsentBanner(page);
  await watchMainThreadReads(page);
});

/** Opens a tool page and waits until the prerendered uploader has come alive. */
async function openTool(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('.uploader')).toHaveAttribute('data-ready', 'true');
}

async function expectRejection(page: Page, template: string) {
  const alert = page.locator('.uploader-rejection');
  for (const part of literalParts(template)) {
    await expect(alert).toContainText(part);
  }
}

for (const { code, messages } of VARIANTS) {
  test(`${code}: a wrong type is refused, then a GPS photo is cleaned in the worker and saved as cleaned_`, async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    const requests = recordRequests(context);
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    await openTool(page, toolPath('photos', code));
    const zone = page.getByTestId('drop-zone');
    const avi = await page.evaluateHandle(() => {
      const data = new DataTransfer();
      data.items.add(
        new File(['RIFF\0\0\0\0AVI '], 'clip.avi', { type: 'video/x-msvideo' }),
      );
      return data;
    });
    await zone.dispatchEvent('drop', { dataTransfer: avi });
    await expectRejection(page, messages['uploader.reject.file-invalid-type']);

    await zone.locator('input[type=file]').setInputFiles(GPS_PHOTO);
    await page
      .getByRole('button', { name: messages['uploader.remove'] })
      .click();
    await expect(page.locator('.uploader-success')).toHaveText(
      messages['uploader.processed'],
    );
    await expect(page.locator('[data-category="location"]')).toBeVisible();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('a.uploader-download').click(),
    ]);
    expect(download.suggestedFilename()).toBe('cleaned_DSCN0010.jpg');
    const saved = testInfo.outputPath(download.suggestedFilename());
    await download.saveAs(saved);
    const identifying = (path: string) =>
      Object.keys(exiftoolTags(path)).filter(
        // The colour profile is kept on purpose; its header names a device class, not the camera.
        (tag) => IDENTIFYING_TAG.test(tag) && !tag.startsWith('ICC'),
      );
    expect(identifying(GPS_PHOTO)).not.toEqual([]);
    expect(identifying(saved)).toEqual([]);
    expect(readFileSync(saved).subarray(0, 2)).toEqual(
      Buffer.from([0xff, 0xd8]),
    );

    expect(workers.some((url) => url.includes('clean.worker'))).toBe(true);
    expect(await mainThreadReads(page)).toEqual([]);
    expect(foreignRequests(requests, baseURL ?? page.url())).toEqual([]);
  });
}

test('de: a damaged photo ends in the red error box with the reason, and no download', async ({
  page,
}) => {
  const { messages } = VARIANTS[2];
  await openTool(page, toolPath('photos', 'de'));
  // A JPEG whose first segment claims 65 kB in a 12-byte file.
  const damaged = Buffer.from([
    0xff, 0xd8, 0xff, 0xe1, 0xff, 0xf0, 0x45, 0x78, 0x69, 0x66, 0, 0,
  ]);
  await page.locator('input[type=file]').setInputFiles({
    name: 'kaputt.jpg',
    mimeType: 'image/jpeg',
    buffer: damaged,
  });
  await page.getByRole('button', { name: messages['uploader.remove'] }).click();
  const box = page.locator('.uploader-error');
  await expect(box).toContainText(messages['uploader.error.final']);
  await expect(box).toContainText(messages['uploader.error.corrupt']);
  await expect(box).toBeFocused();
  await expect(page.locator('a.uploader-download')).toHaveCount(0);
});

test('ae: Cancel on a large file stops the worker, returns to selected, and a fresh worker cleans next', async ({
  page,
}, testInfo) => {
  const { messages } = VARIANTS[3];
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  // The engine reads only metadata, so even a large file is cleaned before anyone could press
  // Cancel; a worker that never answers stands in for a slow one, once.
  let fakeServed = () => {};
  const fakeWorkerLoaded = new Promise<void>((resolve) => {
    fakeServed = resolve;
  });
  await page.route('**/clean.worker*', async (route) => {
    await route.fulfill({
      contentType: 'text/javascript',
      body: 'self.addEventListener("message", () => {});',
    });
    fakeServed();
  });
  await openTool(page, toolPath('photos', 'ae'));
  const large = testInfo.outputPath('large.jpg');
  writeLargePhoto(large, LARGE_FILE_BYTES);
  await page.locator('input[type=file]').setInputFiles(large);
  await page.getByRole('button', { name: messages['uploader.remove'] }).click();
  await expect(page.locator('.uploader')).toHaveAttribute(
    'data-state',
    'processing',
  );
  // Only once the stand-in is loaded may the real worker come back for the next run.
  await fakeWorkerLoaded;
  await page.unroute('**/clean.worker*');
  await page.getByRole('button', { name: messages['uploader.cancel'] }).click();
  await expect(page.locator('.uploader')).toHaveAttribute(
    'data-state',
    'selected',
  );

  await page.getByRole('button', { name: messages['uploader.remove'] }).click();
  await expect(page.locator('.uploader')).not.toHaveAttribute(
    'data-state',
    'processing',
  );
  // A failure here names its cause: the bridge logs why a worker failed.
  expect(consoleErrors).toEqual([]);
  await expect(page.locator('.uploader')).toHaveAttribute('data-state', 'done');
});
