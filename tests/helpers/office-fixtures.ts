/**
 * Office documents with a canary planted in every part that can identify someone. Synthetic
 * packages are written here part by part (fast, every part under control); real ones come from
 * LibreOffice (`soffice --headless --convert-to`) so what Office suites write is covered too.
 * Every planted text contains CANARY; text that must survive cleaning never does.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import { drawImage } from './image-fixtures';
import { canaryTagArgs } from './image-fixtures';
import { exiftoolWrite } from './image-tools';

export const CANARY = 'CANARY';

const REL =
  'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

function rels(
  list: [id: string, type: string, target: string, external?: boolean][],
): string {
  return `${XML_HEAD}<Relationships xmlns="${PKG_REL}">${list
    .map(
      ([id, type, target, external]) =>
        `<Relationship Id="${id}" Type="${type.startsWith('http') ? type : `${REL}/${type}`}" Target="${target}"${external ? ' TargetMode="External"' : ''}/>`,
    )
    .join('')}</Relationships>`;
}

function contentTypes(overrides: [part: string, type: string][]): string {
  return `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="jpg" ContentType="image/jpeg"/><Default Extension="jpeg" ContentType="image/jpeg"/><Default Extension="bin" ContentType="application/vnd.openxmlformats-officedocument.printerSettings"/><Default Extension="docx" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document"/>${overrides
    .map(([p, t]) => `<Override PartName="/${p}" ContentType="${t}"/>`)
    .join('')}</Types>`;
}

const CORE = `${XML_HEAD}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dc:creator>CANARY_CORE_CREATOR</dc:creator><cp:lastModifiedBy>CANARY_LAST_MODIFIED_BY</cp:lastModifiedBy><cp:revision>7</cp:revision><dcterms:created xsi:type="dcterms:W3CDTF">2020-02-02T02:02:02Z</dcterms:created><dc:title>CANARY_TITLE</dc:title></cp:coreProperties>`;
const APP = `${XML_HEAD}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"><Template>CANARY_TEMPLATE.dotm</Template><Company>CANARY_COMPANY</Company><Manager>CANARY_MANAGER</Manager><TotalTime>42</TotalTime><Application>Microsoft Office Word</Application></Properties>`;
const CUSTOM = `${XML_HEAD}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/custom-properties" xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes"><property fmtid="{D5CDD505-2E9C-101B-9397-08002B2CF9AE}" pid="2" name="Owner"><vt:lpwstr>CANARY_CUSTOM_PROPERTY</vt:lpwstr></property></Properties>`;

/** Package-level parts every synthetic Office file gets: properties, custom XML, a thumbnail. */
function packageParts(main: string): Zippable {
  return {
    '_rels/.rels': strToU8(
      rels([
        ['rId1', 'officeDocument', main],
        ['rId2', `${PKG_REL}/metadata/core-properties`, 'docProps/core.xml'],
        ['rId3', 'extended-properties', 'docProps/app.xml'],
        ['rId4', 'custom-properties', 'docProps/custom.xml'],
        ['rId5', `${PKG_REL}/metadata/thumbnail`, 'docProps/thumbnail.jpeg'],
      ]),
    ),
    'docProps/core.xml': strToU8(CORE),
    'docProps/app.xml': strToU8(APP),
    'docProps/custom.xml': strToU8(CUSTOM),
    'docProps/thumbnail.jpeg': strToU8('CANARY_THUMBNAIL'),
    'customXml/item1.xml': strToU8('<root>CANARY_CUSTOM_XML</root>'),
    'customXml/itemProps1.xml': strToU8(
      `${XML_HEAD}<ds:datastoreItem ds:itemID="{CANARY-ITEM}" xmlns:ds="http://schemas.openxmlformats.org/officeDocument/2006/customXml"/>`,
    ),
    'customXml/_rels/item1.xml.rels': strToU8(
      rels([['rId1', 'customXmlProps', 'itemProps1.xml']]),
    ),
  };
}

