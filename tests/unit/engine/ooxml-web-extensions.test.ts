import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CleanPlanResult } from '../../../workers/engine';
import { tempDir } from '../../helpers/image-tools';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import {
  normalizeText,
  soffice,
  syntheticPptx,
} from '../../helpers/office-fixtures';
import { cleaned } from '../../helpers/zip-tools';

const PYTHON = '/usr/bin/python3';
const WE =
  'http://schemas.microsoft.com/office/webextensions/webextension/2010/11';
const WETP =
  'http://schemas.microsoft.com/office/webextensions/taskpanes/2010/11';
const BODY = 'The add-in reads this paragraph.';
const USER_CANARY = 'CANARY_ADDIN_USER';
const LIBRARY_CANARY = 'CANARY_ADDIN_LIBRARY';
/** The organisation's server and share, in an alternate reference to a shared folder catalog. */
const SHARE_CANARY = 'CANARY_ADDIN_SHARE';

/**
 * A document made by python-docx or openpyxl with an Office Add-in added by Python's zipfile as
 * Office writes one ([MS-OWEXML]): a task pane part reached from the package, its relationship to
 * the add-in part, which holds the add-in's reference, an alternate one to a catalog on a shared
 * folder, Office's own auto-show flag, and two settings the add-in saved for its user.
 */
const BUILD = String.raw`
import sys, zipfile
kind, base, out, body = sys.argv[1:5]
WE, WETP = sys.argv[5:7]
R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
if kind == "docx":
    import docx
    d = docx.Document(); d.add_paragraph(body); d.save(base); folder = "word"
else:
    import openpyxl
    wb = openpyxl.Workbook(); wb.active["A1"] = body; wb.save(base); folder = "xl"
taskpanes = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
  f'<wetp:taskpanes xmlns:wetp="{WETP}"><wetp:taskpane dockstate="right" visibility="1" width="350" row="4">'
  f'<wetp:webextensionref xmlns:r="{R}" r:id="rId1"/></wetp:taskpane></wetp:taskpanes>')
addin = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
  f'<we:webextension xmlns:we="{WE}" id="{{52811C31-4593-43B8-A697-EB873422D156}}">'
  '<we:reference id="wa104382081" version="1.55.1.0" store="en-US" storeType="OMEX"/>'
  '<we:alternateReferences><we:reference id="{0F1E2D3C-0000-4000-8000-00000000ABCD}" version="1.0.0.0" store="\\\\fileserver\\CANARY_ADDIN_SHARE\\catalog" storeType="FileSystem"/></we:alternateReferences>'
  '<we:properties><we:property name="Office.AutoShowTaskpaneWithDocument" value="true"/>'
  '<we:property name="user" value="&quot;CANARY_ADDIN_USER@example.org&quot;"/>'
  '<we:property name="library" value="{&quot;id&quot;:&quot;CANARY_ADDIN_LIBRARY&quot;}"/></we:properties>'
  '<we:bindings><we:binding id="cite1" type="text" appref="4"/></we:bindings><we:snapshot/></we:webextension>')
rels = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
  '<Relationship Id="rId1" Type="http://schemas.microsoft.com/office/2011/relationships/webextension" Target="webextension1.xml"/></Relationships>')
with zipfile.ZipFile(base) as z, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as w:
    for n in z.namelist():
        data = z.read(n)
        if n == "[Content_Types].xml":
            data = data.replace(b"</Types>", (
              f'<Override PartName="/{folder}/webextensions/taskpanes.xml" ContentType="application/vnd.ms-office.webextensiontaskpanes+xml"/>'
              f'<Override PartName="/{folder}/webextensions/webextension1.xml" ContentType="application/vnd.ms-office.webextension+xml"/></Types>').encode())
        if n == "_rels/.rels":
            data = data.replace(b"</Relationships>", (
              '<Relationship Id="rIdWe" Type="http://schemas.microsoft.com/office/2011/relationships/webextensiontaskpanes" '
              f'Target="{folder}/webextensions/taskpanes.xml"/></Relationships>').encode())
        w.writestr(n, data)
    w.writestr(f"{folder}/webextensions/taskpanes.xml", taskpanes)
    w.writestr(f"{folder}/webextensions/_rels/taskpanes.xml.rels", rels)
    w.writestr(f"{folder}/webextensions/webextension1.xml", addin)
`;

