import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { cleanPlan } from '../../../workers/engine';
import { planBytes } from '../../../workers/engine/output-plan';
import { tempDir } from '../../helpers/image-tools';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import { soffice, syntheticXlsx } from '../../helpers/office-fixtures';

/**
 * A VML drawing part (a sheet's header picture, drawn by `legacyDrawingHF`) is walked as XML:
 * a picture's title and linked source keep only the file name, an element in no namespace that
 * is no text box HTML goes, and the text box's HTML and the shapes stay.
 */
const TITLE_USER = 'CANARY_VML_TITLE_USER';
const HREF_USER = 'CANARY_VML_HREF_USER';
const STRAY = 'CANARY_VML_STRAY_ELEMENT';
const BOX_TEXT = 'Header box words';
const VML_PART = 'xl/drawings/vmlDrawing2.vml';
/** LibreOffice on a loaded machine: one conversion. */
const SOFFICE_TEST_MS = 300_000;

const VML = `<xml xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:x="urn:schemas-microsoft-com:office:excel"><o:shapelayout v:ext="edit"><o:idmap v:ext="edit" data="2"/></o:shapelayout><v:shape id="LH" o:spid="_x0000_s2049" type="#_x0000_t75" style="position:absolute;width:90pt;height:40pt"><v:imagedata o:relid="rId1" o:title="C:\\Users\\${TITLE_USER}\\Pictures\\logo" o:href="file:///C:/Users/${HREF_USER}/Pictures/logo.png"/><o:lock v:ext="edit" rotation="t"/></v:shape><v:shape id="box" type="#_x0000_t202"><v:textbox><div style="text-align:left"><font face="Tahoma">${BOX_TEXT}</font><br/></div></v:textbox><x:ClientData ObjectType="Rect"/></v:shape><stray>${STRAY}</stray></xml>`;

function withHeaderVml(vml = VML): Uint8Array {
  const files = unzipSync(syntheticXlsx());
  const text = (name: string) => strFromU8(files[name]!);
  files['[Content_Types].xml'] = strToU8(
    text('[Content_Types].xml').replace(
      '</Types>',
      `<Override PartName="/${VML_PART}" ContentType="application/vnd.openxmlformats-officedocument.vmlDrawing"/></Types>`,
    ),
  );
  files['xl/worksheets/_rels/sheet1.xml.rels'] = strToU8(
    text('xl/worksheets/_rels/sheet1.xml.rels').replace(
      '</Relationships>',
      '<Relationship Id="rIdHF" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/vmlDrawing" Target="../drawings/vmlDrawing2.vml"/></Relationships>',
    ),
  );
  files['xl/worksheets/sheet1.xml'] = strToU8(
    text('xl/worksheets/sheet1.xml').replace(
      '</worksheet>',
      '<legacyDrawingHF r:id="rIdHF"/></worksheet>',
    ),
  );
  files[VML_PART] = strToU8(vml);
  return zipSync(files);
}

describe('ooxml: a VML drawing part', () => {
  it(
    'loses picture paths and stray elements, and keeps its shapes and text box',
    async () => {
      const input = withHeaderVml();
      const result = await cleanPlan(
        new Blob([input as Uint8Array<ArrayBuffer>]),
      );
      const output = await planBytes(input, result.plan);
      expectNoLeaks(input, output, [TITLE_USER, HREF_USER, STRAY]);

      const vml = strFromU8(unzipSync(output)[VML_PART]!);
      expect(vml).toContain('o:title="logo"');
      expect(vml).toContain('o:href="logo.png"');
      expect(vml).toContain(`<font face="Tahoma">${BOX_TEXT}</font><br/>`);
      expect(vml).toContain('o:spid="_x0000_s2049"');
      expect(
        result.removed.some(
          (f) =>
            f.location === VML_PART && f.field === 'document.unknown-markup',
        ),
      ).toBe(true);

      const dir = tempDir('ooxml-vml');
      const xlsx = join(dir, 'clean.xlsx');
      writeFileSync(xlsx, output);
      const [csv] = soffice('csv', [xlsx], dir);
      expect(readFileSync(csv!, 'utf8')).toContain('Budget total');
    },
    SOFFICE_TEST_MS,
  );

  it("cuts a picture's alternative source (o:althref) to its file name, on a picture and on a fill", async () => {
    const vml = VML.replace(
      'o:href="file:///C:/Users/',
      'o:althref="D:\\Users\\CANARY_VML_ALTHREF_USER\\logo.wmf" o:href="file:///C:/Users/',
    ).replace(
      '<o:lock ',
      '<v:fill o:althref="\\\\fileserver\\CANARY_VML_FILL_SHARE\\texture.png" type="frame"/><o:lock ',
    );
    const input = withHeaderVml(vml);
    const result = await cleanPlan(
      new Blob([input as Uint8Array<ArrayBuffer>]),
    );
    const output = await planBytes(input, result.plan);
    expectNoLeaks(input, output, [
      'CANARY_VML_ALTHREF_USER',
      'CANARY_VML_FILL_SHARE',
    ]);
    const dir = tempDir('ooxml-vml-althref');
    const path = join(dir, 'clean.xlsx');
    writeFileSync(path, output);
    const cleanVml = execFileSync('unzip', ['-p', path, VML_PART], {
      encoding: 'utf8',
    });
    expect(cleanVml).toContain('o:althref="logo.wmf"');
    expect(cleanVml).toContain('o:althref="texture.png"');
  });
});

