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

/** A page with an article thread whose information dictionary names its author. */
function threadPdf(): Uint8Array {
  return buildPdf(
    new Map<number, PdfBody>([
      [1, '<< /Type /Catalog /Pages 2 0 R /Threads [5 0 R] >>'],
      [2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>'],
      [
        3,
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 300] /Contents 4 0 R /B [6 0 R] /Resources << /Font << /F1 7 0 R >> >> >>',
      ],
      [
        4,
        {
          dict: '',
          data: Buffer.from('BT /F1 18 Tf 20 250 Td (Thread story) Tj ET'),
        },
      ],
      [
        5,
        '<< /Type /Thread /F 6 0 R /I << /Title (Story) /Author (CANARY_THREAD_AUTHOR) /Creator (CANARY_THREAD_CREATOR) /Subject (CANARY_THREAD_SUBJECT) /CreationDate (D:20200101000000Z) >> >>',
      ],
      [
        6,
        '<< /Type /Bead /T 5 0 R /N 6 0 R /V 6 0 R /P 3 0 R /R [0 0 300 300] >>',
      ],
      [7, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'],
    ]),
    '/Root 1 0 R',
  );
}

describe.skipIf(!hasTool('qpdf'))('PDF: article threads', () => {
  it("removes the author, tool and subject of a thread's information, keeping its title", async () => {
    const dir = tempDir('pdf-threads');
    const input = threadPdf();
    writeFileSync(join(dir, 'input.pdf'), input);
    const before = qdfText(join(dir, 'input.pdf'), join(dir, 'input-qdf.pdf'));
    for (const c of [
      'CANARY_THREAD_AUTHOR',
      'CANARY_THREAD_CREATOR',
      'CANARY_THREAD_SUBJECT',
    ])
      expect(before).toContain(c);
    const result = await cleanPlan(
      new Blob([input as Uint8Array<ArrayBuffer>]),
    );
    const output = await materialize(input, result.plan);
    writeFileSync(join(dir, 'output.pdf'), output);
    expectNoLeaks(input, output, [
      'CANARY_THREAD_AUTHOR',
      'CANARY_THREAD_CREATOR',
      'CANARY_THREAD_SUBJECT',
    ]);
    const after = qdfText(join(dir, 'output.pdf'), join(dir, 'output-qdf.pdf'));
    expect(after).toContain('/Title (Story)');
    expect(result.removed.map((f) => f.label)).toEqual(
      expect.arrayContaining(['Author', 'Creator', 'Subject', 'CreationDate']),
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
