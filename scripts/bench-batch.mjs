// Browser figures for a folder of photos (issue 23), not a test: 500 small photos with GPS and
// camera tags in one folder, given through the folder button; the time from pressing "Remove
// metadata" to the last file settled, the longest main-thread task meanwhile, and the time to
// build the one ZIP. Builds the site into a temporary folder and serves it with scripts/serve.mjs,
// unless BASE_URL points at a running one. Usage: node scripts/bench-batch.mjs
import { execFileSync, spawn } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';

const ROOT = new URL('..', import.meta.url).pathname;
const DIR = join(ROOT, '.bench', 'batch');
const PORT = 4191;
const PHOTOS = 500;
const LONG_TASK_TARGET_MS = 50;
const TOOL_PATH = '/en/remove-metadata';
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
/** Long enough for 500 photos on a shared, slow machine. */
const SETTLE_TIMEOUT_MS = 10 * 60 * 1000;

const sh = (cmd, args) =>
  execFileSync(cmd, args, { stdio: ['ignore', 'ignore', 'inherit'] });

/** One phone-sized photo with GPS and camera tags, copied PHOTOS times into a folder. */
function photoFolder() {
  const folder = join(DIR, `photos-${PHOTOS}`);
  if (existsSync(join(folder, `IMG_${PHOTOS - 1}.jpg`))) return folder;
  mkdirSync(folder, { recursive: true });
  const one = join(DIR, 'one.jpg');
  sh('convert', ['-size', '1200x900', 'plasma:', '-quality', '90', one]);
  sh('exiftool', [
    '-q',
    '-overwrite_original',
    '-Make=BenchCam',
    '-Model=BenchCam X100',
    '-GPSLatitude=48.8584',
    '-GPSLatitudeRef=N',
    '-GPSLongitude=2.2945',
    '-GPSLongitudeRef=E',
    one,
  ]);
  for (let i = 0; i < PHOTOS; i += 1)
    copyFileSync(one, join(folder, `IMG_${i}.jpg`));
  return folder;
}

async function startServer() {
  if (process.env.BASE_URL) return { base: process.env.BASE_URL, stop() {} };
  const site = mkdtempSync(join(tmpdir(), 'metaclean-bench-batch-'));
  execFileSync('node', [join(ROOT, 'scripts', 'build-site.mjs')], {
    env: { ...process.env, SITE_OUT_DIR: site },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const server = spawn('node', [join(ROOT, 'scripts', 'serve.mjs')], {
    env: { ...process.env, PORT: String(PORT), SITE_DIR: site },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve) => server.stdout.once('data', resolve));
  return {
    base: `http://localhost:${PORT}`,
    stop() {
      server.kill();
      rmSync(site, { recursive: true, force: true });
    },
  };
}

/** Records long tasks; the directory picker is taken away so the folder input is used. */
function prepare() {
  Object.defineProperty(window, 'showDirectoryPicker', { value: undefined });
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      window.__longTasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
}

async function main() {
  mkdirSync(DIR, { recursive: true });
  const folder = photoFolder();
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  try {
    const page = await browser.newPage();
    await page.addInitScript(prepare);
    await page.goto(server.base + TOOL_PATH);
    await page.locator('.uploader[data-ready="true"]').waitFor();
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.locator('.uploader-folder').click(),
    ]);
    await chooser.setFiles(folder);
    await page.locator('.batch[data-phase="ready"]').waitFor();
    const before = await page.evaluate(() => window.__longTasks.length);
    const started = Date.now();
    await page.locator('.batch .uploader-action').click();
    await page
      .locator('.batch[data-phase="finished"]')
      .waitFor({ timeout: SETTLE_TIMEOUT_MS });
    const cleanMs = Date.now() - started;
    const tasks = await page.evaluate(
      (from) => window.__longTasks.slice(from),
      before,
    );
    const clean = await page.locator('li[data-status="clean"]').count();
    const zipStarted = Date.now();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('batch-zip').click(),
    ]);
    const zipMs = Date.now() - zipStarted;
    await download.path();
    console.log(
      `bench-batch: ${PHOTOS} photos in Chromium, page ${TOOL_PATH}; target: no long task > ${LONG_TASK_TARGET_MS} ms`,
    );
    console.log(
      `${clean}/${PHOTOS} cleaned in ${(cleanMs / 1000).toFixed(1)} s (${(cleanMs / PHOTOS).toFixed(0)} ms a photo); ` +
        `long tasks ${tasks.length}, longest ${Math.max(0, ...tasks).toFixed(0)} ms; ZIP offered in ${zipMs} ms`,
    );
  } finally {
    await browser.close();
    server.stop();
  }
}

await main();
