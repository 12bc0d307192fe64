/**
 * The classes of false clean the PDF mutant campaign (`scripts/pdf-mutants.ts`) found, each as a
 * generated fixture: a canary where the mutant put it, gone from every layer of the output.
 */
import { describe, expect, it } from 'vitest';
import { cleanPlan } from '../../../workers/engine';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import { buildPdf, type PdfBody } from '../../helpers/pdf-fixtures';
import { pdfLayers } from '../../helpers/pdf-layers';
import { blobOf } from '../../helpers/video-tools';
import { materialize } from '../../helpers/zip-tools';

async function cleaned(input: Uint8Array): Promise<{ output: Uint8Array }> {
  const result = await cleanPlan(blobOf(input));
  return { output: await materialize(input, result.plan) };
}

/** A one-page PDF whose page draws `Fm1` and holds `annots`, with `extra` objects. */
function pagePdf(extra: [number, PdfBody][], annots = ''): Uint8Array {
  return buildPdf(
    new Map<number, PdfBody>([
      [1, '<< /Type /Catalog /Pages 2 0 R >>'],
      [2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>'],
      [
        3,
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R /Annots [${annots}] ` +
          '/Resources << /Font << /F1 5 0 R >> /XObject << /Fm1 6 0 R >> >> >>',
      ],
      [
        4,
        {
          dict: '',
          data: Buffer.from(
            'BT /F1 18 Tf 20 150 Td (Seed words) Tj ET /Fm1 Do',
          ),
        },
      ],
      [5, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'],
      ...extra,
    ]),
    '/Root 1 0 R',
  );
}

const FORM_DATA = '0 0 10 10 re f';

describe('pdf mutant class: bytes after the stream keyword, on its line', () => {
  it('leaves them out: the data starts on the next line, as a viewer reads it', async () => {
    const canary = 'CANARY_STREAM_LINE';
    // Seed 22 #3557: a copy put a canary between `stream` and its end of line.
    const input = pagePdf([
      [
        6,
        `<< /Type /XObject /Subtype /Form /BBox [0 0 50 50] /Length ${FORM_DATA.length} >>\n` +
          `stream (${canary}) /Subtype /\n${FORM_DATA}\nendstream`,
      ],
    ]);
    const { output } = await cleaned(input);
    expectNoLeaks(input, output, [canary]);
    // The form's own data is still there, whole.
    expect(pdfLayers(output, false).some((l) => l.includes(FORM_DATA))).toBe(
      true,
    );
  });
});
