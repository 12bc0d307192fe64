/**
 * Documents with one person's name planted in what a reader sees (written `Mariana Souza`) and in
 * hidden places (written `MARIANA SOUZA`, so the leak oracle, which matches exactly, judges the
 * hidden copies alone while the search, which ignores case, finds both).
 */
import { strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import { syntheticDocx, syntheticXlsx } from './office-fixtures';
import { ODF_NS, syntheticEpub } from './odf-fixtures';
import { buildPdf, type PdfBody } from './pdf-fixtures';

export const SHOWN_NAME = 'Mariana Souza';
export const HIDDEN_NAME = 'MARIANA SOUZA';
export const TYPED_NAME = 'mariana souza';

const ZIP_DATE = new Date('2022-03-04T05:06:07Z');

/** A zip with some members' text replaced; `mimetype` stays first and stored, the rest deflate. */
export function editZip(
  zip: Uint8Array,
  edits: Record<string, (text: string) => string>,
  extra: Record<string, string> = {},
): Uint8Array {
  const out: Zippable = {};
  for (const [name, bytes] of Object.entries(unzipSync(zip))) {
    const edit = edits[name];
    const data = edit ? strToU8(edit(new TextDecoder().decode(bytes))) : bytes;
    out[name] =
      name === 'mimetype' ? [data, { level: 0 }] : [data, { level: 6 }];
  }
  for (const [name, text] of Object.entries(extra)) out[name] = strToU8(text);
  return zipSync(out, { mtime: ZIP_DATE });
}

const swap = (from: string, to: string) => (text: string) => {
  if (!text.includes(from)) throw new Error(`fixture text ${from} missing`);
  return text.replaceAll(from, to);
};

/** Body text; a comment's author; core properties; a deflated custom XML part. */
export function nameDocx(): Uint8Array {
  return editZip(syntheticDocx(), {
    'word/document.xml': swap('Quarterly plan', `${SHOWN_NAME} plans`),
    'word/comments.xml': swap('CANARY_COMMENT_AUTHOR', HIDDEN_NAME),
    'docProps/core.xml': swap('CANARY_CORE_CREATOR', HIDDEN_NAME),
    'customXml/item1.xml': swap('CANARY_CUSTOM_XML', HIDDEN_NAME),
  });
}

/** A cell; the workbook's core properties. */
export function nameXlsx(): Uint8Array {
  return editZip(syntheticXlsx(), {
    'xl/worksheets/sheet1.xml': swap('Budget total', SHOWN_NAME),
    'docProps/core.xml': swap('CANARY_CORE_CREATOR', HIDDEN_NAME),
  });
}

const SHARED_STRINGS_TYPE =
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml';
const SHARED_STRINGS_REL =
  'http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings';

/**
 * The name as a shared string (ECMA-376 Part 1, 18.4.8), written in two runs, that sheet
 * "Visible" shows in `cells` of its row 7; the item before it is cell A1's; the core properties
 * hold the name hidden.
 */
export function nameSharedStringXlsx(
  cells: readonly string[] = ['B7'],
): Uint8Array {
  const [first, last] = SHOWN_NAME.split(' ') as [string, string];
  const row = cells.map((ref) => `<c r="${ref}" t="s"><v>1</v></c>`).join('');
  const table = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${cells.length + 1}" uniqueCount="2"><si><t>Budget total</t></si><si><r><t xml:space="preserve">${first} </t></r><r><t>${last}</t></r></si></sst>`;
  return editZip(
    syntheticXlsx(),
    {
      'xl/worksheets/sheet1.xml': (text) =>
        swap(
          '<c r="A1" t="inlineStr"><is><t>Budget total</t></is></c>',
          '<c r="A1" t="s"><v>0</v></c>',
        )(text).replace('</sheetData>', `<row r="7">${row}</row></sheetData>`),
      'docProps/core.xml': swap('CANARY_CORE_CREATOR', HIDDEN_NAME),
      '[Content_Types].xml': swap(
        '</Types>',
        `<Override PartName="/xl/sharedStrings.xml" ContentType="${SHARED_STRINGS_TYPE}"/></Types>`,
      ),
      'xl/_rels/workbook.xml.rels': swap(
        '</Relationships>',
        `<Relationship Id="rId9" Type="${SHARED_STRINGS_REL}" Target="sharedStrings.xml"/></Relationships>`,
      ),
    },
    { 'xl/sharedStrings.xml': table },
  );
}

/** Body text, and a comment (OpenDocument 1.3 part 3, 14.1) whose author is the name. */
export function nameOdtComment(): Uint8Array {
  return editZip(nameOdt(), {
    'content.xml': swap(
      `<text:p>${SHOWN_NAME} wrote this.`,
      `<text:p><office:annotation><dc:creator>${HIDDEN_NAME}</dc:creator><dc:date>2021-02-02T00:00:00</dc:date><text:p>Please check the figures.</text:p></office:annotation>${SHOWN_NAME} wrote this.`,
    ),
  });
}

/** A chapter's text; the package document's creator. */
export function nameEpub(jpeg: Uint8Array): Uint8Array {
  return editZip(syntheticEpub(jpeg), {
    'OEBPS/ch1.xhtml': swap('The garden was quiet.', `${SHOWN_NAME} walked.`),
    'OEBPS/content.opf': swap('CANARY_CREATOR', HIDDEN_NAME),
  });
}

/**
 * Body text and a user field (OpenDocument 1.3 part 3, 7.7.2), which no part shows unless `shown`
 * puts it on the page (7.7.3).
 */
export function nameOdt(shown = false): Uint8Array {
  const mime = 'application/vnd.oasis.opendocument.text';
  const content = `<?xml version="1.0" encoding="UTF-8"?><office:document-content ${ODF_NS} office:version="1.3"><office:body><office:text><text:user-field-decls><text:user-field-decl office:value-type="string" office:string-value="${HIDDEN_NAME}" text:name="Owner"/></text:user-field-decls><text:p>${SHOWN_NAME} wrote this.${shown ? '<text:user-field-get text:name="Owner"/>' : ''}</text:p></office:text></office:body></office:document-content>`;
  const manifest = `<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3"><manifest:file-entry manifest:full-path="/" manifest:version="1.3" manifest:media-type="${mime}"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/><manifest:file-entry manifest:full-path="meta.xml" manifest:media-type="text/xml"/></manifest:manifest>`;
  const meta = `<?xml version="1.0" encoding="UTF-8"?><office:document-meta ${ODF_NS} office:version="1.3"><office:meta><dc:title>Notes</dc:title></office:meta></office:document-meta>`;
  return zipSync(
    {
      mimetype: [strToU8(mime), { level: 0 }],
      'content.xml': strToU8(content),
      'meta.xml': strToU8(meta),
      'META-INF/manifest.xml': strToU8(manifest),
    },
    { mtime: ZIP_DATE },
  );
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const utf16be = (text: string) =>
  new Uint8Array([0xfe, 0xff, ...Buffer.from(text, 'utf16le').swap16()]);
/** `MARIANA` written in octal escapes (ISO 32000-2, 7.3.4.2). */
const octal = (text: string) =>
  [...text]
    .map((c) => `\\${c.charCodeAt(0).toString(8).padStart(3, '0')}`)
    .join('');

/**
 * Page text (deflated); the Info dictionary's author as octal escapes, title as a UTF-16BE hex
 * string and subject as a plain hex string.
 */
export function namePdf(): Uint8Array {
  const [first, last] = HIDDEN_NAME.split(' ') as [string, string];
  const bodies = new Map<number, PdfBody>([
    [1, '<< /Type /Catalog /Pages 2 0 R >>'],
    [2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>'],
    [
      3,
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    ],
    [
      4,
      {
        dict: '',
        data: strToU8(
          `BT /F1 12 Tf 20 100 Td [(${SHOWN_NAME.slice(0, 4)}) -20 (${SHOWN_NAME.slice(4)})] TJ ET`,
        ),
        flate: true,
      },
    ],
    [5, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'],
    [
      6,
      `<< /Author (${octal(first)} ${last}) /Title <${hex(utf16be(HIDDEN_NAME))}> /Subject <${hex(strToU8(HIDDEN_NAME))}> >>`,
    ],
  ]);
  return buildPdf(bodies, '/Root 1 0 R /Info 6 0 R');
}
