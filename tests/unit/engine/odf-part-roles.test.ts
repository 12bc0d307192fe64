import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { cleanPlan } from '../../../workers/engine';
import { tempDir } from '../../helpers/image-tools';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import { ODF_NS } from '../../helpers/odf-fixtures';
import { CANARY } from '../../helpers/office-fixtures';
import { cleaned, hasTool } from '../../helpers/zip-tools';

const ODT = 'application/vnd.oasis.opendocument.text';
const CONTENT = `<?xml version="1.0" encoding="UTF-8"?><office:document-content ${ODF_NS} office:version="1.3"><office:body><office:text><text:p>Words that stay.</text:p></office:text></office:body></office:document-content>`;

const settings = (name: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><office:document-settings ${ODF_NS} office:version="1.3"><office:settings><config:config-item-set config:name="ooo:configuration-settings"><config:config-item config:name="${name}" config:type="string">CANARY_ROLE_PRINTER</config:config-item></config:config-item-set></office:settings></office:document-settings>`;
const META = `<?xml version="1.0" encoding="UTF-8"?><office:document-meta ${ODF_NS} office:version="1.3"><office:meta><meta:initial-creator>CANARY_ROLE_CREATOR</meta:initial-creator></office:meta></office:document-meta>`;

/** A styles part holding `inner`, where ODF puts neither metadata nor settings. */
const styles = (inner: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><office:document-styles ${ODF_NS} office:version="1.3">${inner}<office:styles/></office:document-styles>`;

/** A body part holding `inner` among its text, where ODF puts no metadata or settings. */
const body = (inner: string) =>
  CONTENT.replace(
    '<text:p>Words that stay.</text:p>',
    `<text:p>Words that stay.</text:p>${inner}`,
  );

/** A text document with `content.xml` and the given XML members, each listed as text/xml. */
function odt(members: Record<string, string>): Uint8Array {
  const parts: Record<string, string> = { 'content.xml': CONTENT, ...members };
  const entries = Object.keys(parts)
    .map(
      (n) =>
        `<manifest:file-entry manifest:full-path="${n}" manifest:media-type="text/xml"/>`,
    )
    .join('');
  const manifest = `<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3"><manifest:file-entry manifest:full-path="/" manifest:media-type="${ODT}"/>${entries}</manifest:manifest>`;
  const files = Object.fromEntries(
    Object.entries(parts).map(([n, text]) => [n, strToU8(text)]),
  );
  return zipSync({
    mimetype: [strToU8(ODT), { level: 0 }],
    ...files,
    'META-INF/manifest.xml': strToU8(manifest),
  });
}

/**
 * What an XML reader (Python's ElementTree, which decodes character references as LibreOffice's
 * parser does) finds in `member`: each config item's name=value, or the text of every element.
 */
function readByPython(zip: Uint8Array, member: string): string {
  const path = join(tempDir('odf-part-roles'), 'doc.odt');
  writeFileSync(path, zip);
  const script = [
    'import sys, zipfile, xml.etree.ElementTree as E',
    'z = zipfile.ZipFile(sys.argv[1])',
    'if sys.argv[2] not in z.namelist(): sys.exit(0)',
    'root = E.fromstring(z.read(sys.argv[2]))',
    'C = "{urn:oasis:names:tc:opendocument:xmlns:config:1.0}"',
    'for el in root.iter():',
    '    if el.tag == C + "config-item": print(el.get(C + "name") + "=" + (el.text or ""))',
    '    elif el.text and el.text.strip(): print(el.text.strip())',
  ].join('\n');
  return execFileSync('python3', ['-c', script, path, member], {
    encoding: 'utf8',
  });
}

const blob = (bytes: Uint8Array) =>
  new Blob([bytes as Uint8Array<ArrayBuffer>]);

describe('OpenDocument settings and metadata, whatever their names say', () => {
  it.each([
    [
      'a printer setting named with a character reference',
      'settings.xml',
      settings('Printer&#78;ame'),
      'PrinterName=CANARY_ROLE_PRINTER',
    ],
    [
      'settings in a part of another name',
      'extra-settings.xml',
      settings('PrinterName'),
      'PrinterName=CANARY_ROLE_PRINTER',
    ],
    [
      'metadata in a part of another name',
      'extra-meta.xml',
      META,
      'CANARY_ROLE_CREATOR',
    ],
    [
      'metadata inside another part',
      'styles.xml',
      styles(
        '<office:meta><meta:initial-creator>CANARY_ROLE_CREATOR</meta:initial-creator></office:meta>',
      ),
      'CANARY_ROLE_CREATOR',
    ],
    [
      'settings inside another part',
      'styles.xml',
      styles(
        '<office:settings><config:config-item-set config:name="ooo:configuration-settings"><config:config-item config:name="PrinterName" config:type="string">CANARY_ROLE_PRINTER</config:config-item></config:config-item-set></office:settings>',
      ),
      'PrinterName=CANARY_ROLE_PRINTER',
    ],
    [
      "a setting loose in the body's part, with no office:settings around it",
      'content.xml',
      body(
        '<config:config-item-set config:name="ooo:configuration-settings"><config:config-item config:name="PrinterName" config:type="string">CANARY_ROLE_PRINTER</config:config-item></config:config-item-set>',
      ),
      'PrinterName=CANARY_ROLE_PRINTER',
    ],
    [
      "a creator and a date in a drawing shape's markup",
      'content.xml',
      body(
        '<text:p><draw:rect draw:name="Box" text:anchor-type="paragraph" svg:width="2cm" svg:height="1cm"><dc:creator>CANARY_SHAPE_CREATOR</dc:creator><dc:date>2013-01-01T00:00:00</dc:date><text:p>Shape words</text:p></draw:rect></text:p>',
      ),
      'CANARY_SHAPE_CREATOR',
    ],
    [
      "a creator in a frame's text box",
      'content.xml',
      body(
        '<text:p><draw:frame draw:name="Frame" text:anchor-type="paragraph" svg:width="2cm" svg:height="1cm"><draw:text-box><text:p>Box words<dc:creator>CANARY_FRAME_CREATOR</dc:creator></text:p></draw:text-box></draw:frame></text:p>',
      ),
      'CANARY_FRAME_CREATOR',
    ],
  ])('%s: the value goes', async (_, member, xml, read) => {
    const input = odt({ [member]: xml });
    if (hasTool('python3')) expect(readByPython(input, member)).toContain(read);
    const { result, output } = await cleaned(input);
    expectNoLeaks(input, output, [CANARY]);
    expect(result.removed.length).toBeGreaterThan(0);
    expect((await cleanPlan(blob(output))).removed).toEqual([]);
    if (hasTool('python3'))
      expect(readByPython(output, member)).not.toContain('CANARY');
  });
});
