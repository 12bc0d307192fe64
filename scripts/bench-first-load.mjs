// First-load JavaScript per page type, gzipped, as Chromium fetches it: what a page loads before
// the visitor does anything. Two visits per page: a first visit (the consent banner's code loads
// after hydration) and a returning visitor who has decided (no banner). Figures, not a test.
// Builds the site into a temporary folder unless SITE_DIR points at a built one.
// Usage: node scripts/bench-first-load.mjs
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const ROOT = new URL('..', import.meta.url).pathname;
const PORT = 4191;
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const TARGETS_KIB = { home: 90, tool: 100 };
const PAGES = [
  { type: 'home', path: '/' },
  { type: 'home', path: '/en' },
  { type: 'home', path: '/ae' },
  { type: 'tool', path: '/en/remove-metadata' },
  { type: 'tool', path: '/de/metadaten-entfernen/fotos' },
  { type: 'content', path: '/en/faq' },
  { type: 'content', path: '/en/privacy-policy' },
  { type: 'article', path: '/en/blog/metadados-redes-sociais' },
];
/** What a visitor who decided keeps in storage (src/features/consent). */
const DECIDED = {
  'cookie-consent': 'true',
  'cookie-preferences': JSON.stringify({
    necessary: true,
    analytics: false,
    marketing: false,
    preferences: false,
  }),
};

function build() {
  if (process.env.SITE_DIR) return { dir: process.env.SITE_DIR, own: false };
  const dir = mkdtempSync(join(tmpdir(), 'metaclean-first-load-'));
  execFileSync(process.execPath, ['scripts/build-site.mjs'], {
    cwd: ROOT,
    env: { ...process.env, SITE_OUT_DIR: dir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return { dir, own: true };
}

async function scriptsOf(browser, base, path, decided) {
  const context = await browser.newContext();
  if (decided)
    await context.addInitScript((entries) => {
      for (const [key, value] of Object.entries(entries))
        localStorage.setItem(key, value);
    }, DECIDED);
  const page = await context.newPage();
  const urls = new Set();
  page.on('request', (request) => {
    if (request.resourceType() === 'script')
      urls.add(new URL(request.url()).pathname);
  });
  await page.goto(base + path, { waitUntil: 'networkidle' });
  await page.waitForSelector('html[data-hydrated]');
  await page.waitForLoadState('networkidle');
  await context.close();
  return [...urls];
}

const gzipKiB = (dir, urls) =>
  urls.reduce(
    (n, url) => n + gzipSync(readFileSync(join(dir, url)), { level: 9 }).length,
    0,
  ) / 1024;

async function main() {
  const site = build();
  const server = spawn(process.execPath, ['scripts/serve.mjs'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(PORT), SITE_DIR: site.dir },
    stdio: 'ignore',
  });
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  try {
    const base = `http://localhost:${PORT}`;
    console.log(
      `first-load JS, gzipped (targets: home ${TARGETS_KIB.home} KiB, tool ${TARGETS_KIB.tool} KiB)`,
    );
    for (const { type, path } of PAGES) {
      const urls = await scriptsOf(browser, base, path, true);
      const returning = gzipKiB(site.dir, urls);
      const first = gzipKiB(
        site.dir,
        await scriptsOf(browser, base, path, false),
      );
      const target = TARGETS_KIB[type];
      const engine = urls.filter((url) => /worker|engine/.test(url));
      console.log(
        `${type.padEnd(8)} ${path.padEnd(36)} returning visitor ${returning.toFixed(1)} KiB` +
          `${target ? (returning <= target ? ' (within target)' : ' (OVER target)') : ''}` +
          `; first visit, with the consent banner ${first.toFixed(1)} KiB` +
          (engine.length ? `; ENGINE LOADED: ${engine.join(', ')}` : ''),
      );
    }
  } finally {
    await browser.close();
    server.kill();
    if (site.own) rmSync(site.dir, { recursive: true, force: true });
  }
}

await main();
