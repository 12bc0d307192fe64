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
 * Word's people ([MS-DOCX] w15:person, its account in w15:presenceInfo) go wherever they stand,
 * as they do in the people part.
 */
const W15 = 'http://schemas.microsoft.com/office/word/2012/wordml';
const PERSON = 'CANARY_W15_PERSON';
const ACCOUNT = 'S::canary.w15.account@example.com';
const person = `<w15:person xmlns:w15="${W15}" w15:author="${PERSON}"><w15:presenceInfo w15:providerId="AD" w15:userId="${ACCOUNT}"/></w15:person>`;

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
  const path = join(tempDir('ooxml-word-people'), 'file.docx');
  writeFileSync(path, zip);
  return execFileSync('unzip', ['-p', path, 'word/document.xml'], {
    encoding: 'utf8',
  });
};

async function cleaned(input: Uint8Array) {
  const result = await cleanPlan(new Blob([input as Uint8Array<ArrayBuffer>]));
  return { result, output: await planBytes(input, result.plan) };
}

describe('ooxml: a Word person outside the people part', () => {
  it('goes with its account, and is reported with both', async () => {
    const input = withBody(person);
    expect(documentXml(input)).toContain(PERSON);
    const { result, output } = await cleaned(input);
    expect(documentXml(output)).not.toContain(PERSON);
    expectNoLeaks(input, output, [PERSON, ACCOUNT]);
    expect(result.removed.find((f) => f.label === 'w15:person')?.value).toBe(
      `${PERSON}, ${ACCOUNT}`,
    );
  });

  it('goes when only its account stands there', async () => {
    const input = withBody(
      `<w15:presenceInfo xmlns:w15="${W15}" w15:providerId="AD" w15:userId="${ACCOUNT}"/>`,
    );
    const { result, output } = await cleaned(input);
    expectNoLeaks(input, output, [ACCOUNT]);
    expect(
      result.removed.find((f) => f.label === 'w15:presenceInfo')?.value,
    ).toBe(ACCOUNT);
  });
});
