// The service worker of the built site: workers/service-worker/sw.ts bundled with esbuild, then
// Workbox's injectManifest writes the precache list (every built file with its revision, each
// prerendered page under its clean URL) into dist/sw.js. Deterministic: same build, same bytes.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { injectManifest } from 'workbox-build';

const root = fileURLToPath(new URL('..', import.meta.url));
const SW_SOURCE = join(root, 'workers/service-worker/sw.ts');
const SW_FILE = 'sw.js';
/** Everything a page may load from the site itself; feeds, the sitemap and `_headers` are not. */
const PRECACHED = ['**/*.{html,js,css,svg,png,webmanifest}'];
/** Not-found pages answer unknown paths: no clean URL leads to them. */
const NOT_PRECACHED = [SW_FILE, '**/404.html'];
/** Hashed file names change with their content: no revision needed. */
const HASHED = /^assets\//;
const PAGE_FILE = /(^|\/)index\.html$/;

/** Built files that belong to one message set, by set, read from Vite's manifest. */
export function setAssetsOf(viteManifest) {
  const sources = [
    /^i18n\/messages\/[^/]+\/([^/]+)\.json$/,
    /^i18n\/message-sets\/([^/]+)\.ts$/,
    /^i18n\/blog\/[^/]+\/([^/]+)\.md$/,
    /^virtual:blog-index\/([^/]+)$/,
  ];
  const sets = {};
  for (const [source, { file }] of Object.entries(viteManifest)) {
    const set = sources
      .map((pattern) => pattern.exec(source)?.[1])
      .find(Boolean);
    if (set) (sets[set] ??= []).push(`/${file}`);
  }
  for (const files of Object.values(sets)) files.sort();
  return sets;
}

/** `en/about/index.html` -> `/en/about`, `index.html` -> `/`, `assets/x.js` -> `/assets/x.js`. */
export function cleanUrl(url) {
  return `/${url.replace(PAGE_FILE, '').replace(/\/$/, '')}`;
}

function toCleanUrls(entries) {
  const manifest = entries
    .map((entry) => ({ ...entry, url: cleanUrl(entry.url) }))
    .sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
  return { manifest, warnings: [] };
}

/** Writes `sw.js` into the built site; returns the precache list's size, for the build's log. */
export async function buildServiceWorker(dist, viteManifest) {
  const temp = mkdtempSync(join(tmpdir(), 'metaclean-sw-'));
  const bundled = join(temp, SW_FILE);
  try {
    await build({
      entryPoints: [SW_SOURCE],
      outfile: bundled,
      bundle: true,
      format: 'iife',
      target: 'es2022',
      minify: true,
      logLevel: 'warning',
      define: {
        // Workbox's development logging goes.
        'process.env.NODE_ENV': '"production"',
        __SET_ASSETS__: JSON.stringify(setAssetsOf(viteManifest)),
      },
    });
    const { count, size } = await injectManifest({
      swSrc: bundled,
      swDest: join(dist, SW_FILE),
      globDirectory: dist,
      globPatterns: PRECACHED,
      globIgnores: NOT_PRECACHED,
      dontCacheBustURLsMatching: HASHED,
      manifestTransforms: [toCleanUrls],
    });
    return { count, size };
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}
