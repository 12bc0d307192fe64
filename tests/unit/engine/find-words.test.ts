import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8 } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  findWords,
  type WordAnswer,
} from '../../../workers/engine/find/find-words';
import { MAX_CELLS_PER_STRING } from '../../../workers/engine/find/shared-string-cells';
import type { FindHit } from '../../../workers/engine/find/places';
import { expectNoLeaks, locateCanaries } from '../../helpers/leak-oracle';
import { tempDir } from '../../helpers/image-tools';
import { gpsJpeg, normalizeText } from '../../helpers/office-fixtures';
import { appendUpdate, pdfText } from '../../helpers/pdf-fixtures';
import { cleaned } from '../../helpers/zip-tools';
import {
  editZip,
  HIDDEN_NAME,
  nameDocx,
  nameEpub,
  nameOdt,
  nameOdtComment,
  namePdf,
  nameSharedStringXlsx,
  nameXlsx,
  SHOWN_NAME,
  TYPED_NAME,
} from '../../helpers/find-fixtures';

const blob = (bytes: Uint8Array) =>
  new Blob([bytes as Uint8Array<ArrayBuffer>]);

/** Hits as `place part key...` lines, sorted, so a test states every place at once. */
const placesOf = (hits: readonly FindHit[]) =>
  hits
    .map((h) =>
      [
        h.visible ? 'visible' : 'hidden',
        h.place,
        ...Object.values(h.where),
      ].join(' '),
    )
    .sort();

/** The planted file and its clean copy searched for the name, the oracle judging the copy first. */
async function search(input: Uint8Array, name: string) {
  const { output } = await cleaned(input);
  expectNoLeaks(input, output, [HIDDEN_NAME]);
  const answer = await findWords(
    { file: blob(input), name },
    { file: blob(output), name: 'document' },
    [TYPED_NAME],
  );
  return { output, answer, word: answer.words[0]! };
}

/** The visible copy is still in the clean zip document, as the oracle reads it. */
const expectShown = (output: Uint8Array) =>
  expect(locateCanaries(output, [SHOWN_NAME])[SHOWN_NAME]).not.toEqual([]);

/** The shared string, written in two runs, is still in the copy: each run as the oracle reads it. */
const expectShownRuns = (output: Uint8Array) => {
  const runs = SHOWN_NAME.split(' ');
  const found = locateCanaries(output, runs);
  for (const run of runs) expect(found[run], run).not.toEqual([]);
};

