// Where the site's CPU goes on one clean, not a test: cleans FILE once in the built site (Debian
// Chromium, the same page as bench-ui.mjs) with the DevTools protocol's sampling profiler running
// in the page and in the clean worker, and prints each one's functions by self time, and
// Chromium's CPU by process type. The profiles are written to OUT_DIR (default
// /tmp/metaclean-profile-ui) as .cpuprofile files that Chromium's DevTools open. Needs a running
// site: BASE_URL (a build made with `minify: false` names the worker's functions).
// Usage: BASE_URL=http://localhost:4173 node scripts/profile-ui.mjs FILE [TOP]
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { processWithArgument, treeCpuByType } from './lib/process-cpu.mjs';

const [file, top = '25'] = process.argv.slice(2);
const BASE_URL = process.env.BASE_URL;
const OUT_DIR = process.env.OUT_DIR ?? '/tmp/metaclean-profile-ui';
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const TOOL_PATH = '/en/remove-metadata';
/** Microseconds between samples: fine enough for a clean of a few seconds. */
const SAMPLING_US = 500;
const US_PER_MS = 1000;

if (!file || !BASE_URL) {
  console.error(
    'usage: BASE_URL=http://localhost:4173 node scripts/profile-ui.mjs FILE [TOP]',
  );
  process.exit(1);
}

/** Self time per function (name, file and line), in milliseconds, largest first. */
function selfTimes(profile) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const times = new Map();
  profile.samples.forEach((id, i) => {
    const { functionName, url, lineNumber } = nodes.get(id).callFrame;
    const key = `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber + 1}`;
    const ms = (profile.timeDeltas[i + 1] ?? 0) / US_PER_MS;
    times.set(key, (times.get(key) ?? 0) + ms);
  });
  return [...times].sort((a, b) => b[1] - a[1]);
}

function report(name, profile) {
  const path = join(OUT_DIR, `${name}.cpuprofile`);
  writeFileSync(path, JSON.stringify(profile));
  console.log(`${name} (${path}), self time:`);
  for (const [fn, ms] of selfTimes(profile).slice(0, Number(top)))
    console.log(`${ms.toFixed(0).padStart(8)} ms  ${fn}`);
}

/**
 * The dedicated worker's profiler, through the browser's DevTools session: the worker is a target
 * of its own, attached when it starts (the bridge starts it on the first clean).
 */
function profileWorkers(session) {
  const workers = [];
  let id = 0;
  const send = (sessionId, method, params = {}) =>
    session.send('Target.sendMessageToTarget', {
      sessionId,
      message: JSON.stringify({ id: ++id, method, params }),
    });
  const stopped = [];
  session.on('Target.receivedMessageFromTarget', ({ message }) => {
    const profile = JSON.parse(message).result?.profile;
    if (profile) stopped.shift()?.(profile);
  });
  session.on('Target.targetCreated', async ({ targetInfo }) => {
    if (targetInfo.type !== 'worker') return;
    const { sessionId } = await session.send('Target.attachToTarget', {
      targetId: targetInfo.targetId,
      flatten: false,
    });
    workers.push(sessionId);
    await send(sessionId, 'Profiler.enable');
    await send(sessionId, 'Profiler.setSamplingInterval', {
      interval: SAMPLING_US,
    });
    await send(sessionId, 'Profiler.start');
  });
  return async () => {
    const profiles = [];
    for (const sessionId of workers) {
      const profile = new Promise((resolve) => stopped.push(resolve));
      await send(sessionId, 'Profiler.stop');
      profiles.push(await profile);
    }
    return profiles;
  };
}

/** In the page: presses the action button and resolves when the download link or an error shows. */
function cleanOnce() {
  return new Promise((resolve) => {
    const started = performance.now();
    const observer = new MutationObserver(() => {
      const found = document.querySelector(
        'a.uploader-download, .uploader-error',
      );
      if (!found) return;
      observer.disconnect();
      resolve({ ms: performance.now() - started, ok: found.tagName === 'A' });
    });
    observer.observe(document.body, { childList: true, subtree: true });
    document.querySelector('button.uploader-action').click();
  });
}

async function main() {
  mkdirSync(OUT_DIR, { recursive: true });
  const marker = `--metaclean-profile-ui=${process.pid}`;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [marker],
  });
  const browserPid = processWithArgument(marker);
  try {
    const session = await browser.newBrowserCDPSession();
    const stopWorkers = profileWorkers(session);
    await session.send('Target.setDiscoverTargets', { discover: true });
    const page = await browser.newPage();
    const pageSession = await page.context().newCDPSession(page);
    await page.goto(BASE_URL + TOOL_PATH);
    await page.locator('.uploader[data-ready="true"]').waitFor();
    // The first visit's precache is not the clean's work (bench-ui.mjs waits for it too).
    await page.evaluate(() => navigator.serviceWorker?.ready);
    await page.locator('input[type=file]').setInputFiles(file);
    await page.locator('.uploader[data-state="selected"]').waitFor();
    await pageSession.send('Profiler.enable');
    await pageSession.send('Profiler.setSamplingInterval', {
      interval: SAMPLING_US,
    });
    await pageSession.send('Profiler.start');
    const before = treeCpuByType(browserPid);
    const { ms, ok } = await page.evaluate(cleanOnce);
    const after = treeCpuByType(browserPid);
    const { profile } = await pageSession.send('Profiler.stop');
    console.log(`${ok ? 'cleaned' : 'ERROR'} in ${ms.toFixed(0)} ms`);
    if (before && after)
      console.log(
        'Chromium CPU by process type: ' +
          Object.entries(after)
            .map(
              ([type, s]) =>
                `${type} ${(s - (before[type] ?? 0)).toFixed(2)} s`,
            )
            .join(', '),
      );
    report('page', profile);
    (await stopWorkers()).forEach((p, i) => report(`worker-${i}`, p));
  } finally {
    await browser.close();
  }
}

await main();
