import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { errorCodeOf } from '../../helpers/clean-bytes';
import { tempDir } from '../../helpers/image-tools';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import { syntheticOdp } from '../../helpers/odf-fixtures';
import { CANARY, gpsJpeg, syntheticDocx } from '../../helpers/office-fixtures';
import { cleaned, hasTool } from '../../helpers/zip-tools';

/** The package with one member's text edited. */
function edited(
  zip: Uint8Array,
  member: string,
  edit: (xml: string) => string,
): Uint8Array {
  const files = unzipSync(zip);
  const before = strFromU8(files[member]!);
  const after = edit(before);
  expect(after).not.toBe(before);
  files[member] = strToU8(after);
  return zipSync(files);
}

/** The processing instructions Python's minidom reads in a member, as `target data` lines. */
function instructions(zip: Uint8Array, member: string): string {
  const path = join(tempDir('zip-prolog'), 'doc.zip');
  writeFileSync(path, zip);
  const script = [
    'import sys, zipfile, xml.dom.minidom as M',
    'doc = M.parseString(zipfile.ZipFile(sys.argv[1]).read(sys.argv[2]))',
    'def walk(n):',
    '    for c in n.childNodes:',
    '        if c.nodeType == c.PROCESSING_INSTRUCTION_NODE: print(c.target, c.data)',
    '        walk(c)',
    'walk(doc)',
  ].join('\n');
  return execFileSync('python3', ['-c', script, path, member], {
    encoding: 'utf8',
  });
}

const PI = '<?CANARY_PI_TARGET CANARY_PI_DATA?>';

describe('zip documents: processing instructions and declared entities', () => {
  it.each([
    [
      'a Word document',
      () =>
        edited(syntheticDocx(), 'word/document.xml', (x) =>
          x.replace('<w:body>', `<w:body>${PI}`),
        ),
      'word/document.xml',
    ],
    [
      'an OpenDocument presentation',
      () =>
        edited(
          syntheticOdp(gpsJpeg(tempDir('zip-prolog'))),
          'content.xml',
          (x) => x.replace('<office:body>', `<office:body>${PI}`),
        ),
      'content.xml',
    ],
  ])(
    '%s: a processing instruction goes, the declaration stays',
    async (_, make, member) => {
      const input = make();
      if (hasTool('python3'))
        expect(instructions(input, member)).toContain('CANARY_PI_DATA');
      const { output } = await cleaned(input);
      expectNoLeaks(input, output, [CANARY]);
      const text = strFromU8(unzipSync(output)[member]!);
      expect(text).not.toContain('CANARY_PI');
      if (/^<\?xml\s/.test(strFromU8(unzipSync(input)[member]!)))
        expect(text).toMatch(/^<\?xml\s/);
      if (hasTool('python3')) expect(instructions(output, member)).toBe('');
    },
  );

  it('a part declaring entities of its own (an internal DTD subset) is refused', async () => {
    const input = edited(syntheticDocx(), 'word/document.xml', (x) =>
      x.replace(
        '<w:document',
        '<!DOCTYPE w:document [<!ENTITY who "CANARY_DTD_ENTITY">]><w:document',
      ),
    );
    expect(await errorCodeOf(input)).toBe('unsupported');
  });
});
