import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { nameDocx, SHOWN_NAME } from '../../helpers/find-fixtures';
import { unzipSync } from 'fflate';
import {
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
