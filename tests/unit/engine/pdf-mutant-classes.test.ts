/**
 * The classes of false clean the PDF mutant campaign (`scripts/pdf-mutants.ts`) found, each as a
 * generated fixture: a canary where the mutant put it, gone from every layer of the output.
 */
import { describe, expect, it } from 'vitest';
import { cleanPlan } from '../../../workers/engine';
import type { Finding } from '../../../workers/engine';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import { buildPdf, type PdfBody } from '../../helpers/pdf-fixtures';
import { pdfLayers } from '../../helpers/pdf-layers';
import { blobOf } from '../../helpers/video-tools';
import { materialize } from '../../helpers/zip-tools';

async function cleaned(
  input: Uint8Array,
): Promise<{ output: Uint8Array; removed: Finding[] }> {
  const result = await cleanPlan(blobOf(input));
  return {
    output: await materialize(input, result.plan),
    removed: result.removed,
  };
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

const NAMES = {
  F: 'CANARY_FS_F',
  UF: 'CANARY_FS_UF',
  DOS: 'CANARY_FS_DOS',
  Mac: 'CANARY_FS_MAC',
  Unix: 'CANARY_FS_UNIX',
  Desc: 'CANARY_FS_DESC',
  string: 'CANARY_FS_STRING',
  untyped: 'CANARY_FS_UNTYPED',
  attached: 'CANARY_FS_ATTACHED',
};

const hex = (text: string) => Buffer.from(text, 'latin1').toString('hex');

describe('pdf mutant class: file names of file specifications', () => {
  it('names the file neutrally, keeping its extension, in every spelling and whatever reached it', async () => {
    // Seed 21 #1034: a cut left a canary inside a remote file specification's /UF.
    const input = pagePdf(
      [
        [
          6,
          {
            dict: '/Type /XObject /Subtype /Form /BBox [0 0 50 50]',
            data: Buffer.from(FORM_DATA),
          },
        ],
        [
          7,
          '<< /Type /Annot /Subtype /Link /Rect [0 0 10 10] /A << /S /GoToR /D [0 /Fit] /F << /Type /Filespec ' +
            `/F (/C/Users/x/${NAMES.F}.pdf) /UF (${NAMES.UF}.pdf) /DOS (${NAMES.DOS}.PDF) /Mac (Disk:${NAMES.Mac}.pdf) ` +
            `/Unix (${NAMES.Unix}.pdf) /Desc (${NAMES.Desc}) >> >> >>`,
        ],
        [
          8,
          `<< /Type /Annot /Subtype /Link /Rect [0 20 10 30] /A << /S /Launch /F (${NAMES.string}.doc) >> >>`,
        ],
        [
          9,
          `<< /Type /Annot /Subtype /Link /Rect [0 40 10 50] /A << /S /GoToR /D [0 /Fit] /F << /UF (${NAMES.untyped}.pdf) >> >> >>`,
        ],
        [
          10,
          '<< /Type /Annot /Subtype /FileAttachment /Rect [0 60 10 70] /FS 11 0 R >>',
        ],
        [
          11,
          `<< /Type /Filespec /F (${NAMES.attached}.txt) /UF (${NAMES.attached}.txt) /EF << /F 12 0 R >> >>`,
        ],
        [
          12,
          {
            dict: '/Type /EmbeddedFile /Subtype /text#2Fplain',
            data: Buffer.from('Plain words.\n'),
          },
        ],
      ],
      '7 0 R 8 0 R 9 0 R 10 0 R',
    );
    const canaries = Object.values(NAMES);
    const { output, removed } = await cleaned(input);
    expectNoLeaks(input, output, canaries);
    // The kind of each file stays in its extension, so a link or an attachment still opens.
    const text = Buffer.from(output).toString('latin1');
    for (const name of ['file.pdf', 'file-2.doc', 'file-3.pdf', 'file-4.txt'])
      expect(text, name).toContain(hex(name));
    // Every name removed is reported with what it was.
    const names = removed
      .filter((f) => f.field === 'identifier.file-name')
      .map((f) => f.value ?? '');
    for (const canary of canaries.filter((c) => c !== NAMES.Desc))
      expect(
        names.some((n) => n.includes(canary)),
        canary,
      ).toBe(true);
  });
});
