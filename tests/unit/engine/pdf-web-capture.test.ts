import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanPlan } from '../../../workers/engine';
import { tempDir } from '../../helpers/image-tools';
import {
  buildPdf,
  pdfText,
  qdfText,
  qpdfCheck,
  type PdfBody,
} from '../../helpers/pdf-fixtures';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import { hasTool, materialize } from '../../helpers/zip-tools';

const CANARIES = [
  'CANARY_SOURCE_URL',
  'CANARY_COMMAND_URL',
  'CANARY_POST_DATA',
  'CANARY_COOKIE',
  'CANARY_SET_TITLE',
  'CANARY_URLS_KEY',
  'CANARY_IDS_KEY',
  'CANARY_PAGE_DIGEST',
  'CANARY_IMAGE_DIGEST',
];

/**
 * A page captured from an intranet by Web Capture (ISO 32000-2, 14.10): the command that fetched
 * it with its POST data and a cookie, a content set naming its source URL and title, the name
 * trees that map URLs and digests to that set, and the digests on the page and its image.
 */
function capturedPdf(): Uint8Array {
  return buildPdf(
    new Map<number, PdfBody>([
      [
        1,
        '<< /Type /Catalog /Pages 2 0 R /SpiderInfo << /V 1.0 /C [6 0 R] >> /Names << /URLS << /Names [(https://intranet.example/CANARY_URLS_KEY) 7 0 R] >> /IDS << /Names [(CANARY_IDS_KEY) 7 0 R] >> >> >>',
      ],
      [2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>'],
      [
        3,
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 300] /Contents 4 0 R /ID (CANARY_PAGE_DIGEST) /Resources << /Font << /F1 5 0 R >> /XObject << /Im1 8 0 R >> >> >>',
      ],
      [
        4,
        {
          dict: '',
          data: Buffer.from(
            'BT /F1 18 Tf 20 250 Td (Captured page) Tj ET q 10 0 0 10 20 20 cm /Im1 Do Q',
          ),
        },
      ],
      [5, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'],
      [
        6,
        '<< /URL (https://intranet.example/CANARY_COMMAND_URL) /L 1 /F 0 /P (user=CANARY_POST_DATA) /CT (application/x-www-form-urlencoded) /H (Cookie: session=CANARY_COOKIE) >>',
      ],
      [
        7,
        '<< /Type /SpiderContentSet /S /SPS /ID (CANARY_IDS_KEY) /O [3 0 R] /T (CANARY_SET_TITLE) /CT (text/html) /TS (D:20200101000000Z) /SI << /AU (https://intranet.example/CANARY_SOURCE_URL) /TS (D:20200101000000Z) /C 6 0 R >> >>',
      ],
      [
        8,
        {
          dict: '/Type /XObject /Subtype /Image /Width 1 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8 /ID (CANARY_IMAGE_DIGEST)',
          data: Buffer.from([0x80]),
        },
      ],
    ]),
    '/Root 1 0 R',
  );
}

describe.skipIf(!hasTool('qpdf'))('PDF: Web Capture', () => {
  it('removes the captured pages’ URLs, commands, cookies and digests, keeping the page', async () => {
    const dir = tempDir('pdf-web-capture');
    const input = capturedPdf();
    writeFileSync(join(dir, 'input.pdf'), input);
    const before = qdfText(join(dir, 'input.pdf'), join(dir, 'input-qdf.pdf'));
    for (const c of CANARIES) expect(before).toContain(c);
    const result = await cleanPlan(
      new Blob([input as Uint8Array<ArrayBuffer>]),
    );
    const output = await materialize(input, result.plan);
    writeFileSync(join(dir, 'output.pdf'), output);
    expectNoLeaks(input, output, CANARIES);
    expect(result.removed.map((f) => f.label)).toEqual(
      expect.arrayContaining(['SpiderInfo', 'URLS', 'IDS', 'ID']),
    );
    expect(result.removed.find((f) => f.label === 'URLS')?.value).toBe(
      'https://intranet.example/CANARY_URLS_KEY',
    );
    expect(qpdfCheck(join(dir, 'output.pdf'))).toMatch(
      /No syntax or stream encoding errors/,
    );
    if (hasTool('pdftotext'))
      expect(pdfText(join(dir, 'output.pdf'))).toBe(
        pdfText(join(dir, 'input.pdf')),
      );
  });
});
