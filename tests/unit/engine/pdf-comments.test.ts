/**
 * PDF comments (ISO 32000-1, 12.5.6.2): a sticky note, its pop-up and a reply go whole; a
 * highlight keeps its mark and loses its comment; a FreeText annotation keeps the text it draws.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import {
  buildPdf,
  pdfText,
  qdfText,
  qpdfCheck,
  run,
} from '../../helpers/pdf-fixtures';
import { cleanFile, tempDir } from '../../helpers/video-tools';
import type { Cleaned } from '../../helpers/video-tools';

const NOTE = 'CANARY_NOTE_TEXT';
const NOTE_SUBJECT = 'CANARY_NOTE_SUBJECT';
const REPLY = 'CANARY_REPLY_TEXT';
const HIGHLIGHT = 'CANARY_HIGHLIGHT_TEXT';
const HIGHLIGHT_RICH = 'CANARY_HIGHLIGHT_RICH';
const HIGHLIGHT_SUBJECT = 'CANARY_HIGHLIGHT_SUBJECT';
const FREE_TEXT = 'CANARY_FREETEXT_DRAWN';
const GONE = [
  NOTE,
  NOTE_SUBJECT,
  REPLY,
  HIGHLIGHT,
  HIGHLIGHT_RICH,
  HIGHLIGHT_SUBJECT,
];

const PAGE_TEXT = 'Quarterly figures';
const content = `BT /F1 18 Tf 40 700 Td (${PAGE_TEXT}) Tj ET`;
const freeTextLook = `BT /F1 10 Tf 2 4 Td (${FREE_TEXT}) Tj ET`;

function commentedPdf(): Uint8Array {
  const bodies = new Map<number, string | { dict: string; data: Uint8Array }>([
    [1, '<< /Type /Catalog /Pages 2 0 R >>'],
    [2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>'],
    [
      3,
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R ' +
        '/Resources << /Font << /F1 5 0 R >> >> /Annots [6 0 R 7 0 R 8 0 R 9 0 R 10 0 R 11 0 R 12 0 R] >>',
    ],
    [4, { dict: '', data: new TextEncoder().encode(content) }],
    [5, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'],
    [
      6,
      `<< /Type /Annot /Subtype /Text /Rect [300 700 320 720] /P 3 0 R /Contents (${NOTE}) ` +
        `/Subj (${NOTE_SUBJECT}) /T (Reviewer) /Popup 7 0 R >>`,
    ],
    [
      7,
      '<< /Type /Annot /Subtype /Popup /Rect [320 650 450 720] /P 3 0 R /Parent 6 0 R >>',
    ],
    [
      8,
      `<< /Type /Annot /Subtype /Text /Rect [300 680 320 700] /P 3 0 R /IRT 6 0 R /Contents (${REPLY}) >>`,
    ],
    [
      9,
      '<< /Type /Annot /Subtype /Highlight /Rect [38 695 200 720] /P 3 0 R ' +
        '/QuadPoints [38 720 200 720 38 695 200 695] /C [1 1 0] ' +
        `/Contents (${HIGHLIGHT}) /RC (<body><p>${HIGHLIGHT_RICH}</p></body>) ` +
        `/Subj (${HIGHLIGHT_SUBJECT}) /Popup 10 0 R >>`,
    ],
    [
      10,
      '<< /Type /Annot /Subtype /Popup /Rect [200 650 350 720] /P 3 0 R /Parent 9 0 R >>',
    ],
    [
      11,
      '<< /Type /Annot /Subtype /FreeText /Rect [40 600 300 620] /P 3 0 R ' +
        `/DA (/Helv 10 Tf 0 g) /Contents (${FREE_TEXT}) /AP << /N 13 0 R >> >>`,
    ],
    [
      12,
      '<< /Type /Annot /Subtype /Link /Rect [40 500 100 520] /Border [0 0 0] ' +
        '/A << /S /URI /URI (https://example.org/) >> >>',
    ],
    [
      13,
      {
        dict:
          '/Type /XObject /Subtype /Form /BBox [0 0 260 20] ' +
          '/Resources << /Font << /F1 5 0 R >> >>',
        data: new TextEncoder().encode(freeTextLook),
      },
    ],
  ]);
  return buildPdf(bodies, '/Root 1 0 R');
}

/** The subtypes of the first page's annotations, as qpdf reads them (JSON version 2). */
function annotationSubtypes(path: string): string[] {
  const json = JSON.parse(
    run('qpdf', ['--json', '--json-key=pages', '--json-key=qpdf', path]),
  ) as {
    pages: { object: string }[];
    qpdf: [unknown, Record<string, { value: Record<string, unknown> }>];
  };
  const objects = json.qpdf[1];
  const page = objects[`obj:${json.pages[0]!.object}`]!.value;
  const annots = page['/Annots'];
  // An /Annots array of its own is a reference, as qpdf writes one.
  const refs = (
    typeof annots === 'string' ? objects[`obj:${annots}`]!.value : annots
  ) as string[];
  return refs.map((ref) => String(objects[`obj:${ref}`]?.value['/Subtype']));
}

