import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { cleanPlan } from '../../../workers/engine';
import { tempDir } from '../../helpers/image-tools';
import {
  deepFind,
  soffice,
  syntheticDocx,
} from '../../helpers/office-fixtures';
import { cleaned, hasTool, unzipTest } from '../../helpers/zip-tools';
import { expectNoLeaks } from '../../helpers/leak-oracle';

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const run = (inner: string) => `<w:r>${inner}</w:r>`;
const char = (type: string) => run(`<w:fldChar w:fldCharType="${type}"/>`);

/** A complex FILENAME \p field, a nested one inside an IF, a simple one, and an AUTHOR field. */
const DOCUMENT = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${W}"><w:body>
<w:p>${run('<w:t xml:space="preserve">Saved at </w:t>')}${char('begin')}${run('<w:instrText xml:space="preserve"> FILENAME \\p \\* MERGEFORMAT </w:instrText>')}${char('separate')}${run('<w:t>C:\\Users\\CANARY_FIELD_USER\\Documents\\plan.docx</w:t>')}${char('end')}</w:p>
<w:p>${char('begin')}${run('<w:instrText xml:space="preserve"> IF 1 = 1 "</w:instrText>')}${char('begin')}${run('<w:instrText xml:space="preserve"> FILENAME \\p </w:instrText>')}${char('separate')}${run('<w:t>/home/CANARY_NESTED_FIELD/plan.docx</w:t>')}${char('end')}${run('<w:instrText xml:space="preserve">"</w:instrText>')}${char('separate')}${run('<w:t>/home/CANARY_IF_RESULT/plan.docx</w:t>')}${char('end')}</w:p>
<w:p><w:fldSimple w:instr=" FILENAME \\p ">${run('<w:t>/Users/CANARY_SIMPLE_FIELD/plan.docx</w:t>')}</w:fldSimple></w:p>
<w:p>${run('<w:t xml:space="preserve">Written by </w:t>')}<w:fldSimple w:instr=" AUTHOR \\* MERGEFORMAT ">${run('<w:t>Jane Author</w:t>')}</w:fldSimple></w:p>
<w:p>${run('<w:t>Plain text C:\\kept\\as\\typed.txt</w:t>')}</w:p>
</w:body></w:document>`;

const WP =
  'http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing';
const PIC = 'http://schemas.openxmlformats.org/drawingml/2006/picture';
const V = 'urn:schemas-microsoft-com:vml';
const O = 'urn:schemas-microsoft-com:office:office';
/**
 * Paths Word writes in instructions (a LINK split over two runs between the user's folder and
 * the file, an INCLUDETEXT to a server with its backslashes doubled as field codes write them, a
 * simple HYPERLINK to a file URL) and in a picture's name, description and VML alternative text.
 */
const PATHS_DOCUMENT = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${W}" xmlns:wp="${WP}" xmlns:pic="${PIC}" xmlns:v="${V}" xmlns:o="${O}"><w:body>
<w:p>${char('begin')}${run('<w:instrText xml:space="preserve"> LINK Excel.Sheet.12 "C:\\\\Users\\\\CANARY_FIELDLINK_</w:instrText>')}${run('<w:instrText xml:space="preserve">USER\\\\book.xlsx" Sheet1!R1C1 \\a </w:instrText>')}${char('separate')}${run('<w:t>42</w:t>')}${char('end')}</w:p>
<w:p>${char('begin')}${run('<w:instrText xml:space="preserve"> INCLUDETEXT "\\\\\\\\CANARY_SERVER\\\\share\\\\part.docx" </w:instrText>')}${char('end')}</w:p>
<w:p><w:fldSimple w:instr=" HYPERLINK &quot;file:///C:/Users/CANARY_HYPERLINK_USER/x.docx&quot; ">${run('<w:t>see</w:t>')}</w:fldSimple></w:p>
<w:p>${run('<w:drawing><wp:inline><wp:docPr id="1" name="Picture 1" descr="C:\\Users\\CANARY_DESCR_USER\\Pictures\\beach.jpg"/><pic:pic><pic:nvPicPr><pic:cNvPr id="0" name="/home/CANARY_NAME_USER/beach.jpg" title="A beach"/></pic:nvPicPr></pic:pic></wp:inline></w:drawing>')}</w:p>
<w:p>${run('<w:pict><v:shape id="s1" alt="file:///home/CANARY_VML_USER/beach.jpg"><v:imagedata o:title="/Users/CANARY_VML_TITLE/beach"/></v:shape></w:pict>')}</w:p>
</w:body></w:document>`;

function fieldsDocx(document = DOCUMENT): Uint8Array {
  const files = unzipSync(syntheticDocx());
  files['word/document.xml'] = strToU8(document);
  return zipSync(files);
}

