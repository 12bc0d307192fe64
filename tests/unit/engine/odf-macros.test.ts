import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../helpers/image-tools';
import { ODF_NS } from '../../helpers/odf-fixtures';
import { cleaned } from '../../helpers/zip-tools';

/**
 * A document's LibreOffice Basic macros (Basic/: the library container, the library's index, a
 * module's source) are part of what it does: they stay, listed for review, as an Office file's
 * macros do. They went as parts 'in a namespace OpenDocument does not use'.
 */
const ODT = 'application/vnd.oasis.opendocument.text';
const MODULE = `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE script:module PUBLIC "-//OpenOffice.org//DTD OfficeDocument 1.0//EN" "module.dtd">\n<script:module xmlns:script="http://openoffice.org/2000/script" script:name="Module1" script:language="StarBasic">Sub Main\n  MsgBox "Totals updated"\nEnd Sub\n</script:module>`;
const MEMBERS: Record<string, string> = {
  'content.xml': `<?xml version="1.0" encoding="UTF-8"?><office:document-content ${ODF_NS} office:version="1.3"><office:body><office:text><text:p>Words that stay.</text:p></office:text></office:body></office:document-content>`,
  'Basic/script-lc.xml':
    '<?xml version="1.0" encoding="UTF-8"?>\n<library:libraries xmlns:library="http://openoffice.org/2000/library" xmlns:xlink="http://www.w3.org/1999/xlink"><library:library library:name="Standard" library:link="false"/></library:libraries>',
  'Basic/Standard/script-lb.xml':
    '<?xml version="1.0" encoding="UTF-8"?>\n<library:library xmlns:library="http://openoffice.org/2000/library" library:name="Standard" library:readonly="false" library:passwordprotected="false"><library:element library:name="Module1"/></library:library>',
  'Basic/Standard/Module1.xml': MODULE,
};

function odtWithMacros(): Uint8Array {
  const entries = Object.keys(MEMBERS)
    .map(
      (n) =>
        `<manifest:file-entry manifest:full-path="${n}" manifest:media-type="text/xml"/>`,
    )
    .join('');
  const manifest = `<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3"><manifest:file-entry manifest:full-path="/" manifest:media-type="${ODT}"/>${entries}</manifest:manifest>`;
  return zipSync({
    mimetype: [strToU8(ODT), { level: 0 }],
    ...Object.fromEntries(
      Object.entries(MEMBERS).map(([n, t]) => [n, strToU8(t)]),
    ),
    'META-INF/manifest.xml': strToU8(manifest),
  });
}

const unzipPart = (zip: Uint8Array, part: string): string => {
  const path = join(tempDir('odf-macros'), 'doc.odt');
  writeFileSync(path, zip);
  return execFileSync('unzip', ['-p', path, part], { encoding: 'utf8' });
};

describe('OpenDocument Basic macros', () => {
  it('stay, listed for review, with the manifest still naming them', async () => {
    const input = odtWithMacros();
    expect(unzipPart(input, 'Basic/Standard/Module1.xml')).toBe(MODULE);
    const { result, output } = await cleaned(input);
    expect(unzipPart(output, 'Basic/Standard/Module1.xml')).toBe(MODULE);
    expect(unzipPart(output, 'Basic/script-lc.xml')).toContain(
      'library:name="Standard"',
    );
    expect(unzipPart(output, 'META-INF/manifest.xml')).toContain(
      'Basic/Standard/Module1.xml',
    );
    expect(result.kept).toContainEqual(
      expect.objectContaining({ label: 'macros', kept: 'review' }),
    );
    expect(
      result.removed.filter((f) => f.location.startsWith('Basic/')),
    ).toEqual([]);
  });
});
