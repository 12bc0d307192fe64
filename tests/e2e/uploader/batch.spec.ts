import AxeBuilder from '@axe-core/playwright';
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { expect, test } from '@playwright/test';
import { taggedMp4 } from '../../helpers/isobmff-fixtures';
import {
  GPS_PHOTO,
  VARIANTS,
  exiftoolTags,
  literalParts,
  skipConsentBanner,
  toolPath,
} from './uploader-helpers';

const BATCH_TIMEOUT_MS = 180_000;
const IDENTIFYING_TAG = /GPS|Make|Model|SerialNumber/;

/** What exiftool finds that tells where or with what: the colour profile's header is kept on purpose. */
const identifying = (path: string) =>
  Object.keys(exiftoolTags(path)).filter(
    (tag) => IDENTIFYING_TAG.test(tag) && !tag.startsWith('ICC'),
  );

/** An Apple Photos edit record, as iOS writes beside a photo: it says when the photo was edited. */
const AAE = `<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0"><dict>
<key>adjustmentFormatIdentifier</key><string>com.apple.photo</string>
<key>adjustmentTimestamp</key><date>2021-04-11T15:47:53Z</date>
</dict></plist>
`;

/** A folder as a phone's export gives it: three photos, a video, an edit record beside a photo. */
function tripFolder(): string {
  const scratch = mkdtempSync(join(tmpdir(), 'metaclean-batch-'));
  const trip = join(scratch, 'trip');
  mkdirSync(join(trip, 'day2'), { recursive: true });
  copyFileSync(GPS_PHOTO, join(trip, 'IMG_0042.jpg'));
  copyFileSync(GPS_PHOTO, join(trip, 'IMG_0043.jpg'));
  copyFileSync(GPS_PHOTO, join(trip, 'day2', 'IMG_0044.jpg'));
  writeFileSync(join(trip, 'IMG_0042.AAE'), AAE);
  const video = taggedMp4(scratch, 'clip.mp4', []);
  copyFileSync(video, join(trip, 'day2', 'clip.mp4'));
  return trip;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

const TRIP = tripFolder();

test.beforeEach(async ({ page }) => {
  await skipConsentBanner(page);
  // The directory picker opens a window no test can drive; the folder input stands in for it.
  // It lives on Window.prototype, so it is shadowed rather than deleted.
  await page.addInitScript(() => {
    Object.defineProperty(window, 'showDirectoryPicker', { value: undefined });
  });
});

for (const { code, messages } of VARIANTS.filter(
  (v) => v.code === 'pt' || v.code === 'ae',
)) {
  test(`${code}: a folder of photos, a video and a sidecar comes back as one ZIP, folders kept, sidecar left out and named`, async ({
    page,
  }, testInfo) => {
    // Five files, axe and exiftool on each member: room on a shared machine.
    test.setTimeout(BATCH_TIMEOUT_MS);
    for (const file of ['IMG_0042.jpg', 'day2/IMG_0044.jpg', 'day2/clip.mp4'])
      expect(identifying(join(TRIP, file))).not.toEqual([]);

    await page.goto(toolPath('tool', code));
    await expect(page.locator('.uploader')).toHaveAttribute(
      'data-ready',
      'true',
    );
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page
        .getByRole('button', { name: messages['uploader.zone.folder'] })
        .click(),
    ]);
    await chooser.setFiles(TRIP);

    const list = page.getByTestId('batch-list');
    await expect(list.locator('li')).toHaveCount(5);
    const sidecar = list.locator('li[data-status="left-out"]');
    await expect(sidecar).toContainText('IMG_0042.AAE');
    for (const part of literalParts(messages['sidecar.apple-edits.of']))
      await expect(sidecar).toContainText(part);
    await expect(sidecar.locator('bdi').last()).toHaveText('IMG_0042.jpg');

    await page.locator('.batch .uploader-action').click();
    await expect(page.locator('.batch')).toHaveAttribute(
      'data-phase',
      'finished',
      {
        timeout: 30_000,
      },
    );
    await expect(list.locator('li[data-status="clean"]')).toHaveCount(4);

    const axe = await new AxeBuilder({ page }).include('.uploader').analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('batch-zip').click(),
    ]);
    expect(download.suggestedFilename()).toBe('cleaned_files.zip');
    const zip = testInfo.outputPath('cleaned_files.zip');
    await download.saveAs(zip);
    expect(execFileSync('unzip', ['-t', zip], { encoding: 'utf8' })).toContain(
      'No errors detected',
    );
    const out = testInfo.outputPath('unzipped');
    execFileSync('unzip', ['-q', zip, '-d', out]);

    const members = filesUnder(out);
    expect(members).toEqual([
      'trip/cleaned_IMG_0042.jpg',
      'trip/cleaned_IMG_0043.jpg',
      'trip/day2/cleaned_IMG_0044.jpg',
      'trip/day2/cleaned_clip.mp4',
    ]);
    for (const member of members)
      expect(identifying(join(out, member)), member).toEqual([]);
  });
}
