import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../helpers/image-tools';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import { ODF_NS } from '../../helpers/odf-fixtures';
import { CANARY } from '../../helpers/office-fixtures';
import { cleaned, hasTool } from '../../helpers/zip-tools';

const ODT = 'application/vnd.oasis.opendocument.text';

/** A text document whose one link points at `href`, as LibreOffice writes a link to a file. */
function linkedOdt(href: string): Uint8Array {
  const content = `<?xml version="1.0" encoding="UTF-8"?><office:document-content ${ODF_NS} office:version="1.3"><office:body><office:text><text:p>See <text:a xlink:type="simple" xlink:href="${href}">the plan</text:a>.</text:p></office:text></office:body></office:document-content>`;
  const manifest = `<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3"><manifest:file-entry manifest:full-path="/" manifest:media-type="${ODT}"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>`;
  return zipSync({
    mimetype: [strToU8(ODT), { level: 0 }],
    'content.xml': strToU8(content),
    'META-INF/manifest.xml': strToU8(manifest),
  });
}

/** The links Python's ElementTree reads in content.xml. */
function links(zip: Uint8Array): string {
  const path = join(tempDir('odf-relative-links'), 'doc.odt');
  writeFileSync(path, zip);
  const script = [
    'import sys, zipfile, xml.etree.ElementTree as E',
    'root = E.fromstring(zipfile.ZipFile(sys.argv[1]).read("content.xml"))',
    'for el in root.iter():',
    '    href = el.get("{http://www.w3.org/1999/xlink}href")',
    '    if href: print(href)',
  ].join('\n');
  return execFileSync('python3', ['-c', script, path], { encoding: 'utf8' });
}

describe('OpenDocument: a link relative to the document that climbs into a user folder', () => {
  it.each([
    '../../../home/CANARY_LINUX_USER/Documents/plan.ods',
    '../../../C:/Users/CANARY_WINDOWS_USER/Documents/plan.ods',
    '..\\..\\Users\\CANARY_MAC_USER\\plan.ods',
    './../../home/CANARY_DOT_STEP_USER/plan.ods',
  ])('%s keeps only the file name', async (href) => {
    const input = linkedOdt(href);
    if (hasTool('python3')) expect(links(input)).toContain(href);
    const { result, output } = await cleaned(input);
    expectNoLeaks(input, output, [CANARY]);
    expect(result.removed.map((f) => f.value)).toContain(href);
    if (hasTool('python3')) expect(links(output).trim()).toBe('plan.ods');
  });

  it('a relative link that names no user folder stays as it is', async () => {
    const href = '../Projects/plan.ods';
    const { output } = await cleaned(linkedOdt(href));
    if (hasTool('python3')) expect(links(output).trim()).toBe(href);
  });
});
