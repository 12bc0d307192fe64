import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { IntlMessageFormat } from 'intl-messageformat';
import { jpegScanBytes } from '../../helpers/jpeg-scans';
import {
  GPS_PHOTO,
  VARIANTS,
  exiftoolTags,
  skipConsentBanner,
  toolPath,
} from '../uploader/uploader-helpers';

/**
 * "Content kept byte for byte" as a visitor meets it, in Portuguese and in Arabic: a generated
 * photo with GPS is cleaned, the technical details opened, and the image data's two SHA-256
 * values are the test's own (node:crypto over the scans its own segment walk finds in the
 * original and in the downloaded copy), written left to right, said identical in the page's
 * language.
 */
function reportMessages(set: string): Record<string, string> {
  const file = new URL(
    `../../../i18n/messages/report/${set}.json`,
    import.meta.url,
  );
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
}

const sha256 = (bytes: Uint8Array) =>
  createHash('sha256').update(bytes).digest('hex');

test.beforeEach(async ({ page }) => skipConsentBanner(page));

for (const { code, messages, set, direction } of [
  { ...VARIANTS.find((v) => v.code === 'pt')!, set: 'pt', direction: 'ltr' },
  { ...VARIANTS.find((v) => v.code === 'ae')!, set: 'ar', direction: 'rtl' },
] as const) {
  test(`${code}: the technical details show the image data's SHA-256 in the original and the copy, equal to the test's own, identical`, async ({
    page,
  }, testInfo) => {
    const report = reportMessages(set);
    const original = new Uint8Array(readFileSync(GPS_PHOTO));
    expect(Object.keys(exiftoolTags(GPS_PHOTO)).join(' ')).toMatch(/GPS/);
    const expected = sha256(jpegScanBytes(original));

    await page.goto(toolPath('photos', code));
    await expect(page.locator('html')).toHaveAttribute('dir', direction);
    await expect(page.locator('.uploader')).toHaveAttribute(
      'data-ready',
      'true',
    );
    await page.locator('input[type=file]').setInputFiles(GPS_PHOTO);
    await page
      .getByRole('button', { name: messages['uploader.remove'] })
      .click();
    await expect(page.locator('.uploader')).toHaveAttribute(
      'data-state',
      'done',
    );
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('download-link').click(),
    ]);
    const copyPath = testInfo.outputPath('copy.jpg');
    await download.saveAs(copyPath);
    expect(Object.keys(exiftoolTags(copyPath)).join(' ')).not.toMatch(/GPS/);
    const copied = sha256(
      jpegScanBytes(new Uint8Array(readFileSync(copyPath))),
    );
    expect(copied).toBe(expected);

    const details = page.locator('details.report-technical');
    await details
      .locator('summary', { hasText: report['report.technical']! })
      .click();
    const lang = (await page.locator('html').getAttribute('lang')) ?? set;
    const summary = new IntlMessageFormat(
      report['report.content.summary']!,
      lang,
    ).format({ identical: 'yes', count: 1, different: 0 }) as string;
    await expect(details.locator('.report-content-summary')).toHaveText(
      summary,
      { timeout: 60_000 },
    );

    const part = details.locator('.report-content-part');
    await expect(part).toHaveCount(1);
    await expect(part).toContainText(report['report.content.part.image-data']!);
    await expect(part.locator('.report-content-verdict')).toHaveText(
      report['report.content.identical']!,
    );
    await expect(part.locator('dt')).toHaveText([
      report['report.content.original']!,
      report['report.content.copy']!,
    ]);
    const hashes = part.locator('code.report-content-hash');
    await expect(hashes).toHaveText([expected, copied]);
    // A hash reads left to right whatever the page's direction.
    for (const hash of await hashes.all())
      expect(await hash.evaluate((el) => getComputedStyle(el).direction)).toBe(
        'ltr',
      );
  });
}
