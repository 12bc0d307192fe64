// npm run screenshots: renews the README's pictures of the result screen. Builds the site into a
// temporary folder, serves it, cleans a real GPS photo from the sample corpus in Debian's
// Chromium (pt on a laptop, ar on a phone) and writes docs/screenshots/*.png.
// Needs Chromium (or CHROMIUM_PATH) and the real-file corpus where METACLEAN_CORPUS points.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const root = fileURLToPath(new URL('..', import.meta.url));
const browserPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const corpus = process.env.METACLEAN_CORPUS ?? '(METACLEAN_CORPUS is unset)';
const photo = join(corpus, 'exif-samples', 'DSCN0010.jpg');
const outDir = join(root, 'docs', 'screenshots');
const PORT = Number(process.env.SCREENSHOTS_PORT ?? 4179);
/** README pictures stay small: a repository is cloned far more often than it is read. */
const MAX_BYTES = 300 * 1024;

const SHOTS = [
  {
    file: 'result-pt-laptop.png',
    path: '/remover-metadados/fotos',
    viewport: { width: 1280, height: 800 },
    scale: 1,
  },
  {
    file: 'result-ar-phone.png',
    path: '/ae/izalat-albiyanat-alwasafiya/suwar',
    viewport: { width: 390, height: 844 },
    scale: 1,
  },
];

for (const [what, where] of [
  ['Chromium', browserPath],
  ['the sample photo', photo],
]) {
  if (!existsSync(where)) {
    console.error(`Screenshots need ${what} at ${where}.`);
    process.exit(1);
  }
}

const siteDir = mkdtempSync(join(tmpdir(), 'metaclean-shots-'));
const built = spawnSync(process.execPath, ['scripts/build-site.mjs'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, SITE_OUT_DIR: siteDir },
});
if (built.status !== 0) process.exit(built.status ?? 1);

const server = spawn(process.execPath, ['scripts/serve.mjs'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, SITE_DIR: siteDir, PORT: String(PORT) },
});
const base = `http://localhost:${PORT}`;

async function waitForServer() {
  for (let tries = 0; tries < 100; tries++) {
    try {
      if ((await fetch(base)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the site server did not start');
}

const browser = await chromium.launch({
  executablePath: browserPath,
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  await waitForServer();
  for (const shot of SHOTS) {
    const context = await browser.newContext({
      viewport: shot.viewport,
      deviceScaleFactor: shot.scale,
      reducedMotion: 'reduce',
    });
    // Decided up front, so the cookie banner is not in the picture.
    await context.addInitScript(() => {
      localStorage.setItem('cookie-consent', 'true');
      localStorage.setItem(
        'cookie-preferences',
        JSON.stringify({
          necessary: true,
          analytics: false,
          marketing: false,
          preferences: false,
        }),
      );
    });
    const page = await context.newPage();
    await page.goto(base + shot.path);
    await page.waitForSelector('.uploader[data-ready="true"]');
    await page.locator('input[type=file]').setInputFiles(photo);
    await page.locator('.uploader-action').click();
    await page.waitForSelector('.uploader[data-state="done"]');
    await page.waitForSelector('[data-testid="report-map"] svg');
    await page.waitForTimeout(300);
    const file = join(outDir, shot.file);
    await page.screenshot({ path: file });
    const size = statSync(file).size;
    console.log(`${shot.file}: ${Math.round(size / 1024)} KB`);
    if (size > MAX_BYTES) console.warn(`${shot.file} is over 300 KB`);
    await context.close();
  }
} finally {
  await browser.close();
  server.kill();
  rmSync(siteDir, { recursive: true, force: true });
}
