import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanPlan, isEngineError } from '../../../workers/engine';
import { tempDir } from '../../helpers/image-tools';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import {
  buildPdf,
  pdfText,
  qdfText,
  qpdfCheck,
  type PdfBody,
} from '../../helpers/pdf-fixtures';
import { hasTool, materialize } from '../../helpers/zip-tools';

/** Canaries held where only an object's position says what it is. */
const CANARIES = [
  'CANARY_POS_URI_RELATIVE',
  'CANARY_POS_URI_DAMAGED',
  'CANARY_POS_GOTO_KEY',
  'CANARY_POS_DAMAGED_S',
  'CANARY_POS_NEXT',
  'CANARY_POS_FILESPEC',
  'CANARY_POS_FONT',
  'CANARY_POS_OCG',
  'CANARY_POS_OUTLINE',
  'CANARY_POS_AA',
  'CANARY_POS_ACROFORM',
  'CANARY_POS_OC_PROPERTIES',
  'CANARY_POS_OC_CREATOR',
  'CANARY_POS_TEXT_KEY',
];

/** A web link the cleaning must keep as it is. */
const WEB_LINK = 'https://example.org/a/b?c=d#e';

const link = (n: number, action: string): string =>
  `<< /Type /Annot /Subtype /Link /Rect [${n * 20} 10 ${n * 20 + 15} 30] /A ${action} >>`;

/**
 * A page whose links, actions, linked file, font, layer and outline, and the document's form and
 * layer configuration, each carry a private key or a path that names the author, where only the object's position (an annotation's `/A`, an
 * action's `/Next` and `/F`, a resource's font, the catalog's form, layers and outline) says what it is:
 * their own `/Type` or `/S` is damaged or absent, or a key defined as text holds a dictionary.
 */
function positionsPdf(): Uint8Array {
  return buildPdf(
    new Map<number, PdfBody>([
      [
        1,
        '<< /Type /Catalog /Pages 2 0 R /Outlines 13 0 R ' +
          '/AcroForm << /Fields [] /MyKey (CANARY_POS_ACROFORM) >> ' +
          '/OCProperties << /OCGs [12 0 R 17 0 R] /MyKey (CANARY_POS_OC_PROPERTIES) ' +
          '/D << /Order [12 0 R] /Creator (CANARY_POS_OC_CREATOR) >> >> >>',
      ],
      [2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>'],
      [
        3,
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 300] /Contents 4 0 R /Annots [5 0 R 6 0 R 7 0 R 8 0 R 9 0 R 15 0 R] ' +
          '/Resources << /Font << /F1 11 0 R >> >> ' +
          '/AA << /O << /S /JavaScript /JS (app.beep\\(0\\)) /MyKey (CANARY_POS_AA) >> >> >>',
      ],
      [
        4,
        {
          dict: '',
          data: Buffer.from('BT /F1 18 Tf 20 250 Td (Position words) Tj ET'),
        },
      ],
      [5, link(1, '<< /S /URI /URI (fil/CANARY_POS_URI_RELATIVE/x.pdf) >>')],
      [
        6,
        link(
          2,
          '<< /S /URI /URI (fa><?xpacket end="w"?>\nendobj 1ile:///home/CANARY_POS_URI_DAMAGED/y.pdf) >>',
        ),
      ],
      [
        7,
        link(
          3,
          '<< /S /GoTo /D [3 0 R /Fit] /MyKey (CANARY_POS_GOTO_KEY) /Next 10 0 R >>',
        ),
      ],
      [
        8,
        link(
          4,
          `<< /SX /URI /URI (${WEB_LINK}) /MyKey (CANARY_POS_DAMAGED_S) >>`,
        ),
      ],
      [9, link(5, `<< /S /URI /URI (${WEB_LINK}) >>`)],
      [
        10,
        '<< /Type /Action /SX /Named /N /NextPage /Secret (CANARY_POS_NEXT) >>',
      ],
      [
        11,
        '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Private (CANARY_POS_FONT) >>',
      ],
      [12, '<< /Typ /OCG /Name (Layer) /Secret (CANARY_POS_OCG) >>'],
      [13, '<< /Type /Outlines /First 14 0 R /Last 14 0 R /Count 1 >>'],
      [
        14,
        '<< /Title (Chapter) /Parent 13 0 R /Dest [3 0 R /Fit] /Author (CANARY_POS_OUTLINE) >>',
      ],
      [15, link(6, '<< /S /GoToR /D [0 /Fit] /F 16 0 R >>')],
      [
        16,
        '<< /Type /XFilespec /F (other.pdf) /MyKey (CANARY_POS_FILESPEC) >>',
      ],
      [
        17,
        '<< /Type /OCG /Name << /Creator (CANARY_POS_TEXT_KEY) /Subtype /Artwork >> >>',
      ],
    ]),
    '/Root 1 0 R',
  );
}

/** A page drawing an XObject that has no XObject subtype: its data is nothing a rule knows. */
function untypedXObjectPdf(): Uint8Array {
  return buildPdf(
    new Map<number, PdfBody>([
      [1, '<< /Type /Catalog /Pages 2 0 R >>'],
      [2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>'],
      [
        3,
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 300] /Contents 4 0 R /Resources << /XObject << /X1 5 0 R >> >> >>',
      ],
      [4, { dict: '', data: Buffer.from('/X1 Do') }],
      [5, { dict: '', data: Buffer.from('CN=CANARY_POS_UNTYPED') }],
    ]),
    '/Root 1 0 R',
  );
}

describe.skipIf(!hasTool('qpdf'))(
  'PDF: objects typed by their position',
  () => {
    it('keeps only defined keys and network links in actions, linked files, fonts, layers and outlines whose own type is damaged', async () => {
      const dir = tempDir('pdf-positions');
      const input = positionsPdf();
      writeFileSync(join(dir, 'input.pdf'), input);
      const result = await cleanPlan(
        new Blob([input as Uint8Array<ArrayBuffer>]),
      );
      const output = await materialize(input, result.plan);
      writeFileSync(join(dir, 'output.pdf'), output);
      expectNoLeaks(input, output, CANARIES);
      const after = qdfText(
        join(dir, 'output.pdf'),
        join(dir, 'output-qdf.pdf'),
      );
      // What a reader follows stays: the web link, the linked file (under a neutral name), the chapter,
      // the layer's name.
      expect(after.split(`/URI (${WEB_LINK})`)).toHaveLength(2);
      for (const kept of [
        '/URI (x.pdf)',
        '/URI (y.pdf)',
        '/F (file.pdf)',
        '/Title (Chapter)',
        '/Name (Layer)',
        '/Order [',
        '/JS (app.beep\\(0\\))',
      ])
        expect(after).toContain(kept);
      expect(qpdfCheck(join(dir, 'output.pdf'))).toMatch(
        /No syntax or stream encoding errors/,
      );
      if (hasTool('pdftotext'))
        expect(pdfText(join(dir, 'output.pdf'))).toBe(
          pdfText(join(dir, 'input.pdf')),
        );
    });

    it('fails closed on a stream drawn as an XObject that has no XObject subtype', async () => {
      const input = untypedXObjectPdf();
      expect(Buffer.from(input).toString('latin1')).toContain(
        'CANARY_POS_UNTYPED',
      );
      const error = await cleanPlan(
        new Blob([input as Uint8Array<ArrayBuffer>]),
      ).catch((e: unknown) => e);
      expect(isEngineError(error) && error.code).toBe('corrupt');
    });
  },
);