function withAddIn(kind: 'docx' | 'xlsx', dir: string): Uint8Array {
  const out = join(dir, `addin.${kind}`);
  execFileSync(PYTHON, [
    '-c',
    BUILD,
    kind,
    join(dir, `base.${kind}`),
    out,
    BODY,
    WE,
    WETP,
  ]);
  return new Uint8Array(readFileSync(out));
}

/** The add-in and task pane parts as `unzip -p` and Python's XML parser read them. */
function addInParts(dir: string, zip: Uint8Array, folder: string): string {
  const path = join(dir, 'read.zip');
  writeFileSync(path, zip);
  const script = [
    'import sys, xml.etree.ElementTree as ET',
    'for el in ET.fromstring(sys.stdin.buffer.read()).iter():',
    '    print(el.tag, dict(el.attrib))',
  ].join('\n');
  return ['webextension1.xml', 'taskpanes.xml']
    .map((part) =>
      execFileSync(PYTHON, ['-c', script], {
        input: execFileSync('unzip', [
          '-p',
          path,
          `${folder}/webextensions/${part}`,
        ]),
        encoding: 'utf8',
      }),
    )
    .join('');
}

describe.each([
  ['docx', 'word'],
  ['xlsx', 'xl'],
] as const)('%s: an Office Add-in', (kind, folder) => {
  let dir: string;
  let input: Uint8Array;
  let outcome: { result: CleanPlanResult; output: Uint8Array };
  beforeAll(async () => {
    dir = tempDir(`ooxml-addin-${kind}`);
    input = withAddIn(kind, dir);
    outcome = await cleaned(input);
  });

  it('had its reference, its task pane and the settings its user saved', () => {
    const parts = addInParts(dir, input, folder);
    expect(parts).toContain(`{${WE}}reference`);
    expect(parts).toContain(`{${WETP}}webextensionref`);
    expect(parts).toContain(USER_CANARY);
    expect(parts).toContain(LIBRARY_CANARY);
    // Python's repr doubles each backslash.
    expect(parts).toContain(
      `'store': '${String.raw`\\\\fileserver\\`}${SHARE_CANARY}${String.raw`\\catalog`}'`,
    );
  });

  it("keeps the add-in, its task pane and Office's auto-show flag, listed for review", () => {
    const parts = addInParts(dir, outcome.output, folder);
    expect(parts).toContain(
      `{${WE}}reference {'id': 'wa104382081', 'version': '1.55.1.0', 'store': 'en-US', 'storeType': 'OMEX'}`,
    );
    expect(parts).toContain(
      `{${WE}}property {'name': 'Office.AutoShowTaskpaneWithDocument', 'value': 'true'}`,
    );
    expect(parts).toContain(
      `{${WE}}binding {'id': 'cite1', 'type': 'text', 'appref': '4'}`,
    );
    expect(parts).toContain(
      `{${WETP}}taskpane {'dockstate': 'right', 'visibility': '1', 'width': '350', 'row': '4'}`,
    );
    expect(parts).toContain(`{${WETP}}webextensionref`);
    expect(outcome.result.kept).toContainEqual(
      expect.objectContaining({
        label: 'we:reference',
        value: 'wa104382081 1.55.1.0 (OMEX en-US)',
        kept: 'review',
      }),
    );
    const inAddIn = outcome.result.removed.filter((f) =>
      f.location.includes('/webextensions/'),
    );
    expect(inAddIn.map((f) => f.label).sort()).toEqual([
      'we:property library',
      'we:property user',
      'we:reference store',
    ]);
  });

  it('removes the settings the add-in saved, each reported with its value', () => {
    const { result, output } = outcome;
    expectNoLeaks(input, output, [USER_CANARY, LIBRARY_CANARY, SHARE_CANARY]);
    const parts = addInParts(dir, output, folder);
    for (const canary of [USER_CANARY, LIBRARY_CANARY, SHARE_CANARY])
      expect(parts).not.toContain(canary);
    expect(parts).toContain(`'store': 'catalog', 'storeType': 'FileSystem'`);
    const said = JSON.stringify(result.removed);
    expect(said).toContain('we:property user');
    expect(said).toContain(USER_CANARY);
    expect(said).toContain(LIBRARY_CANARY);
    expect(said).toContain(SHARE_CANARY);
  });
});

