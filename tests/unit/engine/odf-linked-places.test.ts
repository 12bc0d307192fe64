// An OpenDocument file's DDE link and database fields name the file they read from: a DDE
// link's source document (office:dde-topic) and an address database (text:database-name) on the
// author's disk kept their folders with exit 0, where a link's xlink:href and a Word field's
// path already kept only the file name.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../helpers/image-tools';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import { ODF_NS } from '../../helpers/odf-fixtures';
import { cleaned } from '../../helpers/zip-tools';

const ODT = 'application/vnd.oasis.opendocument.text';
const DDE_TOPIC = 'C:\\Users\\CANARY_DDE_USER\\Documents\\budget.ods';
const DATABASE = 'file:///home/CANARY_DATABASE_USER/Addresses.odb';
const FORM_SOURCE = '/home/CANARY_FORM_USER/Forms.odb';

function linkedOdt(): Uint8Array {
  const content = `<?xml version="1.0" encoding="UTF-8"?><office:document-content ${ODF_NS} office:version="1.3"><office:body><office:text><text:dde-connection-decls><text:dde-connection-decl office:name="Budget" office:dde-application="soffice" office:dde-topic="${DDE_TOPIC}" office:dde-item="Sheet1.A1"/></text:dde-connection-decls><text:p>Dear <text:database-display text:database-name="${DATABASE}" text:table-name="People" text:table-type="table" text:column-name="Name">reader</text:database-display>, the total is <text:dde-connection text:connection-name="Budget">12</text:dde-connection>.</text:p></office:text></office:body></office:document-content>`;
  const manifest = `<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3"><manifest:file-entry manifest:full-path="/" manifest:media-type="${ODT}"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>`;
  return zipSync({
    mimetype: [strToU8(ODT), { level: 0 }],
    'content.xml': strToU8(
      content.replace(
        '</office:text>',
        `<form:form xmlns:form="urn:oasis:names:tc:opendocument:xmlns:form:1.0" form:name="F" form:datasource="${FORM_SOURCE}"/></office:text>`,
      ),
    ),
    'META-INF/manifest.xml': strToU8(manifest),
  });
}

/** The named attributes in content.xml as Python's ElementTree reads them, one a line. */
function placesOf(zip: Uint8Array): string {
  const path = join(tempDir('odf-linked-places'), 'doc.odt');
  writeFileSync(path, zip);
  const script = [
    'import sys, zipfile, xml.etree.ElementTree as E',
    'root = E.fromstring(zipfile.ZipFile(sys.argv[1]).read("content.xml"))',
    'for el in root.iter():',
    '    for k, v in el.attrib.items():',
    '        if k.split("}")[-1] in ("dde-topic", "database-name", "datasource"): print(v)',
  ].join('\n');
  return execFileSync('python3', ['-c', script, path], { encoding: 'utf8' });
}

describe('OpenDocument: a DDE link and database fields that read from a file on the author disk', () => {
  it('keep only the file name, each reported, and the fields keep their shown text', async () => {
    const input = linkedOdt();
    const canaries = [
      'CANARY_DDE_USER',
      'CANARY_DATABASE_USER',
      'CANARY_FORM_USER',
    ];
    for (const c of canaries) expect(placesOf(input)).toContain(c);
    const { result, output } = await cleaned(input);
    expectNoLeaks(input, output, canaries);
    expect(placesOf(output).trim().split('\n')).toEqual([
      'budget.ods',
      'Addresses.odb',
      'Forms.odb',
    ]);
    const text = strFromU8(unzipSync(output)['content.xml']!);
    expect(text).toContain('>reader</text:database-display>');
    expect(text).toContain('>12</text:dde-connection>');
    const values = result.removed.map((f) => f.value);
    for (const path of [DDE_TOPIC, DATABASE, FORM_SOURCE])
      expect(values).toContain(path);
  });
});
