// An editing restriction's password hash (Word's documentProtection, Excel's sheetProtection)
// stayed in the cleaned file with nothing in the report: the restriction is the author's choice
// and stays, but anyone with the file can try passwords against its hash, so it is now listed
// for review.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../helpers/image-tools';
import { syntheticDocx, syntheticXlsx } from '../../helpers/office-fixtures';
import { cleaned } from '../../helpers/zip-tools';

const HASH = 'CANARYPROTECTIONHASH==';

/** One attribute of the first element of that local name in a member, as ElementTree reads it. */
function attributeOf(
  zip: Uint8Array,
  member: string,
  element: string,
  name: string,
): string {
  const path = join(tempDir('ooxml-protection'), 'doc.zip');
  writeFileSync(path, zip);
  const script = [
    'import sys, zipfile, xml.etree.ElementTree as E',
    'root = E.fromstring(zipfile.ZipFile(sys.argv[1]).read(sys.argv[2]))',
    'for el in root.iter():',
    '    if el.tag.split("}")[-1] == sys.argv[3]:',
    '        print({k.split("}")[-1]: v for k, v in el.attrib.items()}.get(sys.argv[4], ""))',
    '        break',
  ].join('\n');
  return execFileSync('python3', ['-c', script, path, member, element, name], {
    encoding: 'utf8',
  }).trim();
}

function edited(
  zip: Uint8Array,
  member: string,
  edit: (xml: string) => string,
): Uint8Array {
  const files = unzipSync(zip);
  files[member] = strToU8(edit(strFromU8(files[member]!)));
  return zipSync(files);
}

describe('ooxml: an editing restriction with a password hash', () => {
  it.each([
    [
      'Word',
      () =>
        edited(syntheticDocx(), 'word/settings.xml', (xml) =>
          xml.replace(
            '</w:settings>',
            `<w:documentProtection w:edit="readOnly" w:enforcement="1" w:cryptProviderType="rsaAES" w:cryptAlgorithmClass="hash" w:cryptAlgorithmType="typeAny" w:cryptAlgorithmSid="14" w:cryptSpinCount="100000" w:hash="${HASH}" w:salt="c2FsdA=="/></w:settings>`,
          ),
        ),
      'word/settings.xml',
      'documentProtection',
      'hash',
    ],
    [
      'Excel',
      () =>
        edited(syntheticXlsx(), 'xl/worksheets/sheet1.xml', (xml) =>
          xml.replace(
            '<pageSetup',
            `<sheetProtection algorithmName="SHA-512" hashValue="${HASH}" saltValue="c2FsdA==" spinCount="100000" sheet="1"/><pageSetup`,
          ),
        ),
      'xl/worksheets/sheet1.xml',
      'sheetProtection',
      'hashValue',
    ],
  ])(
    '%s: the restriction stays and is listed for review',
    async (_, make, member, element, name) => {
      const input = make();
      expect(attributeOf(input, member, element, name)).toBe(HASH);
      const { result, output } = await cleaned(input);
      expect(attributeOf(output, member, element, name)).toBe(HASH);
      expect(result.kept).toContainEqual(
        expect.objectContaining({
          field: 'document.content',
          label: 'password hash of an editing restriction',
          location: member,
          kept: 'review',
        }),
      );
    },
  );
});
