import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { cleanPlan } from '../../../workers/engine';
import { tempDir } from '../../helpers/image-tools';
import {
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

const S = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';

/** The package with members added, relationships appended to rels parts, and content types. */
function extended(
  zip: Uint8Array,
  members: Record<string, string>,
  rels: Record<string, string>,
  types: Record<string, string>,
): Uint8Array {
  const files = unzipSync(zip);
  const edit = (name: string, tail: string, close: string) => {
    const text = files[name] ? strFromU8(files[name]) : '';
    files[name] = strToU8(
      text
        ? text.replace(close, `${tail}${close}`)
        : `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${tail}</Relationships>`,
    );
  };
  for (const [name, tail] of Object.entries(rels))
    edit(name, tail, '</Relationships>');
  edit(
    '[Content_Types].xml',
    Object.entries(types)
      .map(
        ([part, type]) =>
          `<Override PartName="/${part}" ContentType="${type}"/>`,
      )
      .join(''),
    '</Types>',
  );
  for (const [name, text] of Object.entries(members))
    files[name] = strToU8(text);
  return zipSync(files);
}

const rel = (id: string, type: string, target: string) =>
  `<Relationship Id="${id}" Type="${type}" Target="${target}"/>`;

function historyPptx(): Uint8Array {
  return extended(
    syntheticPptx(),
    {
      'ppt/changesInfos/changesInfo1.xml':
        '<pc:chgInfo xmlns:pc="http://schemas.microsoft.com/office/powerpoint/2013/main/command"><pc:docChgLst><pc:chgData name="CANARY_CHANGES_NAME" userId="S::canary@example.org::CANARY_USER_ID" providerId="AD" clId="{CANARY-CLIENT}"/></pc:docChgLst></pc:chgInfo>',
      'ppt/revisionInfo.xml':
        '<p1510:revInfo xmlns:p1510="http://schemas.microsoft.com/office/powerpoint/2015/10/main"><p1510:revLst><p1510:client id="{CANARY-REVISION-CLIENT}" v="2711" dt="2021-01-01T00:00:00.000"/></p1510:revLst></p1510:revInfo>',
    },
    {
      'ppt/_rels/presentation.xml.rels':
        rel(
          'rId20',
          'http://schemas.microsoft.com/office/2016/11/relationships/changesInfo',
          'changesInfos/changesInfo1.xml',
        ) +
        rel(
          'rId21',
          'http://schemas.microsoft.com/office/2015/10/relationships/revisionInfo',
          'revisionInfo.xml',
        ),
    },
    {
      'ppt/changesInfos/changesInfo1.xml':
        'application/vnd.ms-powerpoint.changesinfo+xml',
      'ppt/revisionInfo.xml': 'application/vnd.ms-powerpoint.revisioninfo+xml',
    },
  );
}

/** A slide whose programmable tags (an add-in's hidden name/value pairs) name a user and a path. */
function taggedPptx(): Uint8Array {
  const files = unzipSync(
    extended(
      syntheticPptx(),
      {
        'ppt/tags/tag1.xml':
          '<p:tagLst xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"><p:tag name="ADDIN_USER" val="CANARY_TAG_USER"/><p:tag name="SOURCE" val="C:\\Users\\CANARY_TAG_PATH\\deck.pptx"/></p:tagLst>',
      },
      {
        'ppt/slides/_rels/slide1.xml.rels': rel(
          'rId40',
          'http://schemas.openxmlformats.org/officeDocument/2006/relationships/tags',
          '../tags/tag1.xml',
        ),
      },
      {
        'ppt/tags/tag1.xml':
          'application/vnd.openxmlformats-officedocument.presentationml.tags+xml',
      },
    ),
  );
  files['ppt/slides/slide1.xml'] = strToU8(
    strFromU8(files['ppt/slides/slide1.xml']!).replace(
      '</p:spTree>',
      '</p:spTree><p:custDataLst><p:tags r:id="rId40"/></p:custDataLst>',
    ),
  );
  return zipSync(files);
}

function historyXlsx(): Uint8Array {
  const R =
    'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  return extended(
    syntheticXlsx(),
    {
      'xl/revisions/revisionHeaders.xml': `<headers xmlns="${S}" xmlns:r="${R}" guid="{CANARY-HEADERS}"><header guid="{CANARY-HEADER}" dateTime="2021-01-01T00:00:00" maxSheetId="3" userName="CANARY_REVISION_USER" r:id="rId1"><sheetIdMap count="1"><sheetId val="1"/></sheetIdMap></header></headers>`,
      'xl/revisions/_rels/revisionHeaders.xml.rels': `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rel('rId1', `${R}/revisionLog`, 'revisionLog1.xml')}</Relationships>`,
      'xl/revisions/revisionLog1.xml': `<revisions xmlns="${S}"><rcc rId="1" sId="1"><nc r="A2" t="inlineStr"><is><t>CANARY_OLD_CELL_VALUE</t></is></nc></rcc></revisions>`,
      'xl/usernames.xml': `<users xmlns="${S}" count="1"><userInfo guid="{CANARY-USER-GUID}" name="CANARY_SHARED_USER" id="1" dateTime="2021-01-01T00:00:00"/></users>`,
    },
    {
      'xl/_rels/workbook.xml.rels':
        rel('rId20', `${R}/revisionHeaders`, 'revisions/revisionHeaders.xml') +
        rel('rId21', `${R}/usernames`, 'usernames.xml'),
    },
    {
      'xl/revisions/revisionHeaders.xml':
        'application/vnd.openxmlformats-officedocument.spreadsheetml.revisionHeaders+xml',
      'xl/revisions/revisionLog1.xml':
        'application/vnd.openxmlformats-officedocument.spreadsheetml.revisionLog+xml',
      'xl/usernames.xml':
        'application/vnd.openxmlformats-officedocument.spreadsheetml.userNames+xml',
    },
  );
}

