/**
 * A PDF with two attachments, for the engine's and the CLI's tests: a plain-text file whose file
 * specification holds a description, a local path and dates, and a legacy Word file (which the
 * engine cannot clean yet), also shown as a file attachment annotation.
 */
import { buildPdf, type PdfBody } from './pdf-fixtures';

export const NOTES = 'Quarterly figures\nrevenue,42\n';
/** The start of a Compound File (a legacy .doc), which the engine does not clean yet. */
export const CFB_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** Text inside the legacy Word file: found in the output only if the attachment was left. */
export const LEGACY_DOC_TEXT = 'CANARY_LEGACY_DOC_BODY';

function legacyDoc(): Uint8Array {
  const bytes = new Uint8Array(1024);
  bytes.set(CFB_MAGIC);
  bytes.fill(0x41, CFB_MAGIC.length);
  bytes.set(Buffer.from(LEGACY_DOC_TEXT, 'latin1'), CFB_MAGIC.length);
  return bytes;
}

/**
 * A page with two attachments: a text file, whose file specification holds a description, a
 * local path and dates, and a legacy Word file, also shown as a file attachment annotation.
 */
export function attachmentsPdf(): Uint8Array {
  return buildPdf(
    new Map<number, PdfBody>([
      [
        1,
        '<< /Type /Catalog /Pages 2 0 R ' +
          '/Names << /EmbeddedFiles << /Names [(notes.txt) 6 0 R (report.doc) 8 0 R] >> >> >>',
      ],
      [2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>'],
      [
        3,
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 300] /Contents 4 0 R ' +
          '/Resources << /Font << /F1 5 0 R >> >> /Annots [10 0 R] >>',
      ],
      [
        4,
        {
          dict: '',
          data: Buffer.from('BT /F1 24 Tf 20 250 Td (See attached) Tj ET'),
        },
      ],
      [5, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'],
      [
        6,
        '<< /Type /Filespec /F (C:\\\\Users\\\\CANARY_USER\\\\notes.txt) /UF (C:\\\\Users\\\\CANARY_USER\\\\notes.txt) ' +
          '/Desc (CANARY_DESC) /EF << /F 7 0 R >> >>',
      ],
      [
        7,
        {
          dict: '/Type /EmbeddedFile /Subtype /text#2Fplain /Params << /ModDate (D:20190101000000Z) /CreationDate (D:20180101000000Z) >>',
          data: Buffer.from(NOTES),
          flate: true,
        },
      ],
      [
        8,
        '<< /Type /Filespec /F (report.doc) /UF (report.doc) /Desc (CANARY_DOC_DESC) /EF << /F 9 0 R >> >>',
      ],
      [
        9,
        {
          dict: '/Type /EmbeddedFile /Subtype /application#2Fmsword',
          data: legacyDoc(),
          flate: true,
        },
      ],
      [
        10,
        '<< /Type /Annot /Subtype /FileAttachment /Rect [20 20 40 40] /FS 8 0 R /T (CANARY_ANNOT_AUTHOR) /Contents (report) >>',
      ],
    ]),
    '/Root 1 0 R',
  );
}

/** A person's name, as attachments and scripts are often named. */
export const PERSON = 'Mariana Souza';
export const PERSON_DOCX = `${PERSON} CV.docx`;
export const PERSON_TXT = `${PERSON} notes.txt`;
export const PERSON_SCRIPT = `${PERSON} checks`;

/**
 * Two attachments named after a person (a Word document and a text file), each in a leaf of
 * its own under an `/EmbeddedFiles` tree with `/Kids` and `/Limits`, and a document-level script
 * named after her too. The file specifications carry the same names.
 */
export function personNamedAttachmentsPdf(docx: Uint8Array): Uint8Array {
  return buildPdf(
    new Map<number, PdfBody>([
      [
        1,
        '<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles 11 0 R ' +
          `/JavaScript << /Names [(${PERSON_SCRIPT}) 15 0 R] >> >> >>`,
      ],
      [2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>'],
      [
        3,
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 300] /Contents 4 0 R ' +
          '/Resources << /Font << /F1 5 0 R >> >> >>',
      ],
      [
        4,
        {
          dict: '',
          data: Buffer.from('BT /F1 24 Tf 20 250 Td (See attached) Tj ET'),
        },
      ],
      [5, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'],
      [
        6,
        `<< /Type /Filespec /F (${PERSON_DOCX}) /UF (${PERSON_DOCX}) /EF << /F 7 0 R >> >>`,
      ],
      [
        7,
        {
          dict: '/Type /EmbeddedFile',
          data: docx,
          flate: true,
        },
      ],
      [
        8,
        `<< /Type /Filespec /F (${PERSON_TXT}) /UF (${PERSON_TXT}) /EF << /F 9 0 R >> >>`,
      ],
      [
        9,
        {
          dict: '/Type /EmbeddedFile /Subtype /text#2Fplain',
          data: Buffer.from(NOTES),
          flate: true,
        },
      ],
      [11, '<< /Kids [12 0 R 13 0 R] >>'],
      [
        12,
        `<< /Limits [(${PERSON_DOCX}) (${PERSON_DOCX})] /Names [(${PERSON_DOCX}) 6 0 R] >>`,
      ],
      [
        13,
        `<< /Limits [(${PERSON_TXT}) (${PERSON_TXT})] /Names [(${PERSON_TXT}) 8 0 R] >>`,
      ],
      [15, "<< /S /JavaScript /JS (app.alert\\('hello'\\);) >>"],
    ]),
    '/Root 1 0 R',
  );
}
