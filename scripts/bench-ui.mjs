// Browser figures for the uploader (issue 5), not a test: for a ~100 MB MP4, a ~50 MB JPEG and a
// 2 GB phone-sized MP4 (sparse on disk) generated on the fly, the time from pressing "Remove metadata" to the download being ready and
// the main thread's long tasks meanwhile (`npm run bench:ui` then runs bench-first-load.mjs for the
// JavaScript each page type loads). The Word document of twenty deflated GPS photos that `npm run bench`
// cleans with the CLI is timed in the site beside the CLI's own time on it (issue 21: within 1.5x),
// and the site's download is compared with the CLI's copy by SHA-256 (the same bytes on both hosts).
// Each run waits for the page's service worker to finish installing before it presses the button.
// Builds the site into a temporary folder and serves it with scripts/serve.mjs, unless BASE_URL
// points at a running one. Usage: node scripts/bench-ui.mjs [WORD] (WORD: only the cases whose
// name holds it, e.g. docx)
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { makeGpsClip, writeSparseMp4 } from './lib/sparse-mp4.mjs';
import {
  processWithArgument,
  treeCpuByType,
  treeCpuSeconds,
} from './lib/process-cpu.mjs';

const ROOT = new URL('..', import.meta.url).pathname;
const DIR = join(ROOT, '.bench', 'ui');
const PORT = 4190;
const RUNS = 3;
const MB = 1024 * 1024;
/** A real video of this size, every byte on disk. */
const VIDEO_BYTES = 100 * 1000 * 1000;
/** A phone recording's size, under the media limit (workers/engine/limits.ts). */
const LARGE_VIDEO_BYTES = 2 * 1024 * MB;
const LARGE_READY_TARGET_MS = 5000;
const LONG_TASK_TARGET_MS = 50;
const READY_TARGET_MS = 1000;
const TOOL_PATH = '/en/remove-metadata';
/** A process type's CPU below this is left out of the split (the GPU process's idle ticks). */
const CPU_SHOWN_SECONDS = 0.05;
/** How long a page may take to register and install its service worker before a run starts. */
const SERVICE_WORKER_WAIT_MS = 30_000;
/** The site may take this much longer than the CLI on the same document (issue 21). */
const DOCX_CLI_RATIO_TARGET = 1.5;
const CLI = join(ROOT, 'cli', 'bin.cjs');
const ONLY = process.argv[2]?.toLowerCase();
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';

const sh = (cmd, args) =>
  execFileSync(cmd, args, { stdio: ['ignore', 'ignore', 'inherit'] });

function cached(name, make) {
  const path = join(DIR, name);
  if (existsSync(path)) return path;
  const partial = join(DIR, `partial-${name}`);
  process.stderr.write(`bench-ui: generating ${name}...\n`);
  make(partial);
  renameSync(partial, path);
  return path;
}

/** Noise compresses badly, so a modest pixel count makes a large JPEG; then GPS and camera tags. */
function makeJpeg(path) {
  sh('convert', [
    '-size',
    '5400x4050',
    'xc:',
    '+noise',
    'Random',
    '-quality',
    '97',
    path,
  ]);
  sh('exiftool', [
    '-q',
    '-overwrite_original',
    '-Make=BenchCam',
    '-Model=BenchCam X100',
    '-GPSLatitude=48.8584',
    '-GPSLatitudeRef=N',
    '-GPSLongitude=2.2945',
    '-GPSLongitudeRef=E',
    path,
  ]);
}

/** Ten seconds of noise video, looped by stream copy and cut at VIDEO_BYTES (-fs). */
function makeMp4(path) {
  const clip = join(DIR, 'clip-10s.mp4');
  if (!existsSync(clip)) {
    sh('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'nullsrc=s=640x360:r=30,geq=random(1)*255:128:128',
      '-f',
      'lavfi',
      '-i',
      'sine=d=10',
      '-t',
      '10',
      '-c:v',
      'mpeg4',
      '-q:v',
      '1',
      '-c:a',
      'aac',
      clip,
    ]);
  }
  const loops = Math.ceil(VIDEO_BYTES / statSync(clip).size);
  sh('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-stream_loop',
    String(loops),
    '-i',
    clip,
    '-map',
    '0',
    '-c',
    'copy',
    '-fs',
    String(VIDEO_BYTES),
    '-metadata',
    'title=Bench title',
    '-metadata',
    'location=+48.8584+002.2945/',
    '-f',
    'mp4',
    path,
  ]);
}

/** A 2 GB phone-sized MP4 with a location, sparse on disk (scripts/lib/sparse-mp4.mjs). */
function makeLargeMp4(path) {
  const small = join(DIR, 'clip-1s-gps.mp4');
  makeGpsClip(small);
  writeSparseMp4(small, path, LARGE_VIDEO_BYTES);
}