function finish(files: Zippable, overrides: [string, string][]): Uint8Array {
  return zipSync(
    { '[Content_Types].xml': strToU8(contentTypes(overrides)), ...files },
    { mtime: new Date('2022-03-04T05:06:07Z') },
  );
}

const COMMON_OVERRIDES: [string, string][] = [
  [
    'docProps/core.xml',
    'application/vnd.openxmlformats-package.core-properties+xml',
  ],
  [
    'docProps/app.xml',
    'application/vnd.openxmlformats-officedocument.extended-properties+xml',
  ],
  [
    'docProps/custom.xml',
    'application/vnd.openxmlformats-officedocument.custom-properties+xml',
  ],
  [
    'customXml/itemProps1.xml',
    'application/vnd.openxmlformats-officedocument.customXmlProperties+xml',
  ],
];

/** A small GPS-tagged JPEG written by exiftool (canaries in EXIF, GPS, XMP and IPTC). */
export function gpsJpeg(
  dir: string,
  name = 'gps.jpg',
  picture: Parameters<typeof drawImage>[1] = {},
): Uint8Array {
  const path = drawImage(join(dir, name), picture);
  exiftoolWrite(path, canaryTagArgs());
  return new Uint8Array(readFileSync(path));
}

export const BODY_TEXT = [
  'Quarterly plan for the garden project.',
  'The fence goes on the north side.',
];
export const INSERTED_TEXT = 'Inserted words stay.';
export const DELETED_TEXT = 'CANARY_DELETED_TEXT';
export const HIDDEN_TEXT = 'Hidden words are kept.';

