import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { cleanPlan } from '../../../workers/engine';
import { planBytes } from '../../../workers/engine/output-plan';
import { tempDir } from '../../helpers/image-tools';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import { syntheticDocx } from '../../helpers/office-fixtures';

/**
 * Word's content controls: a data binding names a custom XML part, which always goes, so the
 * binding goes with its XPath and store id; the control's title and tag stay, listed for review,
 * and the text it shows stays.
 */
const XPATH = 'CANARY_BINDING_XPATH';
const STORE = '{CA4A41E5-0000-4000-8000-00000000BEEF}';
const TITLE = 'CANARY_CONTROL_TITLE';
const TAG = 'CANARY_CONTROL_TAG';
const SHOWN = 'Words the control shows';
const W15 = 'http://schemas.microsoft.com/office/word/2012/wordml';

const control = `<w:sdt><w:sdtPr><w:alias w:val="${TITLE}"/><w:tag w:val="${TAG}"/><w:dataBinding w:prefixMappings="xmlns:ns0='urn:x'" w:xpath="/ns0:root[1]/ns0:${XPATH}[1]" w:storeItemID="${STORE}"/><w15:dataBinding xmlns:w15="${W15}" w:xpath="/ns0:root[1]/ns0:${XPATH}2[1]" w:storeItemID="${STORE}"/></w:sdtPr><w:sdtContent><w:p><w:r><w:t>${SHOWN}</w:t></w:r></w:p></w:sdtContent></w:sdt>`;

function withBody(markup: string): Uint8Array {
  const files = unzipSync(syntheticDocx());
  files['word/document.xml'] = strToU8(
    strFromU8(files['word/document.xml']!).replace(
      '<w:sectPr',
      `${markup}<w:sectPr`,
    ),
  );
  return zipSync(files);
}

const documentXml = (zip: Uint8Array): string => {
  const path = join(tempDir('ooxml-content-controls'), 'file.docx');
  writeFileSync(path, zip);
  return execFileSync('unzip', ['-p', path, 'word/document.xml'], {
    encoding: 'utf8',
  });
};

async function cleaned(input: Uint8Array) {
  const result = await cleanPlan(new Blob([input as Uint8Array<ArrayBuffer>]));
  return { result, output: await planBytes(input, result.plan) };
}

describe('ooxml: content controls', () => {
  it('lose their data bindings and keep their title, tag and text, listed for review', async () => {
    const input = withBody(control);
    expect(documentXml(input)).toContain(XPATH);
    const { result, output } = await cleaned(input);

    const doc = documentXml(output);
    expect(doc).not.toContain(XPATH);
    expect(doc).not.toContain('dataBinding');
    expectNoLeaks(input, output, [XPATH, STORE]);
    expect(doc).toContain(SHOWN);
    expect(
      result.removed.find((f) => f.label === 'content control data binding')
        ?.value,
    ).toBe('2');
    expect(
      result.kept
        .filter((f) => f.label.startsWith('content control'))
        .map((f) => [f.value, f.kept]),
    ).toEqual([
      [TITLE, 'review'],
      [TAG, 'review'],
    ]);
  });
});
