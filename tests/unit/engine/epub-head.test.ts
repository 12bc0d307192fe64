import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanPlan, type CleanPlanResult } from '../../../workers/engine';
import { tempDir } from '../../helpers/image-tools';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import { gpsJpeg } from '../../helpers/office-fixtures';
import { syntheticEpub } from '../../helpers/odf-fixtures';
import { cleaned } from '../../helpers/zip-tools';

const OPF = 'OEBPS/content.opf';
const CHAPTER = 'OEBPS/ch1.xhtml';

/**
 * Metas that look like ones a reader needs but say who wrote the book: an author's name beside a
 * charset, or with "charset=" in its value, a pragma no reader acts on, a viewport that carries
 * a name too; and a link to the author.
 */
const HEAD_CANARIES = {
  CANARY_META_BESIDE_CHARSET:
    '<meta name="author" content="CANARY_META_BESIDE_CHARSET" charset="utf-8"/>',
  CANARY_META_CHARSET_VALUE:
    '<meta name="dc.creator" content="CANARY_META_CHARSET_VALUE; charset=utf-8"/>',
  CANARY_META_PRAGMA:
    '<meta http-equiv="X-Owner" content="CANARY_META_PRAGMA"/>',
  CANARY_META_VIEWPORT_NAME:
    '<meta name="viewport" content="width=device-width" property="dc:creator" data-owner="CANARY_META_VIEWPORT_NAME"/>',
  CANARY_LINK_AUTHOR:
    '<link rel="author" href="mailto:CANARY_LINK_AUTHOR@example.org"/>',
};
/** What refines the kept title but is no property of a title: a creator, a tool's own data. */
const TITLE_REFINEMENTS =
  '<meta refines="#t1" property="dcterms:creator">CANARY_TITLE_CREATOR</meta><meta refines="#t1" property="calibre:user_metadata">CANARY_TITLE_TOOL</meta><meta refines="#t1" property="file-as">Walk in the Garden, A</meta>';
const KEPT_HEAD =
  '<meta http-equiv="Content-Type" content="text/html; charset=utf-8"/><meta name="viewport" content="width=600, height=800"/>';
const CANARIES = [
  ...Object.keys(HEAD_CANARIES),
  'CANARY_TITLE_CREATOR',
  'CANARY_TITLE_TOOL',
];

/** The heads' meta and link attributes as Python's HTML parser reads them, one per line. */
function headAttributes(xhtml: Uint8Array): string {
  const path = join(tempDir('epub-head'), 'ch1.xhtml');
  writeFileSync(path, xhtml);
  const script = [
    'import sys, html.parser',
    'class P(html.parser.HTMLParser):',
    '    def handle_starttag(self, tag, attrs):',
    '        if tag in ("meta", "link"): print(tag, dict(attrs))',
    'P().feed(open(sys.argv[1], encoding="utf-8").read())',
  ].join('\n');
  return execFileSync('python3', ['-c', script, path], { encoding: 'utf8' });
}

describe('EPUB: a content document head and a title refinement that say who made the book', () => {
  let input: Uint8Array;
  let outcome: { result: CleanPlanResult; output: Uint8Array };
  beforeAll(async () => {
    const files = unzipSync(syntheticEpub(gpsJpeg(tempDir('epub-head'))));
    files[CHAPTER] = strToU8(
      strFromU8(files[CHAPTER]!).replace(
        '<title>',
        `${KEPT_HEAD}${Object.values(HEAD_CANARIES).join('')}<title>`,
      ),
    );
    files[OPF] = strToU8(
      strFromU8(files[OPF]!).replace(
        '</metadata>',
        `${TITLE_REFINEMENTS}</metadata>`,
      ),
    );
    const { mimetype, ...rest } = files;
    input = zipSync({ mimetype: [mimetype!, { level: 0 }], ...rest });
    outcome = await cleaned(input);
  });

  it('had each canary where a reader finds it', () => {
    const head = headAttributes(unzipSync(input)[CHAPTER]!);
    for (const canary of Object.keys(HEAD_CANARIES))
      expect(head).toContain(canary);
    const opf = strFromU8(unzipSync(input)[OPF]!);
    expect(opf).toContain('CANARY_TITLE_CREATOR');
    expect(opf).toContain('CANARY_TITLE_TOOL');
  });

  it('removes them and reports each, keeping what a reader needs', () => {
    const { result, output } = outcome;
    expectNoLeaks(input, output, CANARIES);
    const head = headAttributes(unzipSync(output)[CHAPTER]!);
    for (const canary of Object.keys(HEAD_CANARIES))
      expect(head).not.toContain(canary);
    expect(head).toContain("'http-equiv': 'Content-Type'");
    expect(head).toContain("'content': 'width=600, height=800'");
    expect(head).toContain("{'charset': 'utf-8'}");
    const opf = strFromU8(unzipSync(output)[OPF]!);
    expect(opf).toContain(
      '<meta refines="#t1" property="file-as">Walk in the Garden, A</meta>',
    );
    const said = JSON.stringify(result.removed);
    for (const canary of CANARIES) expect(said).toContain(canary);
  });
});

