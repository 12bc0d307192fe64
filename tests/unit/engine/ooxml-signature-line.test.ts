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
 * A VML signature line: the suggested signer's e-mail, shown nowhere on the page, goes; the name
 * and title drawn under the line stay as content, listed for review.
 */
const EMAIL = 'canary.signer.mail@example.com';
const SIGNER = 'CANARY_SUGGESTED_SIGNER';
const SIGNER_TITLE = 'CANARY_SIGNER_TITLE';
const O = 'urn:schemas-microsoft-com:office:office';

const signatureLine = (prefix: string) =>
  `<w:p><w:r><w:pict xmlns:v="urn:schemas-microsoft-com:vml" xmlns:${prefix}="${O}"><v:shape id="sig" style="width:192pt;height:96pt"><${prefix}:signatureline v:ext="edit" id="{00000000-0000-0000-0000-000000000001}" provid="{00000000-0000-0000-0000-000000000000}" ${prefix}:suggestedsigner="${SIGNER}" ${prefix}:suggestedsigner2="${SIGNER_TITLE}" ${prefix}:suggestedsigneremail="${EMAIL}" issignatureline="t"/></v:shape></w:pict></w:r></w:p>`;

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

const unzipPart = (zip: Uint8Array, part: string): string => {
  const path = join(tempDir('ooxml-signature-line'), 'file.docx');
  writeFileSync(path, zip);
  return execFileSync('unzip', ['-p', path, part], { encoding: 'utf8' });
};

describe('ooxml: a VML signature line', () => {
  it.each(['o', 'office'])(
    "loses the suggested signer's e-mail and keeps the name and title it draws (prefix %s)",
    async (prefix) => {
      const input = withBody(signatureLine(prefix));
      expect(unzipPart(input, 'word/document.xml')).toContain(EMAIL);
      const result = await cleanPlan(
        new Blob([input as Uint8Array<ArrayBuffer>]),
      );
      const output = await planBytes(input, result.plan);

      const doc = unzipPart(output, 'word/document.xml');
      expect(doc).not.toContain(EMAIL);
      expectNoLeaks(input, output, [EMAIL]);
      expect(doc).toContain(`suggestedsigner="${SIGNER}"`);
      expect(doc).toContain(`suggestedsigner2="${SIGNER_TITLE}"`);
      expect(
        result.removed.find((f) => f.field === 'author.contact')?.value,
      ).toBe(EMAIL);
      expect(
        result.kept
          .filter((f) => f.kept === 'review')
          .map((f) => f.value)
          .filter((v) => v?.startsWith('CANARY_S')),
      ).toEqual([SIGNER, SIGNER_TITLE]);
    },
  );
});
