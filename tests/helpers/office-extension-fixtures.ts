/**
 * Office packages written with the extension vocabularies Office 2016-2024 use, each element
 * carrying a marker the cleaned copy must keep, and people lists (PowerPoint's modern comment
 * authors, Excel's persons) planted where Office keeps them and in a part of another name, whose
 * names must go.
 */
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { syntheticDocx, syntheticPptx, syntheticXlsx } from './office-fixtures';

const OFFICE = 'http://schemas.microsoft.com/office/';
const MC = 'http://schemas.openxmlformats.org/markup-compatibility/2006';
const P188 = `${OFFICE}powerpoint/2018/8/main`;
const XLTC = `${OFFICE}spreadsheetml/2018/threadedcomments`;
/**
 * A relationship type no rule knows, and the generic XML content type, so a team part is judged
 * by its elements alone (a part typed as a person or author list goes whole by its type).
 */
const TEAM_REL = 'http://example.com/relationships/team';
const TEAM_TYPE = 'application/xml';

/** An extension vocabulary: its usual prefix and its namespace. */
export type Vocabulary = readonly [prefix: string, uri: string];

export const PPTX_VOCABULARIES: readonly Vocabulary[] = [
  ['p159', `${OFFICE}powerpoint/2015/09/main`],
  ['p1510', `${OFFICE}powerpoint/2015/10/main`],
  ['p16', `${OFFICE}powerpoint/2015/main`],
  ['p223', `${OFFICE}powerpoint/2022/03/main`],
  ['p232', `${OFFICE}powerpoint/2023/02/main`],
];
export const XLSX_VOCABULARIES: readonly Vocabulary[] = [
  ['x16r2', `${OFFICE}spreadsheetml/2015/02/main`],
  ['x16r3', `${OFFICE}spreadsheetml/2018/08/main`],
  ['xr9', `${OFFICE}spreadsheetml/2016/revision9`],
  ['xr16', `${OFFICE}spreadsheetml/2017/revision16`],
  ['xda', `${OFFICE}spreadsheetml/2017/dynamicarray`],
  ['xcalcf', `${OFFICE}spreadsheetml/2018/calcfeatures`],
  ['xlrd', `${OFFICE}spreadsheetml/2017/richdata`],
  ['xlrd2', `${OFFICE}spreadsheetml/2017/richdata2`],
  ['xlrvrel', `${OFFICE}spreadsheetml/2022/richvaluerel`],
  ['xfpb', `${OFFICE}spreadsheetml/2022/featurepropertybag`],
  ['xpdl', `${OFFICE}spreadsheetml/2016/pivotdefaultlayout`],
  ['xltc2', `${OFFICE}spreadsheetml/2020/threadedcomments2`],
];
export const DOCX_VOCABULARIES: readonly Vocabulary[] = [
  ['oel', `${OFFICE}2019/extlst`],
  ...[
    '2015/9/8',
    '2015/10/21',
    '2016/5/9',
    '2016/5/10',
    '2016/5/11',
    '2016/5/12',
    '2016/5/13',
    '2016/5/14',
  ].map((date, i): Vocabulary => [
    `cx${i + 1}`,
    `${OFFICE}drawing/${date}/chartex`,
  ]),
];

/** The marker an element of the vocabulary carries. */
export const kept = (prefix: string): string => `KEPT_${prefix.toUpperCase()}`;

/** One element of each vocabulary, declared where it stands. */
const probes = (vocabularies: readonly Vocabulary[], wrap = (x: string) => x) =>
  vocabularies
    .map(([prefix, uri]) =>
      wrap(`<${prefix}:item xmlns:${prefix}="${uri}" val="${kept(prefix)}"/>`),
    )
    .join('');

/** Names planted in people lists. */
export const MODERN_AUTHOR = 'Mariana Souza';
export const MODERN_AUTHOR_ID = 'mariana.souza@example.com';
export const TEAM_AUTHOR = 'Joana Pereira';
export const XL_PERSON = 'Rafael Lima';
export const XL_PERSON_ID = 'rafael.lima@example.com';

type Files = Record<string, Uint8Array>;

function edit(
  files: Files,
  name: string,
  change: (xml: string) => string,
): void {
  files[name] = strToU8(change(strFromU8(files[name]!)));
}

/** Adds relationships to a part's .rels and overrides to the content types. */
function link(
  files: Files,
  rels: string,
  relationships: [id: string, type: string, target: string][],
  overrides: [part: string, type: string][],
): void {
  edit(files, rels, (xml) =>
    xml.replace(
      '</Relationships>',
      relationships
        .map(
          ([id, type, target]) =>
            `<Relationship Id="${id}" Type="${type}" Target="${target}"/>`,
        )
        .join('') + '</Relationships>',
    ),
  );
  edit(files, '[Content_Types].xml', (xml) =>
    xml.replace(
      '</Types>',
      overrides
        .map(([p, t]) => `<Override PartName="/${p}" ContentType="${t}"/>`)
        .join('') + '</Types>',
    ),
  );
}

