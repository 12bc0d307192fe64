import { execFileSync } from 'node:child_process';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import { tempDir } from '../../helpers/image-tools';
import { gpsJpeg, syntheticDocx } from '../../helpers/office-fixtures';
import { syntheticOdp } from '../../helpers/odf-fixtures';
import { cleaned } from '../../helpers/zip-tools';

/**
 * A document part's processing instructions: the declaration and a style sheet on the web stay;
 * an application's instruction, a style sheet in the author's folders and a second `<?xml?>`
 * go and are reported, as in an SVG. Before, every one was copied unread.
 */
const APP = 'CANARY_PI_APPLICATION';
const STYLE = 'CANARY_PI_STYLE_USER';
const SECOND = 'CANARY_PI_SECOND_DECLARATION';
const ODF = 'CANARY_PI_ODF_EDITOR';
const WEB_STYLE = '<?xml-stylesheet href="https://example.org/a.xsl"?>';

/** A member as Python's zip reader gives it, and whether Python's XML parser reads it. */
function memberByPython(zip: Uint8Array, name: string): string {
  return execFileSync(
    'python3',
    [
      '-c',
      'import io, sys, zipfile, xml.etree.ElementTree as ET; data = zipfile.ZipFile(io.BytesIO(sys.stdin.buffer.read())).read(sys.argv[1]); ET.fromstring(data); sys.stdout.write(data.decode("utf-8"))',
      name,
    ],
    { input: zip, encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'] },
  );
}

function withInstructions(
  zip: Uint8Array,
  name: string,
  add: (xml: string) => string,
): Uint8Array {
  const files = unzipSync(zip);
  files[name] = strToU8(add(strFromU8(files[name]!)));
  return zipSync(files);
}

describe('processing instructions in a document part', () => {
  it("drop an application's, a local style sheet and a second declaration, and keep a web style sheet", async () => {
    const input = withInstructions(
      syntheticDocx(),
      'word/document.xml',
      (xml) =>
        xml
          .replace(
            /^(<\?xml[^>]*\?>)/,
            `$1<?mso-application progid="${APP}"?>${WEB_STYLE}<?xml-stylesheet href="file:///C:/Users/${STYLE}/a.xsl"?>`,
          )
          .replace('</w:body>', `<?xml version="1.0" ${SECOND}?></w:body>`),
    );
    expect(strFromU8(unzipSync(input)['word/document.xml']!)).toContain(APP);
    const { result, output } = await cleaned(input);
    expectNoLeaks(input, output, [APP, STYLE, SECOND]);
    const document = memberByPython(output, 'word/document.xml');
    expect(document).toMatch(/^<\?xml version="1.0"[^>]*\?>/);
    expect(document).toContain(WEB_STYLE);
    expect(result.removed).toContainEqual(
      expect.objectContaining({
        label: '<?mso-application?>',
        location: 'word/document.xml',
        value: `progid="${APP}"`,
      }),
    );
  });

  it('drop an editor instruction from an OpenDocument part', async () => {
    const input = withInstructions(
      syntheticOdp(gpsJpeg(tempDir('zip-instructions'))),
      'content.xml',
      (xml) =>
        xml.replace(
          '<office:body>',
          `<?CanaryEditor user="${ODF}"?><office:body>`,
        ),
    );
    const { output } = await cleaned(input);
    expectNoLeaks(input, output, [ODF]);
    expect(memberByPython(output, 'content.xml')).toContain('Speaker reminder');
  });
});
