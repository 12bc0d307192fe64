import { expect, test, type Page, type FileChooser } from '@playwright/test';
import {
  GPS_PHOTO,
  VARIANTS,
  skipConsentBanner,
  toolPath,
} from './uploader-helpers';

/** How long one Enter is given to open the file dialog before it is pressed again. */
const CHOOSER_WAIT_MS = 5_000;

const FULL_UPLOADER = /\/assets\/Uploader-[\w-]+\.js$/;

/** Every script the page has requested so far, by path. */
function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script')
      scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

async function openIdle(page: Page, path: string) {
  await page.goto(path, { waitUntil: 'networkidle' });
  await expect(page.locator('.uploader')).toHaveAttribute('data-ready', 'true');
}

test.beforeEach(async ({ page }) => {
  await skipConsentBanner(page);
});

test('en: the uploader loads its machine and report only when the visitor moves towards it', async ({
  page,
}) => {
  const { messages } = VARIANTS[1];
  const scripts = scriptsOf(page);
  await openIdle(page, toolPath('photos', 'en'));
  expect(scripts.filter((path) => FULL_UPLOADER.test(path))).toEqual([]);

  await page.getByTestId('drop-zone').hover();
  await expect
    .poll(() => scripts.some((path) => FULL_UPLOADER.test(path)))
    .toBe(true);
  await page.locator('input[type=file]').setInputFiles(GPS_PHOTO);
  await expect(
    page.getByRole('button', { name: messages['uploader.remove'] }),
  ).toBeVisible();
});

test('ae: a file chosen before the uploader has loaded is not lost', async ({
  page,
}) => {
  const { messages } = VARIANTS[3];
  await openIdle(page, toolPath('photos', 'ae'));
  // Straight to the input: no hover or focus has started the load before the file arrives.
  await page.locator('input[type=file]').setInputFiles(GPS_PHOTO);
  await expect(page.locator('.uploader')).toHaveAttribute(
    'data-state',
    'selected',
  );
  await expect(page.getByTestId('selected-file')).toContainText('DSCN0010.jpg');
  await expect(
    page.getByRole('button', { name: messages['uploader.remove'] }),
  ).toBeVisible();
});

test('de: the keyboard reaches "Select file", and keeps it when the full uploader takes over', async ({
  page,
}) => {
  const { messages } = VARIANTS[2];
  const scripts = scriptsOf(page);
  await openIdle(page, toolPath('photos', 'de'));
  const select = page.getByRole('button', {
    name: messages['uploader.zone.select'],
  });
  const light = await select.elementHandle();
  await select.focus();
  await expect
    .poll(() => scripts.some((path) => FULL_UPLOADER.test(path)))
    .toBe(true);
  await expect.poll(() => light?.evaluate((e) => e.isConnected)).toBe(false);
  // The full uploader's own button, focused in place of the light one.
  await expect(select).toBeFocused();
  // Enter on the focused button opens the file dialog. A press that lands while the full
  // uploader is still settling is pressed again: the dialog must open, not on the first try.
  let chooser: FileChooser | undefined;
  await expect(async () => {
    [chooser] = await Promise.all([
      page.waitForEvent('filechooser', { timeout: CHOOSER_WAIT_MS }),
      page.keyboard.press('Enter'),
    ]);
  }).toPass({ timeout: 30_000 });
  await chooser!.setFiles(GPS_PHOTO);
  await expect(
    page.getByRole('button', { name: messages['uploader.remove'] }),
  ).toBeVisible();
});
