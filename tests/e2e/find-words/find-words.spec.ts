import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { IntlMessageFormat } from 'intl-messageformat';
import { nameDocx, nameXlsx, SHOWN_NAME } from '../../helpers/find-fixtures';
import { unzipSync } from 'fflate';
import {
  GPS_PHOTO,
  foreignRequests,
  recordRequests,
  skipConsentBanner,
  toolPath,
} from '../uploader/uploader-helpers';

/**
 * "Find my name" as a visitor meets it, in Portuguese and in Arabic (right to left): a Word file
 * with the name in its body and in hidden places is cleaned, the name typed, and the answer read
 * in the live region; what was typed goes into no request, no URL and no storage.
 */
const dir = mkdtempSync(join(tmpdir(), 'metaclean-e2e-find-'));
const letter = join(dir, 'letter.docx');
writeFileSync(letter, nameDocx());
const budget = join(dir, 'budget.xlsx');
writeFileSync(budget, nameXlsx());

/** Many files take longer: three cleans and three searches on a shared machine. */
const BATCH_TIMEOUT_MS = 180_000;

function messagesOf(set: string): Record<string, string> {
  const file = new URL(
    `../../../i18n/messages/find-words/${set}.json`,
    import.meta.url,
  );
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
}

test.beforeEach(async ({ page }) => skipConsentBanner(page));

for (const { code, set, dir: direction } of [
  { code: 'pt', set: 'pt', dir: 'ltr' },
  { code: 'ae', set: 'ar', dir: 'rtl' },
] as const) {
  test(`${code}: the name typed is found in the body and gone from every hidden place, and nothing leaves the page`, async ({
    page,
    context,
    baseURL,
  }) => {
    const messages = messagesOf(set);
    const body = unzipSync(new Uint8Array(readFileSync(letter)))[
      'word/document.xml'
    ]!;
    expect(new TextDecoder().decode(body)).toContain(SHOWN_NAME);
    const requests = recordRequests(context);
    await page.goto(toolPath('documents', code));
    await expect(page.locator('html')).toHaveAttribute('dir', direction);
    await expect(page.locator('.uploader')).toHaveAttribute(
      'data-ready',
      'true',
    );
    await page.locator('input[type=file]').setInputFiles(letter);
    await page.locator('button.uploader-action').click();
    await expect(page.locator('a.uploader-download')).toBeVisible();

    const input = page.getByLabel(messages['find.label']!);
    await input.fill(SHOWN_NAME);
    await input.press('Enter');
    const answer = page.getByRole('status').filter({
      has: page.locator('[data-place]'),
    });
    await expect(answer.locator('[data-place="comment"]')).toBeVisible();
    await expect(
      answer.locator('[data-place="document-properties"]'),
    ).toBeVisible();
    await expect(answer.locator('[data-place="custom-xml"]')).toBeVisible();
    // After cleaning: only the body, visible, and the advice to edit it.
    await expect(answer.locator('[data-place="body-text"]')).toHaveCount(2);
    await expect(answer).toContainText(messages['find.visible-note']!);
    await expect(page.getByTestId('find-withdrawn')).toHaveCount(0);
    await expect(page.locator('a.uploader-download')).toBeVisible();

    expect(foreignRequests(requests, baseURL ?? page.url())).toEqual([]);
    const typed = encodeURIComponent(SHOWN_NAME.split(' ')[0]!);
    expect(requests.filter((url) => url.includes(typed))).toEqual([]);
    expect(page.url()).not.toContain(typed);
    const stored = await page.evaluate(() =>
      JSON.stringify({ ...localStorage, ...sessionStorage }),
    );
    expect(stored).not.toContain(SHOWN_NAME.split(' ')[0]);
  });
}

for (const { code, set, dir: direction } of [
  { code: 'pt', set: 'pt', dir: 'ltr' },
  { code: 'ae', set: 'ar', dir: 'rtl' },
] as const) {
  test(`${code}: in a list of files the name typed once is searched in every copy, the summary read out, and nothing leaves the page`, async ({
    page,
    context,
    baseURL,
  }) => {
    test.setTimeout(BATCH_TIMEOUT_MS);
    const messages = messagesOf(set);
    const requests = recordRequests(context);
    await page.goto(toolPath('tool', code));
    await expect(page.locator('html')).toHaveAttribute('dir', direction);
    await expect(page.locator('.uploader')).toHaveAttribute(
      'data-ready',
      'true',
    );
    await page
      .locator('input[type=file]')
      .first()
      .setInputFiles([letter, budget, GPS_PHOTO]);
    await page.locator('.batch .uploader-action').click();
    await expect(page.locator('.batch')).toHaveAttribute(
      'data-phase',
      'finished',
      { timeout: 60_000 },
    );

    const input = page.getByLabel(messages['find.label']!);
    await input.fill(SHOWN_NAME);
    await input.press('Enter');
    const lang = (await page.locator('html').getAttribute('lang')) ?? set;
    const found = new IntlMessageFormat(
      messages['find.batch.found']!,
      lang,
    ).format({ found: 2, total: 3 }) as string;
    const summary = page.getByTestId('find-answer');
    await expect(summary).toHaveAttribute('role', 'status');
    await expect(summary).toHaveText(found, { timeout: 60_000 });

    // The letter's body and the budget's cell keep the name (visible); no hidden place does.
    const files = page.getByTestId('find-files');
    await expect(files.locator(':scope > li')).toHaveCount(2);
    await expect(files.locator(':scope > li').first()).toContainText(
      'letter.docx',
    );
    await expect(files.locator('[data-place="comment"]')).toHaveCount(1);
    await expect(files.locator('[data-place="sheet-cell"]')).toHaveCount(2);
    await expect(files.locator('[data-withdrawn="true"]')).toHaveCount(0);
    await expect(page.getByTestId('batch-left-out')).toHaveCount(0);
    await expect(page.getByTestId('batch-zip')).toContainText('3');
    await expect(page.locator('.batch-download')).toHaveCount(3);

    const axe = await new AxeBuilder({ page }).include('.find-words').analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);

    expect(foreignRequests(requests, baseURL ?? page.url())).toEqual([]);
    const typed = encodeURIComponent(SHOWN_NAME.split(' ')[0]!);
    expect(requests.filter((url) => url.includes(typed))).toEqual([]);
    expect(page.url()).not.toContain(typed);
    const stored = await page.evaluate(() =>
      JSON.stringify({ ...localStorage, ...sessionStorage }),
    );
    expect(stored).not.toContain(SHOWN_NAME.split(' ')[0]);
  });
}
