// npm run test:e2e: builds the site into a private temporary folder, then runs Playwright against
// it with Debian's Chromium on a free port, so parallel runs in one tree never disturb each other.
// Never downloads a browser: without one it says how to get it and stops.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `Browser tests need Chromium at ${chromium}: run \`apt-get install chromium\` or set CHROMIUM_PATH=/path/to/chromium.`,
  );
  process.exit(1);
}

function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, 'localhost', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

function run(args, env) {
  const result = spawnSync(process.execPath, args, {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return result.status ?? 1;
}

const siteDir = mkdtempSync(join(tmpdir(), 'metaclean-site-'));
const port = process.env.E2E_PORT ?? String(await freePort());
let status = run(['scripts/build-site.mjs'], { SITE_OUT_DIR: siteDir });
if (status === 0) {
  status = run(
    ['node_modules/@playwright/test/cli.js', 'test', ...process.argv.slice(2)],
    {
      SITE_DIR: siteDir,
      E2E_PORT: port,
    },
  );
}
rmSync(siteDir, { recursive: true, force: true });
process.exit(status);