/** Links and sources on the author's disk or a share, and a microdata meta in the body. */
const BODY_CANARIES = {
  CANARY_BODY_LINK_HOME:
    '<a href="file:///home/CANARY_BODY_LINK_HOME/notes.txt">notes</a>',
  CANARY_BODY_IMG_DRIVE:
    '<img src="file:///C:/Users/CANARY_BODY_IMG_DRIVE/pic.png" alt="a picture"/>',
  CANARY_BODY_SHARE:
    '<a href="\\\\fileserver\\CANARY_BODY_SHARE\\plan.pdf">plan</a>',
  CANARY_BODY_MICRODATA:
    '<span itemscope=""><meta itemprop="author" content="CANARY_BODY_MICRODATA"/></span>',
  // Lists of URLs: one local URL behind a web address, in a picture source, among pings.
  CANARY_BODY_SRCSET:
    '<img src="a.png" srcset="https://example.org/a.png 1x, file:///home/CANARY_BODY_SRCSET/b.png 2x" alt="srcset"/>',
  CANARY_BODY_SOURCE:
    '<picture><source srcset="C:\\Users\\CANARY_BODY_SOURCE\\c.png"/><img src="c.png" alt="source"/></picture>',
  CANARY_BODY_PING:
    '<a href="d.html" ping="https://example.org/p file:///home/CANARY_BODY_PING/log">ping</a>',
  CANARY_BODY_BASE:
    '<a href="e.html" xml:base="file:///home/CANARY_BODY_BASE/">base</a>',
};

/** The body's link and source attributes and metas, as Python's HTML parser reads them. */
function bodyAttributes(xhtml: Uint8Array): string {
  const path = join(tempDir('epub-body'), 'ch1.xhtml');
  writeFileSync(path, xhtml);
  const script = [
    'import sys, html.parser',
    'class P(html.parser.HTMLParser):',
    '    def handle_starttag(self, tag, attrs):',
    '        if tag in ("a", "img", "meta", "source"): print(tag, dict(attrs))',
    'P().feed(open(sys.argv[1], encoding="utf-8").read())',
  ].join('\n');
  return execFileSync('python3', ['-c', script, path], { encoding: 'utf8' });
}

describe("EPUB: a chapter's links to the author's disk, and microdata in its body", () => {
  it('keep only the file name, and the microdata goes, each reported', async () => {
    const files = unzipSync(syntheticEpub(gpsJpeg(tempDir('epub-body'))));
    files[CHAPTER] = strToU8(
      strFromU8(files[CHAPTER]!).replace(
        '<p>',
        `${Object.values(BODY_CANARIES).join('')}<p>`,
      ),
    );
    const { mimetype, ...rest } = files;
    const input = zipSync({ mimetype: [mimetype!, { level: 0 }], ...rest });
    const canaries = Object.keys(BODY_CANARIES);
    const before = bodyAttributes(unzipSync(input)[CHAPTER]!);
    for (const c of canaries) expect(before).toContain(c);
    const { result, output } = await cleaned(input);
    expectNoLeaks(input, output, canaries);
    const after = bodyAttributes(unzipSync(output)[CHAPTER]!);
    for (const c of canaries) expect(after).not.toContain(c);
    for (const kept of [
      "'notes.txt'",
      "'pic.png'",
      "'plan.pdf'",
      "'a picture'",
      "'https://example.org/a.png 1x, b.png 2x'",
      "'c.png'",
      "'https://example.org/p log'",
    ])
      expect(after).toContain(kept);
    const said = JSON.stringify(result.removed);
    for (const c of canaries) expect(said).toContain(c);
  });
});

