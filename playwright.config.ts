import { defineConfig } from '@playwright/test';

/** The browser tests use Debian's Chromium (or CHROMIUM_PATH); Playwright never downloads one. */
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Not npm start's 4173, so a running site and a test run do not collide. */
const PORT = Number(process.env.E2E_PORT ?? 4174);
const BASE_URL = `http://localhost:${PORT}`;
const MAX_WORKERS = 2;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: MAX_WORKERS,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Room for a shared 2-core machine under load; a stuck page still fails, only later.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL: BASE_URL,
    viewport: { width: 1280, height: 800 },
    trace: 'off',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: 'node scripts/serve.mjs',
    url: BASE_URL,
    // SITE_DIR: the private build scripts/e2e.mjs made; dist/ when run by hand after a build.
    env: {
      PORT: String(PORT),
      ...(process.env.SITE_DIR ? { SITE_DIR: process.env.SITE_DIR } : {}),
    },
    reuseExistingServer: false,
    timeout: 30_000,
  },
});