/** Builds the site into a temporary folder and serves it, unless BASE_URL names a running one. */
async function startServer() {
  if (process.env.BASE_URL) return { base: process.env.BASE_URL, stop() {} };
  const site = mkdtempSync(join(tmpdir(), 'metaclean-bench-ui-'));
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

/** Records long tasks from the first byte of each page. */
function observeLongTasks() {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__longTasks.push({
        start: entry.startTime,
        duration: entry.duration,
      });
    }
  }).observe({ type: 'longtask', buffered: true });
}

/** In the page: presses the action button and resolves when the download link exists. */
function cleanAndTime() {
  return new Promise((resolve) => {
    const ready = () =>
      document.querySelector('a.uploader-download, .uploader-error');
    const started = performance.now();
    const observer = new MutationObserver(() => {
      const found = ready();
      if (!found) return;
      observer.disconnect();
      const ended = performance.now();
      // Let a long task that ends with the render be reported before reading the list.
      setTimeout(() => {
        const tasks = window.__longTasks.filter(
          (t) => t.start + t.duration >= started && t.start <= ended,
        );
        resolve({
          ms: ended - started,
          ok: found.tagName === 'A',
          longTasks: tasks.map((t) => t.duration),
          heap: performance.memory?.usedJSHeapSize ?? 0,
        });
      }, 100);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    document.querySelector('button.uploader-action').click();
  });
}

/**
 * In the page: resolves once the service worker is active, its first visit's precache done, or
 * after `ms` where the page registers none. The clean is then timed alone, not beside the
 * precache's downloads (every run is a new context, so every run would be a first visit).
 */
function serviceWorkerSettled(ms) {
  if (!('serviceWorker' in navigator)) return Promise.resolve(false);
  return Promise.race([
    navigator.serviceWorker.ready.then(() => true),
    new Promise((resolve) => setTimeout(() => resolve(false), ms)),
  ]);
}

const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

/** The SHA-256 of the site's download of `file`'s clean copy, made in a page of its own. */
async function siteDownloadHash(browser, base, file) {
  const page = await browser.newPage();
  try {
    await page.goto(base + TOOL_PATH);
    await page.locator('.uploader[data-ready="true"]').waitFor();
    await page.locator('input[type=file]').setInputFiles(file);
    await page.locator('.uploader[data-state="selected"]').waitFor();
    await page.locator('button.uploader-action').click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('a.uploader-download').click(),
    ]);
    return sha256(readFileSync(await download.path()));
  } finally {
    await page.close();
  }
}

async function timeOne(browser, base, file, browserPid) {
  const page = await browser.newPage();
  await page.addInitScript(observeLongTasks);
  await page.goto(base + TOOL_PATH);
  await page.locator('.uploader[data-ready="true"]').waitFor();
  await page.evaluate(serviceWorkerSettled, SERVICE_WORKER_WAIT_MS);
  await page.locator('input[type=file]').setInputFiles(file);
  await page.locator('.uploader[data-state="selected"]').waitFor();
  const cpuBefore = treeCpuSeconds(browserPid);
  const typesBefore = treeCpuByType(browserPid);
  const figure = await page.evaluate(cleanAndTime);
  const cpuAfter = treeCpuSeconds(browserPid);
  const typesAfter = treeCpuByType(browserPid);
  await page.close();
  return {
    ...figure,
    cpu: cpuBefore === null ? null : cpuAfter - cpuBefore,
    cpuByType:
      typesBefore &&
      Object.fromEntries(
        Object.entries(typesAfter ?? {}).map(([type, seconds]) => [
          type,
          seconds - (typesBefore[type] ?? 0),
        ]),
      ),
  };
}

/** "renderer 5.10 s, browser 1.20 s": where Chromium's CPU went, by process type. */
const byType = (cpuByType) =>
  cpuByType
    ? Object.entries(cpuByType)
        .filter(([, seconds]) => seconds >= CPU_SHOWN_SECONDS)
        .sort((a, b) => b[1] - a[1])
        .map(([type, seconds]) => `${type} ${seconds.toFixed(2)} s`)
        .join(', ')
    : 'n/a';

