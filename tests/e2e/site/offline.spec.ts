import { spawn } from 'node:child_process';
import {
  appendFileSync,
  cpSync,
  mkdtempSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ALL_LOCALES } from '../../../i18n/locales';
import { pagePath } from '../../../i18n/routes';
import {
  acceptedEntries,
  toDropzoneAccept,
} from '../../../src/catalog/accepted-types';
import { parseHead } from '../helpers/html';
import { siteText } from '../helpers/site';
import { gotoHydrated, withConsentDecided } from '../helpers/page';
import {
  exiftoolTags,
  GPS_PHOTO,
  VARIANTS,
} from '../uploader/uploader-helpers';

const TOOL = pagePath('tool', 'en');
const UPLOADER = VARIANTS[1].messages;
/** What the planted photo tells that a clean copy must not. */
const IDENTIFYING_TAG = /GPS|Make|Model|SerialNumber/;
/** The PNG signature, then the IHDR chunk: width and height as 32-bit big-endian (PNG 11.2.2). */
const PNG_WIDTH_OFFSET = 16;
const PNG_HEIGHT_OFFSET = 20;
/** The update test's own server: one port per Playwright worker, away from the suite's. */
const OWN_PORT_BASE = 4391;

function identifying(path: string): string[] {
  return Object.keys(exiftoolTags(path)).filter(
    // The colour profile is kept on purpose; its header names a device class, not the camera.
    (tag) => IDENTIFYING_TAG.test(tag) && !tag.startsWith('ICC'),
  );
}

/** Opens a page and waits until its variant's service worker controls it (precache complete). */
async function openControlled(page: Page, path: string) {
  await withConsentDecided(page);
  await gotoHydrated(page, path);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Saves the clean copy the result offers and checks it with exiftool. */
async function expectCleanDownload(page: Page, outputPath: string) {
  await expect(page.locator('.uploader-success')).toHaveText(
    UPLOADER['uploader.processed'],
  );
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.locator('a.uploader-download').click(),
  ]);
  expect(download.suggestedFilename()).toBe('cleaned_DSCN0010.jpg');
  await download.saveAs(outputPath);
  expect(identifying(GPS_PHOTO)).not.toEqual([]);
  expect(identifying(outputPath)).toEqual([]);
}

test('en: after a first visit the tool reloads with no network and cleans a GPS photo offline', async ({
  page,
  context,
}, testInfo) => {
  await openControlled(page, TOOL);
  await context.setOffline(true);
  await page.reload();
  await expect(page.locator('.uploader')).toHaveAttribute('data-ready', 'true');

  await page.locator('input[type=file]').setInputFiles(GPS_PHOTO);
  await page.getByRole('button', { name: UPLOADER['uploader.remove'] }).click();
  await expectCleanDownload(page, testInfo.outputPath('offline.jpg'));

  // Another page of the variant, never visited, comes from the precache too.
  await page.goto(pagePath('howItWorks', 'en'));
  await expect(page.locator('#install-title')).toHaveText(
    siteText('en', 'offline.install.title'),
  );
});

test('en: files shared to the app are posted through the service worker and cleaned at once, several as a list', async ({
  page,
}) => {
  await openControlled(page, TOOL);
  // What the share sheet does: a multipart POST of the files to the manifest's share_target.
  const manifest = (await (
    await page.request.get('/en/manifest.webmanifest')
  ).json()) as { share_target: { action: string } };
  await page.evaluate((action) => {
    const form = document.createElement('form');
    form.method = 'post';
    form.enctype = 'multipart/form-data';
    form.action = action;
    const input = document.createElement('input');
    input.type = 'file';
    input.name = 'files';
    input.multiple = true;
    input.id = 'share-files';
    form.append(input);
    document.body.append(form);
  }, manifest.share_target.action);
  const photo = readFileSync(GPS_PHOTO);
  await page.locator('#share-files').setInputFiles([
    { name: 'DSCN0010.jpg', mimeType: 'image/jpeg', buffer: photo },
    { name: 'second.jpg', mimeType: 'image/jpeg', buffer: photo },
  ]);
  await page.evaluate(() =>
    document.querySelector<HTMLFormElement>('form[enctype]')?.submit(),
  );

  await page.waitForURL(
    (url) => url.searchParams.size === 0 && url.pathname === TOOL,
  );
  // Both files are taken: the list shows them, started without a press, and both come out clean.
  const list = page.getByTestId('batch-list');
  await expect(list).toContainText('DSCN0010.jpg');
  await expect(list).toContainText('second.jpg');
  await expect(page.locator('.batch-item[data-status="clean"]')).toHaveCount(
    2,
    {
      timeout: 60_000,
    },
  );
});