describe("ooxml: a sheet's note frames", () => {
  /** A note frame as Excel draws a comment, its object type quoted `quote`, its box holding words. */
  const notesVml = (quote: string) =>
    `<xml xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:x="urn:schemas-microsoft-com:office:excel"><v:shape id="_x0000_s1025" type="#_x0000_t202" style="position:absolute;visibility:hidden"><v:textbox><div style="text-align:left">CANARY_NOTE_FRAME_WORDS</div></v:textbox><x:ClientData ObjectType=${quote}Note${quote}><x:Row>0</x:Row><x:Column>0</x:Column></x:ClientData></v:shape></xml>`;

  it.each([
    ['double', '"'],
    ['single', "'"],
  ])(
    'go with the comments when the object type is in %s quotes',
    async (_, quote) => {
      const files = unzipSync(syntheticXlsx());
      files['xl/drawings/vmlDrawing1.vml'] = strToU8(notesVml(quote));
      const input = zipSync(files);
      const result = await cleanPlan(
        new Blob([input as Uint8Array<ArrayBuffer>]),
      );
      const output = await planBytes(input, result.plan);
      expectNoLeaks(input, output, ['CANARY_NOTE_FRAME_WORDS']);
      const path = join(tempDir('ooxml-vml-notes'), 'clean.xlsx');
      writeFileSync(path, output);
      const listed = execFileSync('unzip', ['-Z1', path], { encoding: 'utf8' });
      expect(listed).not.toContain('vmlDrawing1.vml');
      expect(result.removed).toContainEqual(
        expect.objectContaining({
          field: 'document.comments-part',
          location: 'xl/drawings/vmlDrawing1.vml',
        }),
      );
    },
  );

  it('go from a part that also draws a button, which stays with its words', async () => {
    const button =
      '<v:shape id="_x0000_s1026" type="#_x0000_t201" style="position:absolute;width:50pt;height:20pt"><v:textbox><div><font face="Calibri">Run the totals</font></div></v:textbox><x:ClientData ObjectType="Button"><x:Anchor>1,0,1,0,2,0,2,0</x:Anchor></x:ClientData></v:shape>';
    const files = unzipSync(syntheticXlsx());
    files['xl/drawings/vmlDrawing1.vml'] = strToU8(
      notesVml('"').replace('</xml>', `${button}</xml>`),
    );
    files['[Content_Types].xml'] = strToU8(
      strFromU8(files['[Content_Types].xml']!).replace(
        '</Types>',
        '<Override PartName="/xl/drawings/vmlDrawing1.vml" ContentType="application/vnd.openxmlformats-officedocument.vmlDrawing"/></Types>',
      ),
    );
    const input = zipSync(files);
    const result = await cleanPlan(
      new Blob([input as Uint8Array<ArrayBuffer>]),
    );
    const output = await planBytes(input, result.plan);
    expectNoLeaks(input, output, ['CANARY_NOTE_FRAME_WORDS']);
    const path = join(tempDir('ooxml-vml-mixed'), 'clean.xlsx');
    writeFileSync(path, output);
    const vml = execFileSync(
      'unzip',
      ['-p', path, 'xl/drawings/vmlDrawing1.vml'],
      {
        encoding: 'utf8',
      },
    );
    expect(vml).not.toContain('CANARY_NOTE_FRAME_WORDS');
    expect(vml).toContain(button);
    expect(result.removed).toContainEqual(
      expect.objectContaining({
        label: 'note frames',
        value: 'CANARY_NOTE_FRAME_WORDS',
      }),
    );
  });
});