function trashDocx(): Uint8Array {
  return extended(
    syntheticDocx(),
    { '[trash]/0000.dat': 'CANARY_TRASHED_PART' },
    {},
    {},
  );
}

const blob = (bytes: Uint8Array) =>
  new Blob([bytes as Uint8Array<ArrayBuffer>]);

describe('Office parts that keep history: co-authoring, revision logs, trash', () => {
  it.each([
    [
      'pptx',
      historyPptx,
      ['CANARY_CHANGES_NAME', 'CANARY_USER_ID', 'CANARY-REVISION-CLIENT'],
      ['changesInfo1.xml', 'revisionInfo.xml'],
    ],
    [
      'xlsx',
      historyXlsx,
      ['CANARY_REVISION_USER', 'CANARY_OLD_CELL_VALUE', 'CANARY_SHARED_USER'],
      ['revisionHeaders.xml', 'revisionLog1.xml', 'usernames.xml'],
    ],
    ['docx', trashDocx, ['CANARY_TRASHED_PART'], ['0000.dat']],
    [
      'pptx with tags',
      taggedPptx,
      ['CANARY_TAG_USER', 'CANARY_TAG_PATH'],
      ['tag1.xml'],
    ],
  ] as const)(
    '%s: the parts go, with their relationships and content types',
    async (_, make, canaries, labels) => {
      const input = make();
      for (const c of canaries) expect(deepFind(input, c), c).not.toEqual([]);
      const { result, output } = await cleaned(input);
      expectNoLeaks(input, output, [CANARY]);
      const files = unzipSync(output);
      const text = Object.entries(files)
        .filter(([n]) => n.endsWith('.rels') || n === '[Content_Types].xml')
        .map(([, b]) => strFromU8(b))
        .join('');
      expect(text).not.toMatch(
        /changesInfo1|revisionInfo\.xml|revisionHeaders|usernames|revisionLog|tag1/,
      );
      expect(
        strFromU8(files['ppt/slides/slide1.xml'] ?? new Uint8Array()),
      ).not.toContain('p:tags');
      expect(result.removed.map((f) => f.label)).toEqual(
        expect.arrayContaining([...labels]),
      );
      expect((await cleanPlan(blob(output))).removed).toEqual([]);
      if (hasTool('unzip')) unzipTest(output);
    },
  );

  it.skipIf(!hasTool('soffice'))(
    'opens the cleaned deck and workbook in LibreOffice',
    async () => {
      const dir = tempDir('ooxml-history');
      const out = tempDir('ooxml-history-out');
      writeFileSync(join(dir, 'history.xlsx'), historyXlsx());
      writeFileSync(
        join(dir, 'cleaned_history.xlsx'),
        (await cleaned(historyXlsx())).output,
      );
      writeFileSync(
        join(dir, 'cleaned_history.pptx'),
        (await cleaned(historyPptx())).output,
      );
      writeFileSync(
        join(dir, 'cleaned_tagged.pptx'),
        (await cleaned(taggedPptx())).output,
      );
      soffice(
        'csv',
        [join(dir, 'history.xlsx'), join(dir, 'cleaned_history.xlsx')],
        out,
      );
      soffice(
        'pdf',
        [join(dir, 'cleaned_history.pptx'), join(dir, 'cleaned_tagged.pptx')],
        out,
      );
      const csv = (n: string) =>
        normalizeText(readFileSync(join(out, n), 'utf8'));
      expect(csv('cleaned_history.csv')).toBe(csv('history.csv'));
      expect(existsSync(join(out, 'cleaned_history.pdf'))).toBe(true);
      expect(existsSync(join(out, 'cleaned_tagged.pdf'))).toBe(true);
    },
    240_000,
  );
});
