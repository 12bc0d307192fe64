import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../helpers/image-tools';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import { ODF_NS } from '../../helpers/odf-fixtures';
import { cleaned } from '../../helpers/zip-tools';

/**
 * In-content RDFa statements (xhtml:about, property, content) on a paragraph and a text:meta go,
 * reported; the text and its xml:id stay.
 */
const ODT = 'application/vnd.oasis.opendocument.text';
const XHTML = 'xmlns:xhtml="http://www.w3.org/1999/xhtml"';
const CREATOR = 'CANARY_RDFA_CREATOR';
const ABOUT = 'http://example.com/CANARY_RDFA_ABOUT';
const BODY = `<text:p>Shown <text:meta xml:id="m1" xhtml:about="urn:x" xhtml:property="dc:creator" xhtml:content="${CREATOR}">words</text:meta></text:p><text:p xml:id="p2" xhtml:about="${ABOUT}" xhtml:property="dc:subject" xhtml:datatype="xsd:string">More words</text:p>`;

function odt(): Uint8Array {
  const content = `<?xml version="1.0" encoding="UTF-8"?><office:document-content ${ODF_NS} ${XHTML} office:version="1.3"><office:body><office:text>${BODY}</office:text></office:body></office:document-content>`;
  const manifest = `<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3"><manifest:file-entry manifest:full-path="/" manifest:media-type="${ODT}"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>`;
  return zipSync({
    mimetype: [strToU8(ODT), { level: 0 }],
    'content.xml': strToU8(content),
    'META-INF/manifest.xml': strToU8(manifest),
  });
}

/** Every attribute value and text of content.xml, as Python's XML parser reads them. */
function readByPython(zip: Uint8Array): string {
  const path = join(tempDir('odf-rdfa'), 'doc.odt');
  writeFileSync(path, zip);
  const script = [
    'import sys, zipfile, xml.etree.ElementTree as E',
    'root = E.fromstring(zipfile.ZipFile(sys.argv[1]).read("content.xml"))',
    'for el in root.iter(): print(" ".join(el.attrib.values()), el.text or "")',
  ].join('\n');
  return execFileSync('python3', ['-c', script, path], { encoding: 'utf8' });
}

describe('OpenDocument in-content metadata (RDFa)', () => {
  it('goes from the paragraph and the text:meta it is on, and the text stays', async () => {
    const input = odt();
    expect(readByPython(input)).toContain(CREATOR);
    const { result, output } = await cleaned(input);
    const read = readByPython(output);
    expect(read).not.toContain(CREATOR);
    expect(read).not.toContain(ABOUT);
    expect(read).toContain('More words');
    expect(read).toContain('m1 words');
    expectNoLeaks(input, output, [CREATOR, ABOUT]);
    expect(
      result.removed
        .filter((f) => f.label.startsWith('RDFa'))
        .map((f) => [f.field, f.label, f.value]),
    ).toEqual([
      ['author.person', 'RDFa dc:creator', CREATOR],
      ['other.data', 'RDFa dc:subject', ABOUT],
    ]);
  });
});