const median = (values) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The bench's Word document of twenty deflated GPS photos (scripts/bench/make-docx.ts). */
function photoDocx() {
  return execFileSync(
    'npx',
    ['tsx', join(ROOT, 'scripts/bench/make-docx.ts')],
    {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  ).trim();
}

/**
 * The CLI's wall time on `file` (its copy written into DIR) and its CPU time (user + system, GNU
 * time's), of the run whose wall time is the median of RUNS; and its copy's SHA-256.
 */
function cliFigure(file) {
  const out = join(DIR, `cli-out${file.slice(file.lastIndexOf('.'))}`);
  const runs = [];
  for (let i = 0; i < RUNS; i += 1) {
    rmSync(out, { force: true });
    const start = performance.now();
    const run = spawnSync(
      '/usr/bin/time',
      ['-f', '%U %S', 'node', CLI, '-q', '-o', out, file],
      { encoding: 'utf8' },
    );
    const ms = performance.now() - start;
    if (run.status !== 0) throw new Error(`CLI failed: ${run.stderr}`);
    const [user, system] = run.stderr.trim().split('\n').at(-1).split(' ');
    runs.push({
      ms,
      cpu: Number(user) + Number(system),
      hash: sha256(readFileSync(out)),
    });
  }
  rmSync(out, { force: true });
  return runs.sort((a, b) => a.ms - b.ms)[Math.floor(runs.length / 2)];
}

const seconds = (cpu) => (cpu === null ? 'n/a' : `${cpu.toFixed(2)} s`);

async function main() {
  mkdirSync(DIR, { recursive: true });
  const cases = [
    { name: 'MP4', path: () => cached('video-100mb.mp4', makeMp4) },
    { name: 'JPEG', path: () => cached('photo-50mb.jpg', makeJpeg) },
    {
      name: 'MP4 (sparse, phone-sized)',
      path: () => cached('video-2gb-sparse.mp4', makeLargeMp4),
    },
    { name: 'DOCX (20 deflated photos)', path: photoDocx, beside: 'cli' },
  ].filter((c) => !ONLY || c.name.toLowerCase().includes(ONLY));
  const files = cases.map((c) => ({ ...c, path: c.path() }));
  const server = await startServer();
  // A switch Chromium ignores, to find its process and time the CPU it and its children use.
  const marker = `--metaclean-bench-ui=${process.pid}`;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [marker],
  });
  const browserPid = processWithArgument(marker);
  try {
    console.log(
      `bench-ui: median of ${RUNS} runs in Chromium, page ${TOOL_PATH}`,
    );
    console.log(
      `targets: download ready < ${READY_TARGET_MS} ms (2 GB: < ${LARGE_READY_TARGET_MS} ms), no long task > ${LONG_TASK_TARGET_MS} ms`,
    );
    for (const { name, path, beside } of files) {
      const runs = [];
      for (let i = 0; i < RUNS; i += 1)
        runs.push(await timeOne(browser, server.base, path, browserPid));
      const size = (statSync(path).size / MB).toFixed(1);
      const longest = Math.max(0, ...runs.flatMap((r) => r.longTasks));
      const count = runs.reduce((n, r) => n + r.longTasks.length, 0);
      const outcome = runs.every((r) => r.ok)
        ? 'cleaned'
        : 'ERROR (see the page)';
      console.log(
        `${name} ${size} MB: ${outcome}; click to download ready ${median(runs.map((r) => r.ms)).toFixed(0)} ms ` +
          `(Chromium CPU ${seconds(runs.some((r) => r.cpu === null) ? null : median(runs.map((r) => r.cpu)))}); ` +
          `long tasks ${count} over ${RUNS} runs, longest ${longest.toFixed(0)} ms; ` +
          `main-thread JS heap ${(Math.max(...runs.map((r) => r.heap)) / MB).toFixed(1)} MB`,
      );
      if (beside === 'cli') {
        const middle = [...runs].sort((a, b) => a.ms - b.ms)[
          Math.floor(runs.length / 2)
        ];
        const cli = cliFigure(path);
        const siteHash = await siteDownloadHash(browser, server.base, path);
        console.log(
          `  beside the CLI on the same file: site ${middle.ms.toFixed(0)} ms (Chromium CPU ${seconds(middle.cpu)}: ${byType(middle.cpuByType)}), ` +
            `CLI ${cli.ms.toFixed(0)} ms (CPU ${seconds(cli.cpu)}, whole process); ` +
            `site / CLI ${(middle.ms / cli.ms).toFixed(2)}x wall, ` +
            `${middle.cpu === null ? 'n/a' : (middle.cpu / cli.cpu).toFixed(2)}x CPU (target <= ${DOCX_CLI_RATIO_TARGET}x); ` +
            `load average ${loadavg()[0].toFixed(2)}; ` +
            `the site's download ${siteHash === cli.hash ? 'is' : 'is NOT'} the CLI's copy byte for byte (SHA-256 ${siteHash.slice(0, 16)})`,
        );
      }
    }
  } finally {
    await browser.close();
    server.stop();
  }
}

await main();
