/**
 * A property that is there and holds nothing (an empty "Last saved by", a description of spaces)
 * is said to be empty, in the site's seven message sets and in the terminal: never counted as
 * "1 detail", never told as who wrote the file; and it is still counted among what was removed.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, screen } from '@testing-library/react';
import { strToU8, zipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGE_SETS } from '../../../i18n/locales';
import { findingLines } from '../../../cli/report-words';
import { Report } from '../../../src/features/report/Report';
import { ReportSummary } from '../../../src/features/report/ReportSummary';
import { clean, type CleanResult } from '../../../workers/engine/index';
import { exiftoolTags } from '../../helpers/exiftool';
import { drawImage } from '../../helpers/image-fixtures';
import { exiftoolWrite, tempDir } from '../../helpers/image-tools';
import { messagesOf, renderWithIntl } from '../uploader/render-with-intl';
import { DOCX, JPEG, result } from './fixtures';

afterEach(cleanup);

const CORE_HEAD =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">';
const CREATED =
  '<dcterms:created xsi:type="dcterms:W3CDTF">2020-02-02T02:02:02Z</dcterms:created>';

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** A one-paragraph Word file whose only properties are `props`: nothing else tells who wrote it. */
function docxWithCore(props: string): Uint8Array {
  return zipSync({
    '[Content_Types].xml': strToU8(
      `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/></Types>`,
    ),
    '_rels/.rels': strToU8(
      `${XML_HEAD}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/><Relationship Id="rId2" Type="${PKG_REL}/metadata/core-properties" Target="docProps/core.xml"/></Relationships>`,
    ),
    'word/document.xml': strToU8(
      `${XML_HEAD}<w:document xmlns:w="${W}"><w:body><w:p><w:r><w:t>Hello.</w:t></w:r></w:p></w:body></w:document>`,
    ),
    'docProps/core.xml': strToU8(`${CORE_HEAD}${props}</cp:coreProperties>`),
  });
}

/** A part of a package as `unzip` reads it: an independent reader of the input. */
function unzipPart(bytes: Uint8Array, part: string): string {
  const path = join(tempDir('empty-fields'), 'in.docx');
  writeFileSync(path, bytes);
  return execFileSync('unzip', ['-p', path, part], { encoding: 'utf8' });
}

async function cleaned(bytes: Uint8Array, name: string): Promise<CleanResult> {
  return clean(new Blob([bytes as Uint8Array<ArrayBuffer>]), { name });
}

/** The value cell beside the label `label`, as its raw text. */
function valuesOf(label: string): string[] {
  return [...document.querySelectorAll('.report-row')]
    .filter((row) => row.querySelector('dt')?.textContent === label)
    .map((row) => row.querySelector('.report-value')?.textContent ?? '');
}

describe('an empty document property', () => {
  const bytes = docxWithCore(
    `<dc:creator>CANARY_CORE_CREATOR</dc:creator><cp:lastModifiedBy></cp:lastModifiedBy>${CREATED}`,
  );

  it('is there in the input, as unzip reads it', () => {
    expect(unzipPart(bytes, 'docProps/core.xml')).toContain(
      '<cp:lastModifiedBy></cp:lastModifiedBy>',
    );
  });

  it.each(MESSAGE_SETS)(
    'is said to be empty, not counted as a detail, in %s',
    async (set) => {
      const out = await cleaned(bytes, 'letter.docx');
      const copy = new Uint8Array(await out.blob.arrayBuffer());
      expect(unzipPart(copy, 'docProps/core.xml')).not.toContain(
        'lastModifiedBy',
      );
      const messages = messagesOf(set);
      renderWithIntl(
        <Report
          result={result(DOCX, [...out.removed])}
          fileName="letter.docx"
          downloadName="cleaned_letter.docx"
        />,
        set,
      );
      expect(valuesOf(messages['report.field.last-editor']!)).toEqual([
        messages['report.value.empty'],
      ]);
      // What was removed is still counted: the empty property went too.
      expect(
        out.removed.some(
          (f) => f.field === 'author.last-editor' && f.value === '',
        ),
      ).toBe(true);
    },
  );

  it('reads "Last saved by: empty" in the terminal', async () => {
    const out = await cleaned(bytes, 'letter.docx');
    const lines = findingLines(out.removed, 'document');
    expect(lines).toContain('      Last saved by: empty');
    expect(lines.join('\n')).not.toMatch(/Last saved by: \d+ detail/);
  });

  it.each(MESSAGE_SETS)(
    'is not told in the summary as who wrote the file, in %s',
    async (set) => {
      const onlyEmpty = await cleaned(
        docxWithCore(`<cp:lastModifiedBy>   </cp:lastModifiedBy>${CREATED}`),
        'a.docx',
      );
      const noAuthor = await cleaned(docxWithCore(CREATED), 'b.docx');
      const sentenceOf = (removed: CleanResult['removed']) => {
        renderWithIntl(
          <ReportSummary result={result(DOCX, [...removed])} />,
          set,
        );
        const text = screen.getByTestId('report-summary').textContent;
        cleanup();
        return text;
      };
      expect(sentenceOf(onlyEmpty.removed)).toBe(sentenceOf(noAuthor.removed));
    },
  );
});

describe('an EXIF description of spaces', () => {
  it('is said to be empty on the site and in the terminal', async () => {
    const path = drawImage(join(tempDir('empty-exif'), 'photo.jpg'));
    exiftoolWrite(path, ['-EXIF:ImageDescription=        ']);
    expect(exiftoolTags(path)['IFD0:ImageDescription']).toBe('        ');
    const out = await cleaned(readFileSync(path), 'photo.jpg');
    expect(findingLines(out.removed, 'image')).toContain(
      '      Description: empty',
    );
    renderWithIntl(
      <Report
        result={result(JPEG, [...out.removed])}
        fileName="photo.jpg"
        downloadName="cleaned_photo.jpg"
      />,
      'de',
    );
    expect(valuesOf('Beschreibung')).toEqual(['leer']);
  });
});
