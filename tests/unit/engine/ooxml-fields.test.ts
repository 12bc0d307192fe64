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

function fieldsDocx(): Uint8Array {
  const files = unzipSync(syntheticDocx());
  files['word/document.xml'] = strToU8(DOCUMENT);
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

  it.skipIf(!hasTool('soffice'))(
    'opens in LibreOffice',
    async () => {
      const dir = tempDir('ooxml-fields');
      const out = tempDir('ooxml-fields-out');
      writeFileSync(
        join(dir, 'cleaned_fields.docx'),
        (await cleaned(fieldsDocx())).output,
      );
      soffice('txt:Text', [join(dir, 'cleaned_fields.docx')], out);
      expect(existsSync(join(out, 'cleaned_fields.txt'))).toBe(true);
      expect(readFileSync(join(out, 'cleaned_fields.txt'), 'utf8')).toContain(
        'Written by',
      );
    },
    240_000,
  );
});