describe('docx: a document with an Office Add-in, as LibreOffice reads it', () => {
  it('keeps its text', async () => {
    const dir = tempDir('ooxml-addin-text');
    const { output } = await cleaned(withAddIn('docx', dir));
    writeFileSync(join(dir, 'cleaned.docx'), output);
    const [text] = soffice('txt:Text', [join(dir, 'cleaned.docx')], dir);
    expect(normalizeText(readFileSync(text!, 'utf8'))).toBe(BODY);
  });
});

/** A content add-in on a slide: a graphic frame whose data is the reference to its part. */
function slideWithAddIn(): Uint8Array {
  const files = unzipSync(syntheticPptx());
  const edit = (name: string, from: string, to: string) => {
    files[name] = strToU8(strFromU8(files[name]!).replace(from, to));
  };
  edit(
    'ppt/slides/slide1.xml',
    '</p:spTree>',
    `<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="4" name="Add-in 3"/><p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr><p:xfrm><a:off x="0" y="0"/><a:ext cx="100" cy="100"/></p:xfrm><a:graphic><a:graphicData uri="${WE}"><we:webextensionref xmlns:we="${WE}" r:id="rId9"/></a:graphicData></a:graphic></p:graphicFrame></p:spTree>`,
  );
  edit(
    'ppt/slides/_rels/slide1.xml.rels',
    '</Relationships>',
    '<Relationship Id="rId9" Type="http://schemas.microsoft.com/office/2011/relationships/webextension" Target="../webextensions/webextension1.xml"/></Relationships>',
  );
  edit(
    '[Content_Types].xml',
    '</Types>',
    '<Override PartName="/ppt/webextensions/webextension1.xml" ContentType="application/vnd.ms-office.webextension+xml"/></Types>',
  );
  files['ppt/webextensions/webextension1.xml'] = strToU8(
    `<we:webextension xmlns:we="${WE}" id="{7}"><we:reference id="wa200" version="2.0.0.0" store="en-US" storeType="OMEX"/><we:properties><we:property name="workspace" value="&quot;${USER_CANARY}&quot;"/></we:properties></we:webextension>`,
  );
  return zipSync(files);
}

describe('pptx: a content add-in on a slide', () => {
  it('keeps the frame that shows it and its reference; its settings go', async () => {
    const dir = tempDir('ooxml-addin-pptx');
    const input = slideWithAddIn();
    const path = join(dir, 'deck.pptx');
    const slide = (zip: Uint8Array) => {
      writeFileSync(path, zip);
      return execFileSync('unzip', ['-p', path, 'ppt/slides/slide1.xml'], {
        encoding: 'utf8',
      });
    };
    expect(slide(input)).toContain('<we:webextensionref');

    const { result, output } = await cleaned(input);

    expectNoLeaks(input, output, [USER_CANARY]);
    expect(slide(output)).toContain(
      `<a:graphicData uri="${WE}"><we:webextensionref xmlns:we="${WE}" r:id="rId9"/></a:graphicData>`,
    );
    expect(
      execFileSync(
        'unzip',
        ['-p', path, 'ppt/webextensions/webextension1.xml'],
        { encoding: 'utf8' },
      ),
    ).toContain('<we:reference id="wa200"');
    expect(result.kept).toContainEqual(
      expect.objectContaining({ label: 'we:reference', kept: 'review' }),
    );
    expect(JSON.stringify(result.removed)).toContain(USER_CANARY);
  });
});
