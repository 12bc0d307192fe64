import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync, zipSync } from 'fflate';
import { expect, test, type Page } from '@playwright/test';
import { CANARY_GPS } from '../../helpers/image-exif-builder';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import { CANARY, gpsJpeg, syntheticDocx } from '../../helpers/office-fixtures';
import { buildPdf, qpdfCheck, type PdfBody } from '../../helpers/pdf-fixtures';
import { hasTool, memberMethods, unzipTest } from '../../helpers/zip-tools';
import { exiftoolTags, skipConsentBanner, toolPath } from './uploader-helpers';

/**
 * Documents cleaned in the browser's worker, as a visitor meets it: a Word file whose photo Word
 * deflated (the engine makes the cleaned photo again when the download is assembled) and a PDF
 * with an author, XMP and a GPS photo. Each download is judged by the leak oracle (every zip member
 * inflated, every PDF object referenced or not, exiftool on every embedded image) and exiftool.
 */
const dir = mkdtempSync(join(tmpdir(), 'metaclean-e2e-docs-'));

/**
 * A plasma this size, at full quality, deflates to more than SMALL_MEMBER_BYTES: the browser's
 * native inflate reads it, checking its CRC-32 and that its stream ends at its size, so the
 * cleaned photo is written spliced from its own deflate stream (mostly a slice of the File).
 */
const LARGE_PHOTO = { size: '640x480', extra: ['-quality', '100'] } as const;
/** APPNOTE 4.4.5: the deflate method. */
const DEFLATED = 8;

function wordFile(): string {
  const jpeg = gpsJpeg(dir, 'gps.jpg', LARGE_PHOTO);
  const packed = unzipSync(syntheticDocx({ jpeg }));
  const path = join(dir, 'report.docx');
  writeFileSync(path, zipSync(packed, { level: 6 }));
  return path;
}

function pdfFile(): string {
  const photo = gpsJpeg(dir, 'page-photo.jpg');
  const [width, height] = [64, 48];
  const bodies = new Map<number, PdfBody>([
    [1, '<< /Type /Catalog /Pages 2 0 R /Metadata 6 0 R >>'],
    [2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>'],
    [
      3,
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] /Contents 4 0 R /Resources << /XObject << /Im0 5 0 R >> >> >>`,
    ],
    [
      4,
      {
        dict: '',
        data: Buffer.from(`q ${width} 0 0 ${height} 0 0 cm /Im0 Do Q`),
      },
    ],
    [
      5,
      {
        dict: `/Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode`,
        data: photo,
      },
    ],
    [
      6,
      {
        dict: '/Type /Metadata /Subtype /XML',
        data: Buffer.from(
          `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator><rdf:Seq><rdf:li>${CANARY}_XMP_CREATOR</rdf:li></rdf:Seq></dc:creator></rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`,
        ),
      },
    ],
    [7, `<< /Author (${CANARY}_PDF_AUTHOR) /Producer (${CANARY}_PRODUCER) >>`],
  ]);
  const path = join(dir, 'scan.pdf');
  writeFileSync(path, buildPdf(bodies, '/Root 1 0 R /Info 7 0 R'));
  return path;
}

async function cleanInPage(page: Page, file: string, saveAs: string) {
  await page.locator('input[type=file]').setInputFiles(file);
  await page.locator('.uploader[data-state="selected"]').waitFor();
  await page.locator('button.uploader-action').click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.locator('a.uploader-download').click(),
  ]);
  await download.saveAs(saveAs);
  return download.suggestedFilename();
}

test.beforeEach(async ({ page }) => skipConsentBanner(page));

test('en: a Word file with a deflated GPS photo and a PDF with an author are cleaned in the browser', async ({
  page,
}, testInfo) => {
  await page.goto(toolPath('documents', 'en'));
  await expect(page.locator('.uploader')).toHaveAttribute('data-ready', 'true');

  const word = wordFile();
  const cleanWord = testInfo.outputPath('cleaned_report.docx');
  expect(await cleanInPage(page, word, cleanWord)).toBe('cleaned_report.docx');
  const output = new Uint8Array(readFileSync(cleanWord));
  expectNoLeaks(readFileSync(word), output, [CANARY, CANARY_GPS]);
  if (hasTool('unzip')) unzipTest(output);
  expect(memberMethods(output)['word/media/image1.jpg']).toBe(DEFLATED);
  const photo = join(dir, 'from-word.jpg');
  writeFileSync(photo, unzipSync(output)['word/media/image1.jpg']!);
  expect(
    Object.keys(exiftoolTags(photo)).filter((t) => /GPS|Artist|Make/.test(t)),
  ).toEqual([]);

  await page.goto(toolPath('documents', 'en'));
  await expect(page.locator('.uploader')).toHaveAttribute('data-ready', 'true');
  const pdf = pdfFile();
  const cleanPdf = testInfo.outputPath('cleaned_scan.pdf');
  expect(await cleanInPage(page, pdf, cleanPdf)).toBe('cleaned_scan.pdf');
  expect(qpdfCheck(cleanPdf)).toBeTruthy();
  // Every object of the download, referenced or not, its streams decoded and the photo read.
  expectNoLeaks(readFileSync(pdf), readFileSync(cleanPdf), [
    `${CANARY}_PDF_AUTHOR`,
    `${CANARY}_PRODUCER`,
    `${CANARY}_XMP_CREATOR`,
    CANARY,
    CANARY_GPS,
  ]);
  const tags = exiftoolTags(cleanPdf);
  expect(
    Object.keys(tags).filter((t) => /Author|Creator|Producer|GPS/.test(t)),
  ).toEqual([]);
});