const blob = (bytes: Uint8Array) =>
  new Blob([bytes as Uint8Array<ArrayBuffer>]);

describe('Word fields that show the author or their disk', () => {
  it('cuts the folders from FILENAME results and reports fields showing a name', async () => {
    const input = fieldsDocx();
    for (const c of [
      'CANARY_FIELD_USER',
      'CANARY_NESTED_FIELD',
      'CANARY_IF_RESULT',
      'CANARY_SIMPLE_FIELD',
    ])
      expect(deepFind(input, c), c).toEqual(['word/document.xml']);
    const { result, output } = await cleaned(input);
    const doc = strFromU8(unzipSync(output)['word/document.xml']!);
    expectNoLeaks(input, output, ['CANARY']);
    // The IF field's result is a path because of the FILENAME field its instruction nests.
    expect(doc.match(/<w:t>plan\.docx<\/w:t>/g)).toHaveLength(4);
    expect(doc).toContain('Plain text C:\\kept\\as\\typed.txt');
    expect(result.removed.filter((f) => f.label === 'FILENAME')).toHaveLength(
      4,
    );
    expect(result.kept.map((f) => `${f.label}: ${f.value}`)).toContain(
      'fields showing a name: Jane Author',
    );
    expect((await cleanPlan(blob(output))).removed).toEqual([]);
    if (hasTool('unzip')) unzipTest(output);
  });

  it('cuts the folders from field instructions and from pictures named by their path', async () => {
    const input = fieldsDocx(PATHS_DOCUMENT);
    const canaries = [
      'CANARY_FIELDLINK_',
      'USER\\\\book',
      'CANARY_SERVER',
      'CANARY_HYPERLINK_USER',
      'CANARY_DESCR_USER',
      'CANARY_NAME_USER',
      'CANARY_VML_USER',
      'CANARY_VML_TITLE',
    ];
    for (const c of canaries)
      expect(deepFind(input, c), c).toEqual(['word/document.xml']);
    const { result, output } = await cleaned(input);
    expectNoLeaks(input, output, canaries);
    const doc = strFromU8(unzipSync(output)['word/document.xml']!);
    for (const kept of [
      '> LINK Excel.Sheet.12 "book.xlsx" Sheet1!R1C1 \\a <',
      '> INCLUDETEXT "part.docx" <',
      'w:instr=" HYPERLINK &quot;x.docx&quot; "',
      'descr="beach.jpg"',
      'name="beach.jpg" title="A beach"',
      'alt="beach.jpg"',
      'o:title="beach"',
    ])
      expect(doc).toContain(kept);
    expect(
      result.removed.filter(
        (f) =>
          f.field === 'identifier.file-name' &&
          f.location === 'word/document.xml',
      ),
    ).toHaveLength(7);
    expect((await cleanPlan(blob(output))).removed).toEqual([]);
    if (hasTool('unzip')) unzipTest(output);
  });

  it('leaves out an element in no namespace, with its text and attributes', async () => {
    const input = fieldsDocx(
      DOCUMENT.replace(
        '<w:p>',
        '<w:p><note by="CANARY_NO_NS_ATTRIBUTE">CANARY_NO_NS_ELEMENT</note>',
      ),
    );
    const canaries = ['CANARY_NO_NS_ATTRIBUTE', 'CANARY_NO_NS_ELEMENT'];
    for (const c of canaries)
      expect(deepFind(input, c), c).toEqual(['word/document.xml']);
    const { output } = await cleaned(input);
    expectNoLeaks(input, output, canaries);
    expect(strFromU8(unzipSync(output)['word/document.xml']!)).toContain(
      'Saved at ',
    );
  });

  it.skipIf(!hasTool('soffice'))(
    'opens in LibreOffice',
    async () => {
      const dir = tempDir('ooxml-fields');
      const out = tempDir('ooxml-fields-out');
      writeFileSync(
        join(dir, 'cleaned_fields.docx'),
        (await cleaned(fieldsDocx())).output,
      );
      writeFileSync(
        join(dir, 'cleaned_paths.docx'),
        (await cleaned(fieldsDocx(PATHS_DOCUMENT))).output,
      );
      soffice(
        'txt:Text',
        [join(dir, 'cleaned_fields.docx'), join(dir, 'cleaned_paths.docx')],
        out,
      );
      expect(readFileSync(join(out, 'cleaned_paths.txt'), 'utf8')).toContain(
        'see',
      );
      expect(existsSync(join(out, 'cleaned_fields.txt'))).toBe(true);
      expect(readFileSync(join(out, 'cleaned_fields.txt'), 'utf8')).toContain(
        'Written by',
      );
    },
    240_000,
  );
});