const authorList = (name: string, id: string) =>
  `<p188:authorLst xmlns:p188="${P188}"><p188:author id="{4F1A3B6C-0000-4000-8000-000000000001}" name="${name}" initials="MS" userId="${id}" providerId="AD"/></p188:authorLst>`;

/**
 * A deck with a morph transition, PowerPoint's 2015-2023 slide extensions, a modern comment with
 * its author list (where Office keeps them) and a second author list in a part of another name.
 */
export function extendedPptx(): Uint8Array {
  const files = unzipSync(syntheticPptx()) as Files;
  const transition =
    `<mc:AlternateContent xmlns:mc="${MC}"><mc:Choice xmlns:p159="${PPTX_VOCABULARIES[0]![1]}" Requires="p159">` +
    `<p:transition spd="slow"><p159:morph option="byObject"/></p:transition></mc:Choice>` +
    `<mc:Fallback><p:transition spd="slow"><p:fade/></p:transition></mc:Fallback></mc:AlternateContent>`;
  edit(files, 'ppt/slides/slide1.xml', (xml) =>
    xml
      .replace('</p:cSld>', `</p:cSld>${transition}`)
      .replace(
        '</p:extLst>',
        probes(
          PPTX_VOCABULARIES,
          (x) =>
            `<p:ext uri="{00000000-0000-0000-0000-00000000000A}">${x}</p:ext>`,
        ) +
          `<p:ext uri="{6950BFC3-D8DA-4A85-94F7-54DA5524770B}"><p188:commentRel xmlns:p188="${P188}" r:id="rId9"/></p:ext></p:extLst>`,
      ),
  );
  files['ppt/comments/modernComment_100_1.xml'] = strToU8(
    `<p188:cmLst xmlns:p188="${P188}" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><p188:cm id="{4F1A3B6C-0000-4000-8000-000000000002}" authorId="{4F1A3B6C-0000-4000-8000-000000000001}" created="2024-05-06T07:08:09.000"><p188:txBody><a:bodyPr/><a:p><a:r><a:t>CANARY_MODERN_COMMENT</a:t></a:r></a:p></p188:txBody></p188:cm></p188:cmLst>`,
  );
  files['ppt/authors.xml'] = strToU8(
    authorList(MODERN_AUTHOR, MODERN_AUTHOR_ID),
  );
  files['ppt/team.xml'] = strToU8(authorList(TEAM_AUTHOR, 'joana@example.com'));
  link(
    files,
    'ppt/slides/_rels/slide1.xml.rels',
    [
      [
        'rId9',
        'http://schemas.microsoft.com/office/2018/10/relationships/comments',
        '../comments/modernComment_100_1.xml',
      ],
    ],
    [
      [
        'ppt/comments/modernComment_100_1.xml',
        'application/vnd.ms-powerpoint.comments+xml',
      ],
      ['ppt/authors.xml', 'application/vnd.ms-powerpoint.authors+xml'],
      ['ppt/team.xml', TEAM_TYPE],
    ],
  );
  link(
    files,
    'ppt/_rels/presentation.xml.rels',
    [
      [
        'rId8',
        'http://schemas.microsoft.com/office/2018/10/relationships/authors',
        'authors.xml',
      ],
      ['rId7', TEAM_REL, 'team.xml'],
    ],
    [],
  );
  return zipSync(files);
}

/** A workbook with Excel's 2015-2022 vocabularies in a sheet and a person list in a team part. */
export function extendedXlsx(): Uint8Array {
  const files = unzipSync(syntheticXlsx()) as Files;
  edit(files, 'xl/worksheets/sheet1.xml', (xml) =>
    xml.replace(
      '</worksheet>',
      `<extLst>${probes(XLSX_VOCABULARIES, (x) => `<ext uri="{00000000-0000-0000-0000-00000000000B}">${x}</ext>`)}</extLst></worksheet>`,
    ),
  );
  files['xl/team.xml'] = strToU8(
    `<personList xmlns="${XLTC}"><person displayName="${XL_PERSON}" id="{4F1A3B6C-0000-4000-8000-000000000003}" userId="${XL_PERSON_ID}" providerId="AD"/></personList>`,
  );
  link(
    files,
    'xl/_rels/workbook.xml.rels',
    [['rId9', TEAM_REL, 'team.xml']],
    [['xl/team.xml', TEAM_TYPE]],
  );
  return zipSync(files);
}

/** A Word document with Office's extension lists and the chartex revisions in its body. */
export function extendedDocx(): Uint8Array {
  const files = unzipSync(syntheticDocx()) as Files;
  edit(files, 'word/document.xml', (xml) =>
    xml.replace('<w:body>', `<w:body><w:p>${probes(DOCX_VOCABULARIES)}</w:p>`),
  );
  return zipSync(files);
}
