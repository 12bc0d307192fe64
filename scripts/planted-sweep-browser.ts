/**
 * The planted-value sweep through the built site in Chromium, as a visitor meets it: a handful of
 * the sweep's files dropped on the general tool page, the download taken and judged by the same
 * readers as the CLI's copies (`planted-sweep/check.ts`). Not part of `npm test`.
 *
 *   npm run sweep:browser -- [NAME-FILTER]   (builds the site, then runs this)
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { pagePath } from '../i18n/routes';
import {
  judgeOutput,
  readInput,
  type FixtureMaker,
  type Row,
} from './planted-sweep/check';
import { documentFixtures } from './planted-sweep/documents';
import { imageFixtures } from './planted-sweep/images';
import { markupFixtures } from './planted-sweep/markup';
import { mediaFixtures } from './planted-sweep/media';
import { audioWriterFixtures } from './planted-sweep/audio-writers';
import { imageWriterFixtures } from './planted-sweep/image-writers';
import { matroskaWriterFixtures } from './planted-sweep/matroska-writers';
import { officeWriterFixtures } from './planted-sweep/office-writers';
import { pdfWriterFixtures } from './planted-sweep/pdf-writers';

const PORT = Number(process.env.SWEEP_PORT ?? 4191);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The files a visitor most often brings, one of each family. */
const CHOSEN = [
  'JPEG',
  'HEIC (corpus)',
  'PNG',
  'MP4',
  'MOV',
  'MP3',
  'DOCX',
  'XLSX',
  'PDF (comments exported)',
  'SVG (Inkscape)',
];
/** Words, `|` between them: the fixtures whose names hold one of them (all, not only CHOSEN). */
const filters = (process.argv[2] ?? '')
  .toLowerCase()
  .split('|')
  .filter(Boolean);
/** Without a filter, the chosen files; with one, every fixture whose name holds it. */
const makers: FixtureMaker[] = [
  ...imageFixtures,
  ...mediaFixtures,
  ...documentFixtures,
  ...markupFixtures,
  ...audioWriterFixtures,
  ...pdfWriterFixtures,
  ...officeWriterFixtures,
  ...imageWriterFixtures,
  ...matroskaWriterFixtures,
].filter((m) =>
  filters.length > 0
    ? filters.some((f) => m.name.toLowerCase().includes(f))
    : CHOSEN.includes(m.name),
);

/** Drops `file` on the page and saves the download, or answers the error the page shows. */
async function cleanInPage(
  page: Page,
  file: string,
  saveAs: string,
): Promise<string> {
  await page.goto(`http://localhost:${PORT}${pagePath('tool', 'en')}`);
  await page.locator('.uploader[data-ready="true"]').waitFor();
  await page.locator('input[type=file]').setInputFiles(file);
  // A type the page does not take is refused at the drop zone, before any cleaning.
  await page
    .locator('.uploader[data-state="selected"], .uploader-rejection')
    .first()
    .waitFor();
  if (await page.locator('.uploader-rejection').count())
    return `refused: ${(await page.locator('.uploader-rejection').innerText()).replace(/\s+/g, ' ').slice(0, 160)}`;
  await page.locator('button.uploader-action').click();
  const done = page
    .locator('a.uploader-download, .uploader[data-state="error"]')
    .first();
  await done.waitFor({ timeout: 120_000 });
  if (!(await page.locator('a.uploader-download').count()))
    return `error: ${(await page.locator('.uploader').innerText()).replace(/\s+/g, ' ').slice(0, 160)}`;
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.locator('a.uploader-download').click(),
  ]);
  await download.saveAs(saveAs);
  return 'cleaned';
}

const root = mkdtempSync(join(tmpdir(), 'planted-browser-'));
const server = spawn('node', ['scripts/serve.mjs'], {
  env: { ...process.env, PORT: String(PORT) },
  stdio: 'ignore',
});
await new Promise((r) => setTimeout(r, 1500));
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--no-first-run',
  ],
});
try {
  const context = await browser.newContext({ acceptDownloads: true });
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
  console.log(`work folder ${root}`);
  for (const maker of makers) {
    const dir = join(root, maker.name.replace(/[^\w.-]+/g, '_'));
    mkdirSync(dir, { recursive: true });
    const fixture = maker.make(dir);
    const { seen, head } = readInput(fixture);
    const saveAs = join(
      dir,
      'download',
      `cleaned_${fixture.path.split('/').pop()}`,
    );
    const outcome = await cleanInPage(page, fixture.path, saveAs);
    const row: Row =
      outcome === 'cleaned'
        ? {
            ...head,
            outcome,
            ...judgeOutput(fixture, seen, saveAs),
            strayOutput: false,
          }
        : {
            ...head,
            outcome,
            leaks: [],
            contentCanaries: '-',
            contentLost: [],
            contentKept: '-',
            strayOutput: false,
          };
    console.log(
      `${row.name.padEnd(24)} planted ${row.planted} found ${row.foundInInput} ${row.outcome} leaks ${row.leaks.length} content ${row.contentKept} shown ${row.contentCanaries}`,
    );
    for (const leak of row.leaks) console.log(`    leak: ${leak}`);
    if (row.contentLost.length > 0)
      console.log(`    shown, not kept: ${row.contentLost.join(', ')}`);
  }
} finally {
  await browser.close();
  server.kill();
}