const p = (
  text: string,
  rsid = ' w:rsidR="CANARY01" w:rsidRDefault="CANARY02"',
) => `<w:p${rsid}><w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;

/** A Word document with every identifying part and in-part item planted, and an embedded .docx. */
export function syntheticDocx(
  options: { jpeg?: Uint8Array; inner?: Uint8Array; macros?: boolean } = {},
): Uint8Array {
  const doc = `${XML_HEAD}<w:document xmlns:w="${W}" xmlns:r="${REL}"><w:body>${p(BODY_TEXT[0]!)}<w:p w:rsidR="CANARY03"><w:commentRangeStart w:id="0"/><w:r w:rsidRPr="CANARY04"><w:t xml:space="preserve">${BODY_TEXT[1]!} </w:t></w:r><w:commentRangeEnd w:id="0"/><w:r><w:rPr><w:rStyle w:val="CommentReference"/></w:rPr><w:commentReference w:id="0"/></w:r><w:ins w:id="1" w:author="CANARY_TRACK_AUTHOR" w:date="2021-01-01T00:00:00Z"><w:r><w:t xml:space="preserve">${INSERTED_TEXT} </w:t></w:r></w:ins><w:del w:id="2" w:author="CANARY_TRACK_AUTHOR" w:date="2021-01-01T00:00:00Z"><w:r><w:delText>${DELETED_TEXT}</w:delText></w:r></w:del></w:p><w:p><w:pPr><w:rPr><w:ins w:id="3" w:author="CANARY_TRACK_AUTHOR" w:date="2021-01-01T00:00:00Z"/></w:rPr></w:pPr><w:r><w:rPr><w:vanish/><w:rPrChange w:id="4" w:author="CANARY_TRACK_AUTHOR"><w:rPr><w:b/></w:rPr></w:rPrChange></w:rPr><w:t>${HIDDEN_TEXT}</w:t></w:r></w:p><w:p><w:r><w:t>Link:</w:t></w:r><w:hyperlink r:id="rId9"><w:r><w:t>report</w:t></w:r></w:hyperlink></w:p><w:sectPr w:rsidR="CANARY05"><w:headerReference w:type="default" r:id="rId8"/></w:sectPr></w:body></w:document>`;
  const files: Zippable = {
    ...packageParts('word/document.xml'),
    'word/document.xml': strToU8(doc),
    'word/_rels/document.xml.rels': strToU8(
      rels([
        ['rId1', 'settings', 'settings.xml'],
        ['rId2', 'comments', 'comments.xml'],
        [
          'rId3',
          'http://schemas.microsoft.com/office/2011/relationships/commentsExtended',
          'commentsExtended.xml',
        ],
        [
          'rId4',
          'http://schemas.microsoft.com/office/2016/09/relationships/commentsIds',
          'commentsIds.xml',
        ],
        [
          'rId5',
          'http://schemas.microsoft.com/office/2011/relationships/people',
          'people.xml',
        ],
        ['rId6', 'numbering', 'numbering.xml'],
        ['rId7', 'customXml', '../customXml/item1.xml'],
        ['rId8', 'header', 'header1.xml'],
        [
          'rId9',
          'hyperlink',
          'file:///C:/Users/CANARY_LINK_USER/Documents/report.docx',
          true,
        ],
        ['rId10', 'image', 'media/image1.jpg'],
        ['rId11', 'package', 'embeddings/inner.docx'],
        ...(options.macros
          ? ([
              [
                'rId12',
                'http://schemas.microsoft.com/office/2006/relationships/vbaProject',
                'vbaProject.bin',
              ],
            ] as [string, string, string][])
          : []),
      ]),
    ),
    'word/settings.xml': strToU8(
      `${XML_HEAD}<w:settings xmlns:w="${W}" xmlns:r="${REL}" xmlns:w14="http://schemas.microsoft.com/office/word/2010/wordml" xmlns:w15="http://schemas.microsoft.com/office/word/2012/wordml"><w:attachedTemplate r:id="rId1"/><w:printerSettings r:id="rId2"/><w:rsids><w:rsidRoot w:val="CANARY10"/><w:rsid w:val="CANARY11"/></w:rsids><w14:docId w14:val="CANARY12"/><w15:docId w15:val="{CANARY-DOCID}"/></w:settings>`,
    ),
    'word/_rels/settings.xml.rels': strToU8(
      rels([
        [
          'rId1',
          'attachedTemplate',
          'file:///C:/Users/CANARY_TEMPLATE_USER/AppData/Normal.dotm',
          true,
        ],
        ['rId2', 'printerSettings', 'printerSettings/printerSettings1.bin'],
      ]),
    ),
    'word/printerSettings/printerSettings1.bin': strToU8('CANARY_PRINTER_NAME'),
    'word/comments.xml': strToU8(
      `${XML_HEAD}<w:comments xmlns:w="${W}"><w:comment w:id="0" w:author="CANARY_COMMENT_AUTHOR" w:initials="CC"><w:p><w:r><w:t>CANARY_COMMENT_TEXT</w:t></w:r></w:p></w:comment></w:comments>`,
    ),
    'word/commentsExtended.xml': strToU8(
      '<w15:commentsEx xmlns:w15="x"><w15:commentEx w15:paraId="CANARY20"/></w15:commentsEx>',
    ),
    'word/commentsIds.xml': strToU8(
      '<w16cid:commentsIds xmlns:w16cid="x"><w16cid:commentId w16cid:durableId="CANARY21"/></w16cid:commentsIds>',
    ),
    'word/people.xml': strToU8(
      '<w15:people xmlns:w15="x"><w15:person w15:author="CANARY_PERSON"/></w15:people>',
    ),
    'word/numbering.xml': strToU8(
      `${XML_HEAD}<w:numbering xmlns:w="${W}"><w:abstractNum w:abstractNumId="0"><w:nsid w:val="CANARY30"/><w:multiLevelType w:val="hybridMultilevel"/></w:abstractNum></w:numbering>`,
    ),
    'word/header1.xml': strToU8(
      `${XML_HEAD}<w:hdr xmlns:w="${W}">${p('Prepared by the planning team', '')}</w:hdr>`,
    ),
    ...(options.jpeg
      ? { 'word/media/image1.jpg': [options.jpeg, { level: 0 }] }
      : {}),
    ...(options.inner
      ? { 'word/embeddings/inner.docx': [options.inner, { level: 0 }] }
      : {}),
    ...(options.macros
      ? { 'word/vbaProject.bin': strToU8('macro bytes') }
      : {}),
  };
  return finish(files, [
    ...COMMON_OVERRIDES,
    [
      'word/document.xml',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
    ],
    [
      'word/settings.xml',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.settings+xml',
    ],
    [
      'word/comments.xml',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.comments+xml',
    ],
    [
      'word/commentsExtended.xml',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.commentsExtended+xml',
    ],
    [
      'word/commentsIds.xml',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.commentsIds+xml',
    ],
    [
      'word/people.xml',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.people+xml',
    ],
    [
      'word/numbering.xml',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.numbering+xml',
    ],
    [
      'word/header1.xml',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.header+xml',
    ],
    ...(options.macros
      ? ([['word/vbaProject.bin', 'application/vnd.ms-office.vbaProject']] as [
          string,
          string,
        ][])
      : []),
  ]);
}

const S = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';

/** An Excel workbook with absPath, revisionPtr, build data, uids, comments, people, a hidden sheet. */
export function syntheticXlsx(): Uint8Array {
  const files: Zippable = {
    ...packageParts('xl/workbook.xml'),
    'xl/workbook.xml': strToU8(
      `${XML_HEAD}<workbook xmlns="${S}" xmlns:r="${REL}" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" xmlns:x15ac="http://schemas.microsoft.com/office/spreadsheetml/2010/11/ac" xmlns:xr="http://schemas.microsoft.com/office/spreadsheetml/2014/revision" mc:Ignorable="x15ac xr"><fileVersion appName="xl" lastEdited="CANARY40" lowestEdited="7" rupBuild="CANARY41"/><mc:AlternateContent><mc:Choice Requires="x15"><x15ac:absPath url="C:\\Users\\CANARY_ABSPATH_USER\\Desktop\\" xmlns:x15ac="http://schemas.microsoft.com/office/spreadsheetml/2010/11/ac"/></mc:Choice></mc:AlternateContent><xr:revisionPtr revIDLastSave="0" documentId="CANARY42" xr6:coauthVersionLast="47" xmlns:xr6="x"/><sheets><sheet name="Visible" sheetId="1" r:id="rId1"/><sheet name="Secret" sheetId="2" state="hidden" r:id="rId2"/></sheets></workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      rels([
        ['rId1', 'worksheet', 'worksheets/sheet1.xml'],
        ['rId2', 'worksheet', 'worksheets/sheet2.xml'],
        [
          'rId3',
          'http://schemas.microsoft.com/office/2017/10/relationships/person',
          'persons/person.xml',
        ],
        ['rId4', 'externalLink', 'externalLinks/externalLink1.xml'],
      ]),
    ),
    'xl/worksheets/sheet1.xml': strToU8(
      `${XML_HEAD}<worksheet xmlns="${S}" xmlns:r="${REL}" xmlns:xr="http://schemas.microsoft.com/office/spreadsheetml/2014/revision" xr:uid="{CANARY43}"><cols><col min="2" max="2" width="9" hidden="1"/></cols><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Budget total</t></is></c></row><row r="2" hidden="1"><c r="A2"><v>5</v></c></row></sheetData><pageSetup orientation="portrait" r:id="rId2"/><legacyDrawing r:id="rId3"/></worksheet>`,
    ),
    'xl/worksheets/_rels/sheet1.xml.rels': strToU8(
      rels([
        ['rId1', 'comments', '../comments1.xml'],
        ['rId2', 'printerSettings', '../printerSettings/printerSettings1.bin'],
        ['rId3', 'vmlDrawing', '../drawings/vmlDrawing1.vml'],
        [
          'rId4',
          'http://schemas.microsoft.com/office/2017/10/relationships/threadedComment',
          '../threadedComments/threadedComment1.xml',
        ],
      ]),
    ),
    'xl/worksheets/sheet2.xml': strToU8(
      `${XML_HEAD}<worksheet xmlns="${S}"><sheetData/></worksheet>`,
    ),
    'xl/comments1.xml': strToU8(
      `<comments xmlns="${S}"><authors><author>CANARY_XL_COMMENT_AUTHOR</author></authors></comments>`,
    ),
    'xl/threadedComments/threadedComment1.xml': strToU8(
      '<ThreadedComments>CANARY_THREADED</ThreadedComments>',
    ),
    'xl/persons/person.xml': strToU8(
      '<personList><person displayName="CANARY_XL_PERSON"/></personList>',
    ),
    'xl/drawings/vmlDrawing1.vml': strToU8(
      '<xml><v:shape><x:ClientData ObjectType="Note">CANARY_NOTE_SHAPE</x:ClientData></v:shape></xml>',
    ),
    'xl/printerSettings/printerSettings1.bin': strToU8('CANARY_XL_PRINTER'),
    'xl/externalLinks/externalLink1.xml': strToU8(
      `<externalLink xmlns="${S}" xmlns:r="${REL}"><externalBook r:id="rId1"/></externalLink>`,
    ),
    'xl/externalLinks/_rels/externalLink1.xml.rels': strToU8(
      rels([
        [
          'rId1',
          'externalLinkPath',
          'file:///C:/Users/CANARY_EXT_USER/Documents/totals.xlsx',
          true,
        ],
      ]),
    ),
  };
  return finish(files, [
    ...COMMON_OVERRIDES,
    [
      'xl/workbook.xml',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
    ],
    [
      'xl/worksheets/sheet1.xml',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml',
    ],
    [
      'xl/worksheets/sheet2.xml',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml',
    ],
    [
      'xl/comments1.xml',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.comments+xml',
    ],
    [
      'xl/threadedComments/threadedComment1.xml',
      'application/vnd.ms-excel.threadedcomments+xml',
    ],
    ['xl/persons/person.xml', 'application/vnd.ms-excel.person+xml'],
    [
      'xl/externalLinks/externalLink1.xml',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.externalLink+xml',
    ],
  ]);
}