test('en: files opened with the installed app come through launchQueue as real file handles and are cleaned as a list', async ({
  page,
}) => {
  // Chromium hands an installed app the files it was opened with through `launchQueue`; a test
  // cannot install the app, so it stands in for the queue and passes real FileSystemFileHandles
  // (from the origin-private file system), read by the page's own code as an "Open with" would be.
  await page.addInitScript(() => {
    type Consumer = (params: { files: FileSystemFileHandle[] }) => void;
    const waiting: Consumer[] = [];
    Object.assign(window, { __launchConsumers: waiting });
    // Chromium has its own read-only `launchQueue` on Window.prototype: shadow it on the window.
    Object.defineProperty(window, 'launchQueue', {
      configurable: true,
      value: { setConsumer: (consumer: Consumer) => waiting.push(consumer) },
    });
  });
  await openControlled(page, TOOL);
  const photo = readFileSync(GPS_PHOTO).toString('base64');
  await page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const root = await navigator.storage.getDirectory();
    const handles: FileSystemFileHandle[] = [];
    for (const name of ['DSCN0010.jpg', 'opened-second.jpg']) {
      const handle = await root.getFileHandle(name, { create: true });
      const writable = await handle.createWritable();
      await writable.write(bytes);
      await writable.close();
      handles.push(handle);
    }
    const consumers = (
      window as unknown as {
        __launchConsumers: ((params: {
          files: FileSystemFileHandle[];
        }) => void)[];
      }
    ).__launchConsumers;
    consumers.at(-1)?.({ files: handles });
  }, photo);

  const list = page.getByTestId('batch-list');
  await expect(list).toContainText('DSCN0010.jpg');
  await expect(list).toContainText('opened-second.jpg');
  await expect(page.locator('.batch-item[data-status="clean"]')).toHaveCount(
    2,
    { timeout: 60_000 },
  );
});

test('en: where the browser can share files, the result offers Share beside Download', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const shared: string[] = [];
    Object.assign(window, { __shared: shared });
    Object.assign(navigator, {
      canShare: (data: { files?: File[] }) => Boolean(data.files?.length),
      share: (data: { files: File[] }) => {
        shared.push(...data.files.map((file) => file.name));
        return Promise.resolve();
      },
    });
  });
  await openControlled(page, TOOL);
  await page.locator('input[type=file]').setInputFiles(GPS_PHOTO);
  await page.getByRole('button', { name: UPLOADER['uploader.remove'] }).click();
  await page.getByRole('button', { name: UPLOADER['uploader.share'] }).click();
  await expect
    .poll(() =>
      page.evaluate(
        () => (window as unknown as { __shared: string[] }).__shared,
      ),
    )
    .toEqual(['cleaned_DSCN0010.jpg']);
});

interface Manifest {
  id: string;
  name: string;
  short_name: string;
  lang: string;
  dir: string;
  start_url: string;
  scope: string;
  icons: { src: string; sizes: string; purpose: string; type: string }[];
  share_target: {
    action: string;
    method: string;
    enctype: string;
    params: { files: { name: string; accept: string[] }[] };
  };
  file_handlers: { action: string; accept: Record<string, string[]> }[];
}

