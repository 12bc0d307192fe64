import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanPlan } from '../../../workers/engine';
import { withoutFolders } from '../../../workers/engine/shared/xml';
import { tempDir } from '../../helpers/image-tools';
import {
  BODY_TEXT,
  CANARY,
  deepFind,
  normalizeText,
  soffice,
  syntheticDocx,
  syntheticPptx,
  syntheticXlsx,
} from '../../helpers/office-fixtures';
import { cleaned, hasTool, unzipTest } from '../../helpers/zip-tools';
import { expectNoLeaks } from '../../helpers/leak-oracle';

const REL =
  'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const S = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';

/** The package with some members replaced or added, in the same order otherwise. */
function withMembers(
  zip: Uint8Array,
  changes: Record<string, string>,
): Uint8Array {
  const files = unzipSync(zip);
  for (const [name, text] of Object.entries(changes))
    files[name] = strToU8(text);
  return zipSync(files);
}

const rels = (list: [string, string, string, boolean?][]) =>
  `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${list
    .map(
      ([id, type, target, external]) =>
        `<Relationship Id="${id}" Type="${REL}/${type}" Target="${target}"${external ? ' TargetMode="External"' : ''}/>`,
    )
    .join('')}</Relationships>`;

/** Word settings with document variables, a mail merge, a schema library and a save transform. */
function settingsDocx(): Uint8Array {
  const base = syntheticDocx();
  const types = strFromU8(unzipSync(base)['[Content_Types].xml']!).replace(
    '</Types>',
    '<Override PartName="/word/recipientData.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.mailMergeRecipientData+xml"/></Types>',
  );
  return withMembers(base, {
    '[Content_Types].xml': types,
    'word/settings.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:settings xmlns:w="${W}" xmlns:r="${REL}" xmlns:sl="http://schemas.openxmlformats.org/schemaLibrary/2006/main"><w:zoom w:percent="100"/><w:attachedTemplate r:id="rId1"/><w:mailMerge><w:mainDocumentType w:val="formLetters"/><w:linkToQuery/><w:dataType w:val="native"/><w:connectString w:val="Provider=Microsoft.ACE.OLEDB.12.0;User ID=Admin;Data Source=C:\\Users\\CANARY_MERGE_USER\\Desktop\\list.xlsx;Mode=Read"/><w:query w:val="SELECT * FROM \`C:\\Users\\CANARY_MERGE_QUERY\\list.xlsx\`.\`Sheet1$\`"/><w:dataSource r:id="rId3"/><w:odso><w:udl w:val="Provider=Microsoft.ACE.OLEDB.12.0;Data Source=C:\\Users\\CANARY_MERGE_UDL\\list.xlsx"/><w:table w:val="Sheet1$"/><w:src r:id="rId4"/><w:recipientData r:id="rId5"/></w:odso></w:mailMerge><w:defaultTabStop w:val="720"/><w:docVars><w:docVar w:name="Owner" w:val="CANARY_DOCVAR_OWNER"/><w:docVar w:name="Source" w:val="\\\\fileserver\\CANARY_DOCVAR_SHARE\\plan.docx"/></w:docVars><w:saveThroughXslt r:id="rId6" w:solutionID="plain"/><sl:schemaLibrary><sl:schema sl:uri="urn:plan" sl:manifestLocation="C:\\Users\\CANARY_SCHEMA_USER\\manifest.xml" sl:schemaLocation="file:///home/CANARY_SCHEMA_HOME/plan.xsd"/></sl:schemaLibrary></w:settings>`,
    'word/_rels/settings.xml.rels': rels([
      [
        'rId1',
        'attachedTemplate',
        'file:///C:\\Users\\CANARY_TEMPLATE_USER\\AppData\\Roaming\\Microsoft\\Templates\\Normal.dotm',
        true,
      ],
      [
        'rId3',
        'mailMergeSource',
        'file:///C:\\Users\\CANARY_MERGE_SOURCE\\list.xlsx',
        true,
      ],
      [
        'rId4',
        'mailMergeSource',
        'file:///D:\\CANARY_MERGE_ODSO\\list.xlsx',
        true,
      ],
      ['rId5', 'recipientData', 'recipientData.xml'],
      ['rId6', 'transform', 'file:///D:/Teams/CANARY_XSLT_TEAM/save.xsl', true],
    ]),
    'word/recipientData.xml': `<w:recipients xmlns:w="${W}"><w:recipientData><w:active w:val="1"/><w:uniqueTag>CANARY_RECIPIENT</w:uniqueTag></w:recipientData></w:recipients>`,
  });
}