const SHEET = 'OEBPS/style.css';

/** A member's text as Python's zipfile reads it. */
function memberText(zip: Uint8Array, member: string): string {
  const path = join(tempDir('epub-styles'), 'book.epub');
  writeFileSync(path, zip);
  const script = `import sys, zipfile; sys.stdout.write(zipfile.ZipFile(sys.argv[1]).read(sys.argv[2]).decode("utf-8"))`;
  return execFileSync('python3', ['-c', script, path, member], {
    encoding: 'utf8',
  });
}

describe("EPUB: a book's style sheets", () => {
  it('lose their comments and the folders of local paths, in a .css file, a <style> and a style attribute', async () => {
    const files = unzipSync(syntheticEpub(gpsJpeg(tempDir('epub-styles'))));
    files[SHEET] = strToU8(
      '/* Styles by CANARY_CSS_FILE_COMMENT */\n@font-face { font-family: "Hand"; src: url("file:///C:/Users/CANARY_CSS_FONT_USER/Fonts/hand.ttf"); }\np { margin: 0; content: "/* not a comment */"; }\n',
    );
    files[OPF] = strToU8(
      strFromU8(files[OPF]!).replace(
        '</manifest>',
        '<item id="css" href="style.css" media-type="text/css"/></manifest>',
      ),
    );
    files[CHAPTER] = strToU8(
      strFromU8(files[CHAPTER]!)
        .replace(
          '<title>',
          '<style>/* CANARY_STYLE_COMMENT */ h1 { background: url(/home/CANARY_STYLE_HOME/bg.png) }</style><title>',
        )
        .replace(
          '<p>',
          '<p style="background: url(&quot;\\\\fileserver\\CANARY_ATTR_SHARE\\tile.png&quot;)">',
        ),
    );
    const { mimetype, ...rest } = files;
    const input = zipSync({ mimetype: [mimetype!, { level: 0 }], ...rest });
    const canaries = [
      'CANARY_CSS_FILE_COMMENT',
      'CANARY_CSS_FONT_USER',
      'CANARY_STYLE_COMMENT',
      'CANARY_STYLE_HOME',
      'CANARY_ATTR_SHARE',
    ];
    const before = memberText(input, SHEET) + memberText(input, CHAPTER);
    for (const c of canaries) expect(before).toContain(c);
    const { result, output } = await cleaned(input);
    expectNoLeaks(input, output, canaries);
    const sheet = memberText(output, SHEET);
    expect(sheet).toBe(
      '\n@font-face { font-family: "Hand"; src: url("hand.ttf"); }\np { margin: 0; content: "/* not a comment */"; }\n',
    );
    const chapter = memberText(output, CHAPTER);
    expect(chapter).toContain('<style> h1 { background: url(bg.png) }</style>');
    expect(chapter).toContain(
      '<p style="background: url(&quot;tile.png&quot;)">',
    );
    const said = JSON.stringify(result.removed);
    for (const c of canaries) expect(said).toContain(c);
  });
});

/**
 * What CSS reads through its escapes (CSS Syntax 4.3.7) and XML through its references: `u\72l(`
 * opens a url, `\"` opens no string, `file\3a///` is a local path, `&#47;*` opens a comment. A
 * name that is not ASCII stands before each, so the sheet's places are counted in characters.
 */
const ESCAPED_STYLE =
  '<style>h1 { font-family: "Zoë" } .a\\"{} /* Zoë CANARY_ESCAPED_QUOTE */ h2 { background: url("file\\3a///home/CANARY_ESCAPED_COLON/y.png") } h3 { color: red } &#47;* CANARY_REFERENCE_COMMENT */</style>';
const ESCAPED_ATTRIBUTE =
  '<p title="Zoë" style="color: red; background: u\\72l(file:///home/CANARY_ESCAPED_URL/x.png)">';