const P = 'http://schemas.openxmlformats.org/presentationml/2006/main';
const A = 'http://schemas.openxmlformats.org/drawingml/2006/main';

/** A PowerPoint deck with creationId, comment authors, comments, notes and a shape off the slide. */
export function syntheticPptx(): Uint8Array {
  const shape = (x: number, text: string) =>
    `<p:sp><p:spPr><a:xfrm><a:off x="${x}" y="0"/><a:ext cx="100" cy="100"/></a:xfrm></p:spPr><p:txBody><a:p><a:r><a:t>${text}</a:t></a:r></a:p></p:txBody></p:sp>`;
  const files: Zippable = {
    ...packageParts('ppt/presentation.xml'),
    'ppt/presentation.xml': strToU8(
      `${XML_HEAD}<p:presentation xmlns:p="${P}" xmlns:r="${REL}"><p:sldIdLst><p:sldId id="256" r:id="rId1"/></p:sldIdLst><p:sldSz cx="9144000" cy="6858000"/></p:presentation>`,
    ),
    'ppt/_rels/presentation.xml.rels': strToU8(
      rels([
        ['rId1', 'slide', 'slides/slide1.xml'],
        ['rId2', 'commentAuthors', 'commentAuthors.xml'],
      ]),
    ),
    'ppt/slides/slide1.xml': strToU8(
      `${XML_HEAD}<p:sld xmlns:p="${P}" xmlns:a="${A}" xmlns:r="${REL}"><p:cSld><p:spTree>${shape(10, 'Slide title text')}${shape(99999999, 'Parked off the slide')}</p:spTree></p:cSld><p:extLst><p:ext uri="{BB962C8B-B14F-4D97-AF65-F5344CB8AC3E}"><p14:creationId xmlns:p14="http://schemas.microsoft.com/office/powerpoint/2010/main" val="CANARY50"/></p:ext></p:extLst></p:sld>`,
    ),
    'ppt/slides/_rels/slide1.xml.rels': strToU8(
      rels([
        ['rId1', 'comments', '../comments/comment1.xml'],
        ['rId2', 'notesSlide', '../notesSlides/notesSlide1.xml'],
      ]),
    ),
    'ppt/comments/comment1.xml': strToU8(
      '<p:cmLst xmlns:p="x"><p:cm>CANARY_PPT_COMMENT</p:cm></p:cmLst>',
    ),
    'ppt/commentAuthors.xml': strToU8(
      '<p:cmAuthorLst xmlns:p="x"><p:cmAuthor name="CANARY_PPT_AUTHOR"/></p:cmAuthorLst>',
    ),
    'ppt/notesSlides/notesSlide1.xml': strToU8(
      `${XML_HEAD}<p:notes xmlns:p="${P}" xmlns:a="${A}"><p:cSld><p:spTree><p:sp><p:txBody><a:p><a:r><a:t>Speaker reminder</a:t></a:r></a:p></p:txBody></p:sp></p:spTree></p:cSld></p:notes>`,
    ),
  };
  return finish(files, [
    ...COMMON_OVERRIDES,
    [
      'ppt/presentation.xml',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml',
    ],
    [
      'ppt/slides/slide1.xml',
      'application/vnd.openxmlformats-officedocument.presentationml.slide+xml',
    ],
    [
      'ppt/comments/comment1.xml',
      'application/vnd.openxmlformats-officedocument.presentationml.comments+xml',
    ],
    [
      'ppt/commentAuthors.xml',
      'application/vnd.openxmlformats-officedocument.presentationml.commentAuthors+xml',
    ],
    [
      'ppt/notesSlides/notesSlide1.xml',
      'application/vnd.openxmlformats-officedocument.presentationml.notesSlide+xml',
    ],
  ]);
}