function settingsXlsx(): Uint8Array {
  const base = syntheticXlsx();
  const workbook = strFromU8(unzipSync(base)['xl/workbook.xml']!)
    .replace(
      /(<fileVersion[^>]*\/>)/,
      '$1<fileSharing readOnlyRecommended="1" userName="CANARY_SHARING_USER"/><workbookPr codeName="ThisWorkbook"/>',
    )
    .replace(
      '</workbook>',
      '<webPublishObjects count="1"><webPublishObject id="1" divId="plan_1" sourceObject="Sheet1" destinationFile="C:\\Users\\CANARY_PUBLISH_USER\\Web\\plan.htm"/></webPublishObjects></workbook>',
    );
  const files = unzipSync(base);
  const types = strFromU8(files['[Content_Types].xml']!).replace(
    '</Types>',
    '<Override PartName="/xl/connections.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.connections+xml"/><Override PartName="/xl/pivotCache/pivotCacheDefinition1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.pivotCacheDefinition+xml"/><Override PartName="/docMetadata/LabelInfo.xml" ContentType="application/vnd.ms-office.classificationlabels+xml"/></Types>',
  );
  const workbookRels = strFromU8(files['xl/_rels/workbook.xml.rels']!).replace(
    '</Relationships>',
    `<Relationship Id="rId7" Type="${REL}/connections" Target="connections.xml"/><Relationship Id="rId8" Type="${REL}/pivotCacheDefinition" Target="pivotCache/pivotCacheDefinition1.xml"/></Relationships>`,
  );
  const rootRels = strFromU8(files['_rels/.rels']!).replace(
    '</Relationships>',
    '<Relationship Id="rId9" Type="http://schemas.microsoft.com/office/2020/02/relationships/classificationlabels" Target="docMetadata/LabelInfo.xml"/></Relationships>',
  );
  return withMembers(base, {
    '[Content_Types].xml': types,
    '_rels/.rels': rootRels,
    'xl/workbook.xml': workbook,
    'xl/_rels/workbook.xml.rels': workbookRels,
    'xl/connections.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><connections xmlns="${S}"><connection id="1" odcFile="C:\\Users\\CANARY_ODC_USER\\Documents\\My Data Sources\\budget.odc" name="budget" type="5" refreshedVersion="6"><dbPr connection="Provider=Microsoft.ACE.OLEDB.12.0;User ID=Admin;Data Source=C:\\Users\\CANARY_CONN_USER\\budget.accdb;Mode=Share Deny None" command="Totals" commandType="3"/></connection><connection id="3" name="sales" type="1" refreshedVersion="6"><dbPr connection="Provider=SQLOLEDB.1;Integrated Security=SSPI;User ID=CANARY_SQL_USER;Password=&quot;CANARY;SQL_PASSWORD&quot;;Initial Catalog=Sales;Data Source=db01;Workstation ID=CANARY-WORKSTATION;Packet Size=4096" command="Orders" commandType="3"/></connection><connection id="2" name="import" type="6" refreshedVersion="6"><textPr sourceFile="\\\\fileserver\\CANARY_TEXT_SHARE\\data.csv" codePage="65001"/></connection></connections>`,
    'xl/pivotCache/pivotCacheDefinition1.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><pivotCacheDefinition xmlns="${S}" refreshedBy="CANARY_PIVOT_USER" refreshedDate="44927.5" createdVersion="6" refreshedVersion="6" recordCount="0"><cacheSource type="worksheet"><worksheetSource ref="A1:A2" sheet="Sheet1"/></cacheSource><cacheFields count="1"><cacheField name="Budget total" numFmtId="0"><sharedItems/></cacheField></cacheFields></pivotCacheDefinition>`,
    'docMetadata/LabelInfo.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><clbl:labelList xmlns:clbl="http://schemas.microsoft.com/office/2020/mipLabelMetadata"><clbl:label id="{CANARY-LABEL}" enabled="1" method="Standard" siteId="{CANARY-TENANT}" removed="0"/></clbl:labelList>`,
  });
}