describe('PDF comments', () => {
  const dir = tempDir('metaclean-pdf-comments');
  const input = join(dir, 'commented.pdf');
  let cleaned: Cleaned;

  beforeAll(async () => {
    writeFileSync(input, commentedPdf());
    cleaned = await cleanFile(input);
  });

  it('finds every comment with qpdf in the input, and none but the drawn text in the output', () => {
    const before = qdfText(input, join(dir, 'in.qdf'));
    for (const canary of [...GONE, FREE_TEXT]) expect(before).toContain(canary);
    expectNoLeaks(commentedPdf(), cleaned.bytes, GONE);
    const after = qdfText(cleaned.path, join(dir, 'out.qdf'));
    expect(after).toContain(FREE_TEXT);
    expect(qpdfCheck(cleaned.path)).toContain(
      'No syntax or stream encoding errors',
    );
  });

  it('keeps the highlight, the drawn text and the link on the page; the note, reply and pop-ups go', () => {
    expect(annotationSubtypes(input)).toEqual([
      '/Text',
      '/Popup',
      '/Text',
      '/Highlight',
      '/Popup',
      '/FreeText',
      '/Link',
    ]);
    expect(annotationSubtypes(cleaned.path)).toEqual([
      '/Highlight',
      '/FreeText',
      '/Link',
    ]);
    expect(pdfText(cleaned.path)).toBe(pdfText(input));
    expect(pdfText(input)).toContain(PAGE_TEXT);
  });

  it('reports each comment removed with its text, and no comment kept for review but the drawn text', () => {
    const { removed, kept } = cleaned.result;
    const comments = removed
      .filter((f) => f.field === 'content.comment')
      .map((f) => f.value);
    expect(comments).toEqual(
      expect.arrayContaining([
        NOTE,
        NOTE_SUBJECT,
        REPLY,
        HIGHLIGHT,
        `<body><p>${HIGHLIGHT_RICH}</p></body>`,
        HIGHLIGHT_SUBJECT,
      ]),
    );
    expect(removed.some((f) => f.value === 'Reviewer')).toBe(true);
    expect(kept.find((f) => f.label === 'Annots')?.value).toBe(
      '1 comments (authors removed)',
    );
  });
});

describe('PDF comments: grouped marks and an /Annots array of its own', () => {
  const GROUPED = 'CANARY_GROUPED_SQUARE';
  const NOTE_TEXT = 'CANARY_GROUP_NOTE';

  function groupedPdf(): Uint8Array {
    return buildPdf(
      new Map([
        [1, '<< /Type /Catalog /Pages 2 0 R >>'],
        [2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>'],
        [
          3,
          '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Annots 4 0 R >>',
        ],
        [4, '[5 0 R 6 0 R]'],
        [
          5,
          `<< /Type /Annot /Subtype /Text /Rect [10 10 30 30] /Contents (${NOTE_TEXT}) >>`,
        ],
        [
          // Grouped with the note, not a reply to it (ISO 32000-1, 12.5.6.2, Table 170).
          6,
          '<< /Type /Annot /Subtype /Square /Rect [50 50 90 90] /C [0 0 1] ' +
            `/IRT 5 0 R /RT /Group /Contents (${GROUPED}) >>`,
        ],
      ]),
      '/Root 1 0 R',
    );
  }

  it('keeps a mark grouped with a note, without its comment, and takes the note off the page', async () => {
    const dir = tempDir('metaclean-pdf-grouped');
    const input = join(dir, 'grouped.pdf');
    writeFileSync(input, groupedPdf());
    const { path, bytes } = await cleanFile(input);
    expect(annotationSubtypes(input)).toEqual(['/Text', '/Square']);
    expect(annotationSubtypes(path)).toEqual(['/Square']);
    expectNoLeaks(groupedPdf(), bytes, [GROUPED, NOTE_TEXT]);
    qpdfCheck(path);
  });
});