/** Every member's inflated bytes, and those of zips inside zips, by path. */
export function deepMembers(
  zip: Uint8Array,
  prefix = '',
  depth = 0,
): Map<string, Uint8Array> {
  const out = new Map<string, Uint8Array>();
  for (const [name, bytes] of Object.entries(unzipSync(zip))) {
    out.set(prefix + name, bytes);
    if (depth < 4 && bytes[0] === 0x50 && bytes[1] === 0x4b)
      for (const [n, b] of deepMembers(bytes, `${prefix}${name}!/`, depth + 1))
        out.set(n, b);
  }
  return out;
}

/** Members (inflated, recursively) that still contain the text. */
export function deepFind(zip: Uint8Array, text: string): string[] {
  return [...deepMembers(zip)]
    .filter(([, b]) => Buffer.from(b).includes(text))
    .map(([n]) => n);
}

/**
 * Converts files with LibreOffice in one process; returns the output paths. Each call has its own
 * user profile, removed afterwards: LibreOffice locks its default profile, so parallel runs sharing
 * it would fail or hand work to one another.
 */
export function soffice(
  target: string,
  files: readonly string[],
  outDir: string,
): string[] {
  const profile = mkdtempSync(join(tmpdir(), 'soffice-profile-'));
  try {
    convert(target, files, outDir, pathToFileURL(profile).href);
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
  const ext = target.split(':')[0]!;
  return files.map((f) =>
    join(outDir, f.replace(/^.*\//, '').replace(/\.[^.]+$/, `.${ext}`)),
  );
}

function convert(
  target: string,
  files: readonly string[],
  outDir: string,
  profileUrl: string,
): void {
  execFileSync(
    'soffice',
    [
      `-env:UserInstallation=${profileUrl}`,
      '--headless',
      '--norestore',
      '--convert-to',
      target,
      '--outdir',
      outDir,
      ...files,
    ],
    {
      stdio: 'pipe',
      timeout: 180_000,
    },
  );
}

export const normalizeText = (text: string): string =>
  text
    .replace(/^\uFEFF/, '')
    .replace(/\s+/g, ' ')
    .trim();
