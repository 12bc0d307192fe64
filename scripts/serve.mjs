// npm start's server: serves the prerendered dist/ on http://localhost:4173 with clean URLs
// (/en/about -> dist/en/about/index.html), the security headers of public/_headers, and the
// variant's 404.html with status 404 for any other path.
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sirv from 'sirv';
import { headersFor, readHeaderRules } from './prerender.headers.mjs';

// SITE_DIR: a build elsewhere than dist/ (the browser tests build their own copy).
const dist =
  process.env.SITE_DIR ?? fileURLToPath(new URL('../dist', import.meta.url));
const PORT = Number(process.env.PORT ?? 4173);
const HOST = process.env.HOST ?? 'localhost';
const VARIANT_PREFIXES = ['en', 'uk', 'au', 'ca', 'de', 'ch', 'it', 'ae'];

if (!existsSync(join(dist, 'index.html'))) {
  console.error(
    'dist/ is missing: run `npm run build` first (npm start does both).',
  );
  process.exit(1);
}

const rules = readHeaderRules(join(dist, '_headers'));
const HTTP_BAD_REQUEST = 400;
const HTTP_NOT_FOUND = 404;

/** The decoded URL path, or null when the request's percent-encoding is malformed. */
function pathOf(url) {
  try {
    return decodeURIComponent(new URL(url, 'http://x').pathname);
  } catch {
    return null;
  }
}

function notFoundPage(path) {
  const first = path.split('/')[1];
  const file = VARIANT_PREFIXES.includes(first)
    ? join(dist, first, '404.html')
    : join(dist, '404.html');
  return readFileSync(file);
}

// Headers are set per request below; sirv keeps headers already on the response.
const assets = sirv(dist, { etag: true, extensions: ['html'] });

const server = createServer((req, res) => {
  const path = pathOf(req.url ?? '/');
  if (path === null) {
    res.statusCode = HTTP_BAD_REQUEST;
    res.end();
    return;
  }
  for (const [name, value] of Object.entries(headersFor(rules, path)))
    res.setHeader(name, value);
  assets(req, res, () => {
    res.statusCode = HTTP_NOT_FOUND;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end(notFoundPage(path));
  });
});

server.listen(PORT, HOST, () =>
  console.log(`metaclean site on http://${HOST}:${PORT}`),
);
