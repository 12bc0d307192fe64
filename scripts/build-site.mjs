// npm run build: builds the client, builds the server entry, then prerenders every page of every
// variant into dist/ or SITE_OUT_DIR (one index.html per route, a 404.html per variant, sitemap.xml, robots.txt, an Atom feed
// and a web app manifest per variant, the service worker).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import {
  metaPolicy,
  readHeaderRules,
  headersFor,
} from './prerender.headers.mjs';
import { buildServiceWorker } from './build-service-worker.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
// SITE_OUT_DIR lets a test run build its own copy, so parallel runs never share dist/.
const dist = resolve(process.env.SITE_OUT_DIR ?? join(root, 'dist'));
// The server bundle stays inside the project so Node resolves its dependencies from node_modules.
const serverOut = join(root, 'dist-ssr', String(process.pid));
const CSP_HEADER = 'Content-Security-Policy';
const MANIFEST = '.vite/manifest.json';

function cspMetaTag() {
  const policy = headersFor(
    readHeaderRules(join(root, 'public/_headers')),
    '/',
  )[CSP_HEADER];
  if (!policy) throw new Error(`public/_headers has no ${CSP_HEADER} for /`);
  return `<meta http-equiv="${CSP_HEADER}" content="${metaPolicy(policy)}" />`;
}

/**
 * Message chunk URLs by `feature/set`, from Vite's manifest: `i18n/messages/<feature>/<set>.json`,
 * and each set's chunk of feature loaders by `set`: `i18n/message-sets/<set>.ts`.
 */
function messageChunks(manifest) {
  const chunks = new Map();
  for (const [source, { file }] of Object.entries(manifest)) {
    const match =
      /^i18n\/messages\/([^/]+\/[^/]+)\.json$/.exec(source) ??
      /^i18n\/message-sets\/([^/]+)\.ts$/.exec(source);
    if (match) chunks.set(match[1], `/${file}`);
  }
  return chunks;
}

// The client awaits its messages (and a blog page its index and article) before hydrating;
// preloading them saves round trips.
function preloadTags(chunks, files, manifest, blogSources) {
  const blog = blogSources
    .map((source) => manifest[source]?.file)
    .filter(Boolean)
    .map((file) => `/${file}`);
  const sets = [...new Set(files.map((file) => file.split('/')[1]))];
  return [
    ...sets.flatMap((set) => chunks.get(set) ?? []),
    ...files.flatMap((file) => chunks.get(file) ?? []),
    ...blog,
  ]
    .map((href) => `<link rel="modulepreload" crossorigin href="${href}">`)
    .join('\n    ');
}

// Replacer functions, so a '$' in a page (an article's text) is never read as a replacement pattern.
function fillTemplate(template, csp, preloads, page) {
  return template
    .replace(
      /<html[^>]*>/,
      () => `<html lang="${page.lang}" dir="${page.dir}">`,
    )
    .replace('<!--app-csp-->', () => csp)
    .replace('<!--app-head-->', () => `${page.head}\n    ${preloads}`)
    .replace('<!--app-html-->', () => page.body);
}

function write(relative, text) {
  const file = join(dist, relative);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

async function main() {
  const started = performance.now();
  await build({
    root,
    logLevel: 'warn',
    build: { outDir: dist, emptyOutDir: true, manifest: MANIFEST },
  });
  await build({
    root,
    logLevel: 'warn',
    build: {
      ssr: 'src/ssg/entry-server.tsx',
      outDir: serverOut,
      emptyOutDir: true,
    },
  });
  const server = await import(
    pathToFileURL(join(serverOut, 'entry-server.js')).href
  );
  const template = readFileSync(join(dist, 'index.html'), 'utf8');
  const csp = cspMetaTag();
  const manifest = JSON.parse(readFileSync(join(dist, MANIFEST), 'utf8'));
  const chunks = messageChunks(manifest);
  rmSync(join(dist, dirname(MANIFEST)), { recursive: true, force: true });
  const pages = server.pagesToRender();
  for (const { path, file } of pages) {
    const page = await server.renderPage(path);
    write(
      file,
      fillTemplate(
        template,
        csp,
        preloadTags(chunks, page.messageFiles, manifest, page.blogSources),
        page,
      ),
    );
  }
  for (const [file, text] of Object.entries(await server.siteFiles()))
    write(file, text);
  rmSync(serverOut, { recursive: true, force: true });
  // Last: the service worker precaches every file written above.
  const precache = await buildServiceWorker(dist, manifest);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `prerendered ${pages.length} pages into ${dist} in ${seconds} s; the service worker lists ${precache.count} files (${(precache.size / 1024 / 1024).toFixed(1)} MB, all variants)`,
  );
}

await main();
