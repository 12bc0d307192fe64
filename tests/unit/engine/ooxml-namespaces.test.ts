import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { cleanPlan } from '../../../workers/engine';
import { planBytes } from '../../../workers/engine/output-plan';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import {
  DOCX_VOCABULARIES,
  extendedDocx,
  extendedPptx,
  extendedXlsx,
  kept,
  MODERN_AUTHOR,
  MODERN_AUTHOR_ID,
  PPTX_VOCABULARIES,
  TEAM_AUTHOR,
  XL_PERSON,
  XL_PERSON_ID,
  XLSX_VOCABULARIES,
  type Vocabulary,
} from '../../helpers/office-extension-fixtures';

/**
 * The extension vocabularies Office 2016-2024 write are known, so their markup stays where
 * unknown markup goes; the people some of them list go wherever they stand.
 */
async function cleaned(input: Uint8Array) {
  const result = await cleanPlan(new Blob([input as Uint8Array<ArrayBuffer>]));
  return { result, output: await planBytes(input, result.plan) };
}

const part = (zip: Uint8Array, name: string): string =>
  strFromU8(unzipSync(zip)[name]!);

function expectKept(
  input: Uint8Array,
  output: Uint8Array,
  name: string,
  vocabularies: readonly Vocabulary[],
): void {
  for (const [prefix] of vocabularies) {
    expect(part(input, name), prefix).toContain(kept(prefix));
    expect(part(output, name), prefix).toContain(kept(prefix));
  }
}

describe('ooxml: Office 2016-2024 extension vocabularies', () => {
  it('keeps PowerPoint slide extensions and the morph transition', async () => {
    const input = extendedPptx();
    const { output } = await cleaned(input);
    expectKept(input, output, 'ppt/slides/slide1.xml', PPTX_VOCABULARIES);
    expect(part(output, 'ppt/slides/slide1.xml')).toContain('p159:morph');
  });

  it("removes modern comments and their authors' names, in Office's part and in another", async () => {
    const input = extendedPptx();
    const { result, output } = await cleaned(input);
    expect(part(output, 'ppt/slides/slide1.xml')).not.toContain('commentRel');
    expectNoLeaks(input, output, [
      MODERN_AUTHOR,
      MODERN_AUTHOR_ID,
      TEAM_AUTHOR,
      'CANARY_MODERN_COMMENT',
    ]);
    expect(
      result.removed
        .filter((f) => f.label === 'p188:authorLst')
        .map((f) => f.value),
    ).toEqual([TEAM_AUTHOR]);
  });

  it("keeps Excel's sheet, revision, rich-data and pivot extensions", async () => {
    const input = extendedXlsx();
    const { output } = await cleaned(input);
    expectKept(input, output, 'xl/worksheets/sheet1.xml', XLSX_VOCABULARIES);
  });

  it("removes Excel's people from a part of another name", async () => {
    const input = extendedXlsx();
    const { result, output } = await cleaned(input);
    expectNoLeaks(input, output, [XL_PERSON, XL_PERSON_ID]);
    expect(
      result.removed
        .filter((f) => f.label === 'xltc:personList')
        .map((f) => f.value),
    ).toEqual([XL_PERSON]);
  });

  it("keeps Word's extension lists and the chartex revisions", async () => {
    const input = extendedDocx();
    const { output } = await cleaned(input);
    expectKept(input, output, 'word/document.xml', DOCX_VOCABULARIES);
  });
});