describe("EPUB: a chapter's inline styles read as CSS reads them", () => {
  it('lose a comment and a local path written with escapes or references, in a <style> and a style attribute', async () => {
    const files = unzipSync(syntheticEpub(gpsJpeg(tempDir('epub-escapes'))));
    files[CHAPTER] = strToU8(
      strFromU8(files[CHAPTER]!)
        .replace('<title>', `${ESCAPED_STYLE}<title>`)
        .replace('<p>', ESCAPED_ATTRIBUTE),
    );
    const { mimetype, ...rest } = files;
    const input = zipSync({ mimetype: [mimetype!, { level: 0 }], ...rest });
    const canaries = [
      'CANARY_ESCAPED_QUOTE',
      'CANARY_ESCAPED_COLON',
      'CANARY_REFERENCE_COMMENT',
      'CANARY_ESCAPED_URL',
    ];
    const before = memberText(input, CHAPTER);
    for (const c of canaries) expect(before).toContain(c);
    const { result, output } = await cleaned(input);
    const after = memberText(output, CHAPTER);
    for (const c of canaries) expect(after).not.toContain(c);
    expectNoLeaks(input, output, canaries);
    expect(after).toContain(
      '<style>h1 { font-family: "Zoë" } .a\\"{}  h2 { background: url("y.png") } h3 { color: red } </style>',
    );
    expect(after).toContain(
      '<p title="Zoë" style="color: red; background: u\\72l(x.png)">',
    );
    const said = JSON.stringify(result.removed);
    for (const c of canaries) expect(said).toContain(c);
    expect(said).toContain('Zoë CANARY_ESCAPED_QUOTE');
  });
});

/** A chapter whose `<title>` has `before` ahead of it and whose first `<p>` is `paragraph`. */
function chapterBook(before: string, paragraph = '<p>'): Uint8Array {
  const files = unzipSync(syntheticEpub(gpsJpeg(tempDir('epub-sheet-xml'))));
  files[CHAPTER] = strToU8(
    strFromU8(files[CHAPTER]!)
      .replace('<title>', `${before}<title>`)
      .replace('<p>', paragraph),
  );
  const { mimetype, ...rest } = files;
  return zipSync({ mimetype: [mimetype!, { level: 0 }], ...rest });
}

describe("EPUB: a chapter's inline styles read as the XML parser hands them to CSS", () => {
  it('find a comment split by an XML comment and a CDATA section, and one after a line break the attribute turns into a space', async () => {
    // In the attribute, the line break is a space (XML 1.0 3.3.3): the string 'a ' closes at
    // the second quote, and the comment after it is CSS's, not a string's.
    const input = chapterBook(
      '<style>p { margin: 0 }/<!-- between --><![CDATA[* CANARY_SPLIT_COMMENT */]]></style>',
      '<p style="content: \'a\n\' /* CANARY_ATTRIBUTE_LINE */; color: red">',
    );
    const canaries = ['CANARY_SPLIT_COMMENT', 'CANARY_ATTRIBUTE_LINE'];
    const before = memberText(input, CHAPTER);
    for (const c of canaries) expect(before).toContain(c);
    const { result, output } = await cleaned(input);
    const after = memberText(output, CHAPTER);
    for (const c of canaries) expect(after).not.toContain(c);
    expectNoLeaks(input, output, canaries);
    expect(after).toContain('<style>p { margin: 0 }<![CDATA[]]></style>');
    expect(after).toContain('<p style="content: \'a\n\' ; color: red">');
    const said = JSON.stringify(result.removed);
    for (const c of canaries) expect(said).toContain(c);
  });

  it('refuse a declaration inside a <style>, which no well-formed chapter holds', async () => {
    const input = chapterBook(
      '<style><!ENTITY x "a>b">p { margin: 0 }/* CANARY_DECLARED */</style>',
    );
    expect(memberText(input, CHAPTER)).toContain('CANARY_DECLARED');
    await expect(
      cleanPlan(new Blob([input as Uint8Array<ArrayBuffer>])),
    ).rejects.toMatchObject({ code: 'corrupt' });
  });
});
