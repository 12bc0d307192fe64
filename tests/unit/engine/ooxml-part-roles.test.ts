import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { cleanPlan } from '../../../workers/engine';
import { exiftoolTags } from '../../helpers/exiftool';
import { tempDir } from '../../helpers/image-tools';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import {
  CANARY,
  deepFind,
  soffice,
  syntheticDocx,
  syntheticXlsx,
} from '../../helpers/office-fixtures';
import { cleaned, hasTool } from '../../helpers/zip-tools';

const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const ODD_TYPE = 'http://example.org/relationships/anything';

/** The synthetic document with members replaced and its package parts' text edited. */
function edited(
  members: Record<string, string | null>,
  edits: Record<string, [RegExp, string][]>,
): Uint8Array {
  const files = unzipSync(syntheticDocx());
  for (const [name, list] of Object.entries(edits)) {
    let text = strFromU8(files[name]!);
    for (const [from, to] of list) {
      expect(text).toMatch(from);
      text = text.replace(from, to);
    }
    files[name] = strToU8(text);
  }
  for (const [name, text] of Object.entries(members))
    if (text === null) delete files[name];
    else files[name] = strToU8(text);
  return zipSync(files);
}

/** The relationship (its Type) that reaches `target`, and its Target. */
const relTo = (target: string) =>
  new RegExp(`Type="[^"]*" Target="${target.replace('.', '\\.')}"`);

const CORE = `<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>CANARY_ROLE_CREATOR</dc:creator></cp:coreProperties>`;
const CUSTOM = `<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/custom-properties" xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes"><property fmtid="{D5CDD505-2E9C-101B-9397-08002B2CF9AE}" pid="2" name="MSIP_Label_0_Owner"><vt:lpwstr>CANARY_LABEL_OWNER@example.org</vt:lpwstr></property></Properties>`;

/** The core properties reached by a relationship type nothing defines; typed as they are. */
const coreByContentType = () =>
  edited(
    { 'docProps/core.xml': CORE },
    {
      '_rels/.rels': [
        [
          relTo('docProps/core.xml'),
          `Type="${ODD_TYPE}" Target="docProps/core.xml"`,
        ],
      ],
    },
  );

/**
 * Custom properties (a sensitivity label's owner) under another name, typed only as XML by the
 * package's default, reached by an odd relationship.
 */
const customByRoot = () =>
  edited(
    { 'docProps/custom.xml': null, 'docProps/labels.xml': CUSTOM },
    {
      '_rels/.rels': [
        [
          relTo('docProps/custom.xml'),
          `Type="${ODD_TYPE}" Target="docProps/labels.xml"`,
        ],
      ],
      '[Content_Types].xml': [
        [/<Override PartName="\/docProps\/custom\.xml"[^>]*>/, ''],
      ],
    },
  );