function settingsPptx(): Uint8Array {
  const base = syntheticPptx();
  const files = unzipSync(base);
  const types = strFromU8(files['[Content_Types].xml']!).replace(
    '</Types>',
    '<Override PartName="/ppt/presProps.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.presProps+xml"/></Types>',
  );
  const presRels = strFromU8(files['ppt/_rels/presentation.xml.rels']!).replace(
    '</Relationships>',
    `<Relationship Id="rId9" Type="${REL}/presProps" Target="presProps.xml"/></Relationships>`,
  );
  return withMembers(base, {
    '[Content_Types].xml': types,
    'ppt/_rels/presentation.xml.rels': presRels,
    'ppt/presProps.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><p:presentationPr xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" xmlns:r="${REL}"><p:htmlPubPr r:id="rId1"/><p:webPr encoding="utf-8"/></p:presentationPr>`,
    'ppt/_rels/presProps.xml.rels': rels([
      [
        'rId1',
        'htmlPubPriv',
        'file:///\\\\teamserver\\CANARY_PUBLISH_SHARE\\deck.htm',
        true,
      ],
    ]),
  });
}

const blob = (bytes: Uint8Array) =>
  new Blob([bytes as Uint8Array<ArrayBuffer>]);

describe('Office settings parts', () => {
  it('cuts the folders of local paths, keeping file names', () => {
    expect(
      withoutFolders(
        'Provider=X;Data Source=C:\\Users\\Jane Doe\\Desktop\\list.xlsx;Mode=Read',
      ),
    ).toBe('Provider=X;Data Source=list.xlsx;Mode=Read');
    expect(withoutFolders('file:///home/jane/plan.xsd')).toBe('plan.xsd');
    expect(withoutFolders('\\\\server\\share\\x.docx')).toBe('x.docx');
    expect(withoutFolders('https://example.org/home/x')).toBe(
      'https://example.org/home/x',
    );
  });

  it('removes Word document variables and the mail merge, and neutralises paths in settings', async () => {
    const input = settingsDocx();
    for (const c of [
      'CANARY_DOCVAR_OWNER',
      'CANARY_DOCVAR_SHARE',
      'CANARY_MERGE_USER',
      'CANARY_MERGE_QUERY',
      'CANARY_MERGE_UDL',
      'CANARY_MERGE_SOURCE',
      'CANARY_MERGE_ODSO',
      'CANARY_RECIPIENT',
      'CANARY_XSLT_TEAM',
      'CANARY_SCHEMA_USER',
      'CANARY_SCHEMA_HOME',
      'CANARY_TEMPLATE_USER',
    ])
      expect(deepFind(input, c), c).not.toEqual([]);
    const { result, output } = await cleaned(input);
    expectNoLeaks(input, output, [CANARY]);
    const files = unzipSync(output);
    const settings = strFromU8(files['word/settings.xml']!);
    expect(settings).not.toMatch(/<w:(docVars|mailMerge)\b/);
    expect(settings).toContain('sl:manifestLocation="manifest.xml"');
    expect(settings).toContain('sl:schemaLocation="plan.xsd"');
    expect(settings).toContain('<w:zoom w:percent="100"/>');
    expect(files).not.toHaveProperty(['word/recipientData.xml']);
    expect(strFromU8(files['word/_rels/settings.xml.rels']!)).toContain(
      'Target="save.xsl"',
    );
    const removed = result.removed.map((f) => `${f.label}: ${f.value ?? ''}`);
    expect(removed).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^document variables: Owner=CANARY_DOCVAR_OWNER; Source=/,
        ),
        expect.stringMatching(/^mail merge data source: .*CANARY_MERGE_USER/),
        expect.stringMatching(/^sl:schema sl:schemaLocation: .*CANARY/),
      ]),
    );
    const again = await cleanPlan(blob(output));
    expect(again.removed).toEqual([]);
    if (hasTool('unzip')) unzipTest(output);
  });

  it("removes Excel's file-sharing and pivot-refresh users, the label, and the folders of data sources", async () => {
    const input = settingsXlsx();
    for (const c of [
      'CANARY_SHARING_USER',
      'CANARY_PUBLISH_USER',
      'CANARY_ODC_USER',
      'CANARY_CONN_USER',
      'CANARY_TEXT_SHARE',
      'CANARY_PIVOT_USER',
      'CANARY-TENANT',
      'CANARY_SQL_USER',
      'SQL_PASSWORD',
      'CANARY-WORKSTATION',
    ])
      expect(deepFind(input, c), c).not.toEqual([]);
    const { result, output } = await cleaned(input);
    expectNoLeaks(input, output, [CANARY]);
    const workbook = strFromU8(unzipSync(output)['xl/workbook.xml']!);
    expect(workbook).toContain('<fileSharing readOnlyRecommended="1"/>');
    expect(workbook).toContain('codeName="ThisWorkbook"');
    expect(workbook).toContain('destinationFile="plan.htm"');
    expect(result.removed.map((f) => f.label)).toEqual(
      expect.arrayContaining([
        'fileSharing userName',
        'webPublishObject destinationFile',
        'connection odcFile',
        'dbPr connection',
        'textPr sourceFile',
        'pivotCacheDefinition refreshedBy',
        'pivotCacheDefinition refreshedDate',
        'LabelInfo.xml',
        'dbPr User ID',
        'dbPr Password',
        'dbPr Workstation ID',
      ]),
    );
    expect(
      result.removed.find((f) => f.label === 'dbPr Password')?.value,
    ).toBeUndefined();
    const connections = strFromU8(unzipSync(output)['xl/connections.xml']!);
    expect(connections).toContain('odcFile="budget.odc"');
    expect(connections).toContain('Data Source=budget.accdb;Mode=Share');
    expect(connections).toContain('sourceFile="data.csv"');
    // The account, its password and the computer go; what the connection needs stays.
    expect(connections).toContain(
      'connection="Provider=SQLOLEDB.1;Integrated Security=SSPI;Initial Catalog=Sales;Data Source=db01;Packet Size=4096"',
    );
  });

  it("cuts the folders of PowerPoint's publishing target", async () => {
    const input = settingsPptx();
    expect(deepFind(input, 'CANARY_PUBLISH_SHARE')).not.toEqual([]);
    const { output } = await cleaned(input);
    expectNoLeaks(input, output, [CANARY]);
    expect(
      strFromU8(unzipSync(output)['ppt/_rels/presProps.xml.rels']!),
    ).toContain('Target="deck.htm"');
  });

  describe.skipIf(!hasTool('soffice'))('with LibreOffice', () => {
    let dir: string;
    let out: string;
    beforeAll(async () => {
      dir = tempDir('ooxml-settings');
      out = tempDir('ooxml-settings-out');
      const inputs = {
        'settings.docx': settingsDocx(),
        'settings.xlsx': settingsXlsx(),
        'settings.pptx': settingsPptx(),
      };
      for (const [name, input] of Object.entries(inputs)) {
        writeFileSync(join(dir, name), input);
        writeFileSync(
          join(dir, `cleaned_${name}`),
          (await cleaned(input)).output,
        );
      }
      soffice(
        'txt:Text',
        ['settings.docx', 'cleaned_settings.docx'].map((n) => join(dir, n)),
        out,
      );
      soffice(
        'csv',
        ['settings.xlsx', 'cleaned_settings.xlsx'].map((n) => join(dir, n)),
        out,
      );
      soffice('pdf', [join(dir, 'cleaned_settings.pptx')], out);
    }, 240_000);

    it('opens every cleaned file, with the Word text unchanged', () => {
      const text = (n: string) =>
        normalizeText(readFileSync(join(out, n), 'utf8'));
      expect(text('cleaned_settings.txt')).toContain(BODY_TEXT[0]);
      expect(text('cleaned_settings.txt')).toBe(
        text('settings.txt').replace(/ ?CANARY_DELETED_TEXT/, ''),
      );
      expect(text('cleaned_settings.csv')).toBe(text('settings.csv'));
      expect(text('cleaned_settings.csv')).toContain('Budget total');
      expect(existsSync(join(out, 'cleaned_settings.pdf'))).toBe(true);
    });
  });
});