describe('findWords', () => {
  it('finds page text and every Info string form in a PDF; after cleaning only the page', async () => {
    const { output, answer, word } = await search(namePdf(), 'report.pdf');
    const path = join(tempDir('find-pdf'), 'clean.pdf');
    writeFileSync(path, output);
    expect(normalizeText(pdfText(path))).toContain(SHOWN_NAME);
    expect(placesOf(word.before)).toEqual([
      'hidden pdf-info Author',
      'hidden pdf-info Subject',
      'hidden pdf-info Title',
      'visible page-text 1',
    ]);
    expect(placesOf(word.after)).toEqual(['visible page-text 1']);
    expect(answer.clean).toBe(true);
  });

  it('finds a DOCX body, a comment by its author, core properties and a deflated custom XML part', async () => {
    const { output, answer, word } = await search(nameDocx(), 'letter.docx');
    expectShown(output);
    expect(placesOf(word.before)).toEqual([
      `hidden comment word/comments.xml ${HIDDEN_NAME}`,
      'hidden custom-xml customXml/item1.xml',
      'hidden document-properties docProps/core.xml creator',
      'visible body-text word/document.xml',
    ]);
    expect(placesOf(word.after)).toEqual([
      'visible body-text word/document.xml',
    ]);
    expect(answer.clean).toBe(true);
  });

  it('finds an XLSX cell by its reference and the workbook properties', async () => {
    const { output, word } = await search(nameXlsx(), 'budget.xlsx');
    expectShown(output);
    expect(placesOf(word.before)).toEqual([
      'hidden document-properties docProps/core.xml creator',
      'visible sheet-cell xl/worksheets/sheet1.xml Visible A1',
    ]);
    expect(placesOf(word.after)).toEqual([
      'visible sheet-cell xl/worksheets/sheet1.xml Visible A1',
    ]);
  });

  it('names a shared-string cell by its sheet and reference, like an inline cell', async () => {
    const { output, word } = await search(
      nameSharedStringXlsx(),
      'budget.xlsx',
    );
    expectShownRuns(output);
    expect(placesOf(word.before)).toEqual([
      'hidden document-properties docProps/core.xml creator',
      'visible sheet-cell xl/sharedStrings.xml Visible B7',
    ]);
    expect(placesOf(word.after)).toEqual([
      'visible sheet-cell xl/sharedStrings.xml Visible B7',
    ]);
  });

  it('names a few of the cells that share one string, not every one', async () => {
    const cells = ['B7', 'C7', 'D7', 'E7', 'F7'];
    const input = nameSharedStringXlsx(cells);
    const { output, word } = await search(input, 'budget.xlsx');
    expectShownRuns(output);
    expect(placesOf(word.after)).toEqual(
      cells
        .slice(0, MAX_CELLS_PER_STRING)
        .map(
          (cell) => `visible sheet-cell xl/sharedStrings.xml Visible ${cell}`,
        ),
    );
  });

  it('names a comment in an ODT by its author, for the author and for the comment text', async () => {
    const input = nameOdtComment();
    const { output } = await cleaned(input);
    expectNoLeaks(input, output, [HIDDEN_NAME]);
    const answer = await findWords(
      { file: blob(input), name: 'notes.odt' },
      { file: blob(output), name: 'document.odt' },
      [TYPED_NAME, 'the figures'],
    );
    const [name, figures] = answer.words as [WordAnswer, WordAnswer];
    expect(placesOf(name.before)).toEqual([
      `hidden comment content.xml ${HIDDEN_NAME}`,
      'hidden user-field content.xml',
      'visible body-text content.xml',
    ]);
    expect(placesOf(name.after)).toEqual(['visible body-text content.xml']);
    expect(placesOf(figures.before)).toEqual([
      `hidden comment content.xml ${HIDDEN_NAME}`,
    ]);
  });

  it('finds an ODT user field and its body text', async () => {
    const { output, word } = await search(nameOdt(), 'notes.odt');
    expectShown(output);
    expect(placesOf(word.before)).toEqual([
      'hidden user-field content.xml',
      'visible body-text content.xml',
    ]);
    expect(placesOf(word.after)).toEqual(['visible body-text content.xml']);
  });

  it('counts a user field the page shows as body text, kept and visible', async () => {
    const input = nameOdt(true);
    const { output } = await cleaned(input);
    const answer = await findWords(
      { file: blob(input), name: 'notes.odt' },
      { file: blob(output), name: 'document.odt' },
      [TYPED_NAME],
    );
    expect(placesOf(answer.words[0]!.after)).toEqual([
      'visible body-text content.xml',
    ]);
    expect(answer.clean).toBe(true);
  });

  describe('EPUB', () => {
    let jpeg: Uint8Array;
    beforeAll(() => {
      jpeg = gpsJpeg(tempDir('find-epub'));
    });

    it('finds a chapter and the package document creator', async () => {
      const { output, word } = await search(nameEpub(jpeg), 'book.epub');
      expectShown(output);
      expect(placesOf(word.before)).toEqual([
        'hidden package-metadata OEBPS/content.opf creator',
        'visible chapter-text OEBPS/ch1.xhtml',
      ]);
      expect(placesOf(word.after)).toEqual([
        'visible chapter-text OEBPS/ch1.xhtml',
      ]);
    });
  });

  it('marks a copy not clean when a hidden part holding the name is added after cleaning', async () => {
    const { output } = await cleaned(nameDocx());
    const tampered = editZip(
      output,
      {},
      {
        'word/extra.xml': `<x>${HIDDEN_NAME}</x>`,
      },
    );
    const answer = await findWords(
      { file: blob(nameDocx()), name: 'letter.docx' },
      { file: blob(tampered), name: 'document.docx' },
      [TYPED_NAME],
    );
    expect(placesOf(answer.words[0]!.after)).toContain(
      'hidden other-part word/extra.xml',
    );
    expect(answer.clean).toBe(false);
  });

  it('marks a PDF copy not clean when an update puts the name back in its Info', async () => {
    const { output } = await cleaned(namePdf());
    const root = /\/Root (\d+ \d+ R)/.exec(
      Buffer.from(output).toString('latin1'),
    );
    const tampered = appendUpdate(
      output,
      new Map([[90, `<< /Author (${HIDDEN_NAME}) >>`]]),
      `/Root ${root![1]} /Info 90 0 R`,
    );
    const answer = await findWords(
      { file: blob(namePdf()), name: 'report.pdf' },
      { file: blob(tampered), name: 'document.pdf' },
      [TYPED_NAME],
    );
    expect(placesOf(answer.words[0]!.after)).toContain(
      'hidden pdf-info Author',
    );
    expect(answer.clean).toBe(false);
  });

  it('finds a name in a file name, whatever its case and accents', async () => {
    const bytes = strToU8('plain bytes');
    const answer = await findWords(
      { file: blob(bytes), name: 'Mariána SOUZA - CV.txt' },
      { file: blob(bytes), name: 'document.txt' },
      [TYPED_NAME],
    );
    expect(placesOf(answer.words[0]!.before)).toEqual(['visible file-name']);
    expect(answer.words[0]!.after).toEqual([]);
  });

  it('finds a name written in UTF-16 in bytes no layer reads, as hidden', async () => {
    const bytes = new Uint8Array(Buffer.from(`xx${HIDDEN_NAME}xx`, 'utf16le'));
    const answer = await findWords(
      { file: blob(bytes), name: 'a.bin' },
      { file: blob(bytes), name: 'b.bin' },
      [TYPED_NAME],
    );
    expect(placesOf(answer.words[0]!.after)).toEqual(['hidden file-bytes']);
    expect(answer.clean).toBe(false);
  });

  it('cannot vouch for a copy with a member it cannot read: not clean, the part named', async () => {
    const { output } = await cleaned(nameDocx());
    const broken = output.slice();
    // A byte of the first member's data changed: its CRC-32 no longer matches (APPNOTE 4.4.7).
    const view = new DataView(broken.buffer);
    const dataStart = 30 + view.getUint16(26, true) + view.getUint16(28, true);
    broken[dataStart + 4] = broken[dataStart + 4]! ^ 0xff;
    const answer = await findWords(
      { file: blob(nameDocx()), name: 'letter.docx' },
      { file: blob(broken), name: 'document.docx' },
      [TYPED_NAME],
    );
    expect(answer.unsearched.after).not.toEqual([]);
    expect(answer.clean).toBe(false);
  });

  it('answers for a damaged PDF without throwing, saying what it could not read', async () => {
    const junk = strToU8(`%PDF-1.7\n1 0 obj << /Author (${HIDDEN_NAME}`);
    const answer = await findWords(
      { file: blob(junk), name: 'a.pdf' },
      { file: blob(junk), name: 'b.pdf' },
      [TYPED_NAME],
    );
    expect(answer.unsearched.after).toEqual(['structure']);
    expect(placesOf(answer.words[0]!.after)).toEqual(['hidden file-bytes']);
    expect(answer.clean).toBe(false);
  });
});