/** The comments under another name, their relationship type spelled with a character reference. */
const commentsByEscapedType = () => {
  const comments = strFromU8(unzipSync(syntheticDocx())['word/comments.xml']!);
  return edited(
    { 'word/comments.xml': null, 'word/notes9.xml': comments },
    {
      'word/_rels/document.xml.rels': [
        [
          relTo('comments.xml'),
          `Type="${R}/c&#111;mments" Target="notes9.xml"`,
        ],
      ],
      '[Content_Types].xml': [[/\/word\/comments\.xml"/, '/word/notes9.xml"']],
    },
  );
};

/** A hyperlink to a file in a user's folder, its TargetMode spelled with a character reference. */
const linkWithEscapedMode = () =>
  edited(
    {},
    {
      'word/_rels/document.xml.rels': [
        [
          /<Relationship [^>]*Id="rId9"[^>]*\/>/,
          `<Relationship Id="rId9" Type="${R}/hyperlink" Target="file:///C:/Users/CANARY_LINK_USER/report.docx" TargetMode="&#69;xternal"/>`,
        ],
      ],
    },
  );

/**
 * A pivot cache under another name, reached by an odd relationship, typed as it is or only as
 * XML by the package's default.
 */
const pivotCache = (typed: boolean) => {
  const files = unzipSync(syntheticXlsx());
  const S = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  files['xl/pc/cache9.xml'] = strToU8(
    `<pivotCacheDefinition xmlns="${S}" refreshedBy="CANARY_PIVOT_USER" refreshedDate="44000.5" recordCount="0"><cacheSource type="worksheet"><worksheetSource ref="A1:A1" sheet="Sheet1"/></cacheSource><cacheFields count="0"/></pivotCacheDefinition>`,
  );
  const add = (name: string, close: string, text: string) => {
    files[name] = strToU8(
      strFromU8(files[name]!).replace(close, `${text}${close}`),
    );
  };
  add(
    'xl/_rels/workbook.xml.rels',
    '</Relationships>',
    `<Relationship Id="rIdX" Type="${ODD_TYPE}" Target="pc/cache9.xml"/>`,
  );
  if (typed)
    add(
      '[Content_Types].xml',
      '</Types>',
      '<Override PartName="/xl/pc/cache9.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.pivotCacheDefinition+xml"/>',
    );
  return zipSync(files);
};

const blob = (bytes: Uint8Array) =>
  new Blob([bytes as Uint8Array<ArrayBuffer>]);

describe('Office parts are what their content type and root say, whatever reaches them', () => {
  it.each([
    [
      'core properties by content type',
      coreByContentType,
      'CANARY_ROLE_CREATOR',
    ],
    ['custom properties by root element', customByRoot, 'CANARY_LABEL_OWNER'],
  ] as const)(
    '%s: exiftool reads the canary in the input, not in the copy',
    async (_, make, canary) => {
      const input = make();
      const { result, output } = await cleaned(input);
      expectNoLeaks(input, output, [CANARY]);
      expect(result.removed.length).toBeGreaterThan(0);
      expect((await cleanPlan(blob(output))).removed).toEqual([]);
      if (!hasTool('exiftool')) return;
      const dir = tempDir('ooxml-part-roles');
      const paths = ['in.docx', 'out.docx'].map((n) => join(dir, n));
      writeFileSync(paths[0]!, input);
      writeFileSync(paths[1]!, output);
      expect(JSON.stringify(exiftoolTags(paths[0]!))).toContain(canary);
      expect(JSON.stringify(exiftoolTags(paths[1]!))).not.toContain(canary);
    },
  );

  it('comments reached by an escaped relationship type go, as LibreOffice reads them', async () => {
    const input = commentsByEscapedType();
    expect(deepFind(input, 'CANARY_COMMENT_AUTHOR')).not.toEqual([]);
    const { result, output } = await cleaned(input);
    expectNoLeaks(input, output, [CANARY]);
    expect(result.removed.map((f) => f.field)).toContain(
      'document.comments-part',
    );
    expect(Object.keys(unzipSync(output))).not.toContain('word/notes9.xml');
    if (!hasTool('soffice')) return;
    const dir = tempDir('ooxml-part-roles');
    const files = ['in.docx', 'out.docx'].map((n) => join(dir, n));
    writeFileSync(files[0]!, input);
    writeFileSync(files[1]!, output);
    const [inOdt, outOdt] = soffice('odt', files, dir);
    const content = (odt: string) =>
      strFromU8(unzipSync(readFileSync(odt))['content.xml']!);
    expect(content(inOdt!)).toContain('CANARY_COMMENT_TEXT');
    expect(content(outOdt!)).not.toContain('CANARY_COMMENT');
  }, 200_000);

  it("a link's user folder goes when its TargetMode is escaped", async () => {
    const input = linkWithEscapedMode();
    expect(deepFind(input, 'CANARY_LINK_USER')).not.toEqual([]);
    const { output } = await cleaned(input);
    expectNoLeaks(input, output, [CANARY]);
    expect(
      strFromU8(unzipSync(output)['word/_rels/document.xml.rels']!),
    ).toContain('report.docx');
  });

  it.each([
    ['typed as a pivot cache', true],
    ['typed only as XML', false],
  ])(
    'a pivot cache reached by an odd relationship, %s, loses who refreshed it',
    async (_, typed) => {
      const input = pivotCache(typed);
      expect(deepFind(input, 'CANARY_PIVOT_USER')).not.toEqual([]);
      const { result, output } = await cleaned(input);
      expectNoLeaks(input, output, [CANARY]);
      expect(result.removed.map((f) => f.label)).toContain(
        'pivotCacheDefinition refreshedBy',
      );
      const cache = strFromU8(unzipSync(output)['xl/pc/cache9.xml']!);
      expect(cache).toContain('<cacheSource');
      expect(cache).not.toContain('refreshed');
    },
  );
});

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const SML = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const PML = 'http://schemas.openxmlformats.org/presentationml/2006/main';
const MSO = 'http://schemas.microsoft.com/office';

/**
 * Every root element of a part that goes whole (ROOTS_EMPTIED), written with a prefix of its own,
 * in a part of another name, typed only as XML and reached by an odd relationship: its root stays,
 * emptied, whichever rule it is.
 */
const ROOTS: readonly (readonly [string, string])[] = [
  [
    'core properties',
    `<c:coreProperties xmlns:c="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>CANARY_ROOT_CORE</dc:creator></c:coreProperties>`,
  ],
  [
    'a custom XML data store item',
    `<d:datastoreItem xmlns:d="http://schemas.openxmlformats.org/officeDocument/2006/customXml" d:itemID="{00000000-0000-0000-0000-000000000001}"><d:schemaRefs><d:schemaRef d:uri="urn:CANARY_ROOT_DATASTORE"/></d:schemaRefs></d:datastoreItem>`,
  ],
  [
    "Word's comments",
    `<x:comments xmlns:x="${W}"><x:comment x:id="1" x:author="CANARY_ROOT_WORD_COMMENTS"><x:p><x:r><x:t>CANARY_ROOT_WORD_COMMENTS</x:t></x:r></x:p></x:comment></x:comments>`,
  ],
  [
    "Word's extended comments",
    `<x:commentsEx xmlns:x="${MSO}/word/2012/wordml"><x:commentEx x:paraId="CANARY0" x:done="0"/></x:commentsEx>`,
  ],
  [
    "Word's comment ids",
    `<x:commentsIds xmlns:x="${MSO}/word/2016/wordml/cid"><x:commentId x:paraId="CANARY1" x:durableId="CANARY2"/></x:commentsIds>`,
  ],
  [
    "Word's extensible comments",
    `<x:commentsExtensible xmlns:x="${MSO}/word/2018/wordml/cex"><x:commentExtensible x:durableId="CANARY3" x:dateUtc="2021-03-04T05:06:07Z"/></x:commentsExtensible>`,
  ],
  [
    "Word's people",
    `<x:people xmlns:x="${MSO}/word/2012/wordml"><x:person x:author="CANARY_ROOT_PEOPLE"><x:presenceInfo x:providerId="AD" x:userId="CANARY_ROOT_PEOPLE_ID"/></x:person></x:people>`,
  ],
  [
    "Excel's comments",
    `<comments xmlns="${SML}"><authors><author>CANARY_ROOT_SHEET_AUTHOR</author></authors><commentList/></comments>`,
  ],
  [
    "a shared workbook's revision headers",
    `<headers xmlns="${SML}" guid="{00000000-0000-0000-0000-000000000002}"><header guid="{00000000-0000-0000-0000-000000000003}" dateTime="2021-03-04T05:06:07" maxSheetId="2" userName="CANARY_ROOT_REVISION_USER"/></headers>`,
  ],
  [
    "a shared workbook's revision log",
    `<revisions xmlns="${SML}"><rcc rId="1" sId="1"><oc r="A1"><is><t>CANARY_ROOT_OLD_VALUE</t></is></oc></rcc></revisions>`,
  ],
  [
    "a shared workbook's users",
    `<users xmlns="${SML}" count="1"><userInfo guid="{00000000-0000-0000-0000-000000000004}" name="CANARY_ROOT_SHARED_USER" id="1" dateTime="2021-03-04T05:06:07"/></users>`,
  ],
  [
    "PowerPoint's comments",
    `<x:cmLst xmlns:x="${PML}"><x:cm authorId="0" idx="1"><x:pos x="0" y="0"/><x:text>CANARY_ROOT_SLIDE_COMMENT</x:text></x:cm></x:cmLst>`,
  ],
  [
    "PowerPoint's comment authors",
    `<x:cmAuthorLst xmlns:x="${PML}"><x:cmAuthor id="0" name="CANARY_ROOT_SLIDE_AUTHOR" initials="C" lastIdx="1" clrIdx="0"/></x:cmAuthorLst>`,
  ],
  [
    "PowerPoint's tags",
    `<x:tagLst xmlns:x="${PML}"><x:tag name="PATH" val="CANARY_ROOT_TAG"/></x:tagLst>`,
  ],
];

describe('Office parts are what their root says: each root that goes is emptied', () => {
  it.each(ROOTS)('%s', async (_, xml) => {
    const input = edited(
      { 'docProps/extra9.xml': xml },
      {
        '_rels/.rels': [
          [
            /<\/Relationships>/,
            `<Relationship Id="rIdRoot" Type="${ODD_TYPE}" Target="docProps/extra9.xml"/></Relationships>`,
          ],
        ],
      },
    );
    expect(deepFind(input, 'CANARY')).not.toEqual([]);
    const { result, output } = await cleaned(input);
    expectNoLeaks(input, output, [CANARY]);
    const part = strFromU8(unzipSync(output)['docProps/extra9.xml']!);
    expect(part).toMatch(/^<\w+:?\w*[^>]*>(<\/[^>]+>)?$|^<[^>]+\/>$/);
    expect(result.removed.map((f) => f.location)).toContain(
      'docProps/extra9.xml',
    );
  });
});

/**
 * Every root of a settings part (settingsByRoot), in a part of another name typed only as XML and
 * reached by an odd relationship: the settings rules still take what they take there.
 */
const SETTINGS: readonly (readonly [string, string])[] = [
  [
    "Word's settings",
    `<x:settings xmlns:x="${W}"><x:docVars><x:docVar x:name="owner" x:val="CANARY_SET_WORD"/></x:docVars></x:settings>`,
  ],
  [
    "Word's web settings",
    `<x:webSettings xmlns:x="${W}"><x:docVars><x:docVar x:name="owner" x:val="CANARY_SET_WEB"/></x:docVars></x:webSettings>`,
  ],
  [
    "Excel's data connections",
    `<connections xmlns="${SML}"><connection id="1" name="c" type="1"><dbPr connection="Provider=SQLOLEDB.1;User ID=CANARY_SET_ACCOUNT;Initial Catalog=Sales" command="Orders"/></connection></connections>`,
  ],
  [
    "PowerPoint's presentation properties",
    `<x:presentationPr xmlns:x="${PML}" source="C:\\Users\\CANARY_SET_PRES\\deck.pptx"/>`,
  ],
  [
    "PowerPoint's view properties",
    `<x:viewPr xmlns:x="${PML}" source="C:\\Users\\CANARY_SET_VIEW\\deck.pptx"/>`,
  ],
];

describe('Office settings are what their root says', () => {
  it.each(SETTINGS)('%s', async (_, xml) => {
    const input = edited(
      { 'docProps/extra8.xml': xml },
      {
        '_rels/.rels': [
          [
            /<\/Relationships>/,
            `<Relationship Id="rIdSet" Type="${ODD_TYPE}" Target="docProps/extra8.xml"/></Relationships>`,
          ],
        ],
      },
    );
    expect(deepFind(input, 'CANARY')).not.toEqual([]);
    const { result, output } = await cleaned(input);
    expectNoLeaks(input, output, [CANARY]);
    expect(strFromU8(unzipSync(output)['docProps/extra8.xml']!)).not.toContain(
      'CANARY',
    );
    expect(result.removed.map((f) => f.location)).toContain(
      'docProps/extra8.xml',
    );
  });
});