test('every variant links its own manifest: names in its language, icons at their sizes, share target and file handlers', async ({
  request,
}) => {
  const accept = toDropzoneAccept(acceptedEntries('all'));
  for (const locale of ALL_LOCALES) {
    const home = pagePath('home', locale.code);
    const head = parseHead(await (await request.get(home)).text());
    expect(head.manifest, home).toBe(`${locale.prefix}/manifest.webmanifest`);
    expect(head.themeColor, home).toMatch(/^#[0-9a-f]{6}$/i);
    const response = await request.get(head.manifest ?? '');
    expect(response.headers()['content-type']).toContain('manifest+json');
    const manifest = (await response.json()) as Manifest;
    const set = locale.messageSet;

    expect(manifest.name).toBe(siteText(set, 'offline.app.name'));
    expect(manifest.short_name).toBe(siteText(set, 'offline.app.shortName'));
    expect(manifest.lang).toBe(locale.lang);
    expect(manifest.dir).toBe(locale.dir);
    expect(manifest.start_url).toBe(home);
    expect(manifest.id).toBe(home);
    expect(home.startsWith(manifest.scope)).toBe(true);

    for (const icon of manifest.icons) {
      const png = (await (await request.get(icon.src)).body()) as Buffer;
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(png.readUInt32BE(PNG_WIDTH_OFFSET), icon.src).toBe(width);
      expect(png.readUInt32BE(PNG_HEIGHT_OFFSET), icon.src).toBe(height);
    }
    const sizes = (purpose: string) =>
      manifest.icons.filter((i) => i.purpose === purpose).map((i) => i.sizes);
    expect(sizes('any')).toEqual(['192x192', '512x512']);
    expect(sizes('maskable')).toEqual(['512x512']);

    const tool = pagePath('tool', locale.code);
    const share = manifest.share_target;
    expect(share.method).toBe('POST');
    expect(share.enctype).toBe('multipart/form-data');
    expect(new URL(share.action, 'http://x').pathname).toBe(tool);
    for (const [mime, extensions] of Object.entries(accept))
      expect(share.params.files[0]?.accept).toEqual(
        expect.arrayContaining([mime, ...extensions]),
      );
    expect(manifest.file_handlers).toEqual([{ action: tool, accept }]);
  }
});

/** A server of `dir` on `port`, running once it answers. */
async function serve(dir: string, port: number) {
  const server = spawn(process.execPath, ['scripts/serve.mjs'], {
    env: { ...process.env, SITE_DIR: dir, PORT: String(port) },
    stdio: 'ignore',
  });
  await expect
    .poll(() =>
      fetch(`http://localhost:${port}`).then(
        (r) => r.ok,
        () => false,
      ),
    )
    .toBe(true);
  return server;
}

/**
 * A copy of the built site on its own port, so this test can publish a new build of it: `publish`
 * changes the copy and restarts its server (which reads file sizes and ETags once, at start).
 */
async function ownSite() {
  const dir = mkdtempSync(join(tmpdir(), 'metaclean-update-'));
  cpSync(process.env.SITE_DIR ?? 'dist', dir, { recursive: true });
  const port = OWN_PORT_BASE + Number(process.env.TEST_WORKER_INDEX ?? 0);
  let server = await serve(dir, port);
  return {
    url: `http://localhost:${port}`,
    publish: async (change: (dir: string) => void) => {
      server.kill();
      change(dir);
      server = await serve(dir, port);
    },
    stop: () => {
      server.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

test('en: a new build installs beside the running one, says so quietly, and takes over on Reload', async ({
  page,
}) => {
  const site = await ownSite();
  try {
    await openControlled(page, `${site.url}${TOOL}`);
    // A new build: the service worker's bytes change.
    await site.publish((dir) =>
      appendFileSync(join(dir, 'sw.js'), '\n// the next build\n'),
    );
    await page.evaluate(() =>
      navigator.serviceWorker.getRegistration().then((r) => r?.update()),
    );
    const notice = page.getByRole('status').filter({
      hasText: siteText('en', 'offline.update.ready'),
    });
    await expect(notice).toBeVisible();

    const reloaded = page.waitForEvent('load');
    await notice
      .getByRole('button', { name: siteText('en', 'offline.update.reload') })
      .click();
    await reloaded;
    await expect(notice).toHaveCount(0);
    expect(
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return {
          waiting: registration?.waiting ?? null,
          controlled: navigator.serviceWorker.controller !== null,
        };
      }),
    ).toEqual({ waiting: null, controlled: true });
  } finally {
    site.stop();
  }
});
