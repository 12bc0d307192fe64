import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { inspect } from '../../../workers/engine';
import { blobOf, cleanFile, tempDir } from '../../helpers/video-tools';
import { expectNoLeaks } from '../../helpers/leak-oracle';

const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const DRAWING =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><rect width="4" height="4"/></svg>';

/** What Python's XML parser hands a style sheet: the <style> element's text and CDATA joined. */
function styleTextByPython(svg: Uint8Array): string {
  return execFileSync(
    'python3',
    [
      '-c',
      'import sys, xml.etree.ElementTree as ET; root = ET.fromstring(sys.stdin.buffer.read()); print(next(e for e in root.iter() if e.tag.endswith("style")).text, end="")',
    ],
    { input: svg, encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'] },
  );
}

/** The first element's style attribute, as Python's XML parser reads it. */
function styleAttributeByPython(svg: Uint8Array): string {
  return execFileSync(
    'python3',
    [
      '-c',
      'import sys, xml.etree.ElementTree as ET; root = ET.fromstring(sys.stdin.buffer.read()); print(next(e.get("style") for e in root.iter() if e.get("style") is not None), end="")',
    ],
    { input: svg, encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'] },
  );
}

/** The root element's name, as Python's XML parser reads the file (it fails on one it cannot). */
function rootTagByPython(svg: Uint8Array): string {
  return execFileSync(
    'python3',
    [
      '-c',
      'import sys, xml.etree.ElementTree as ET; print(ET.fromstring(sys.stdin.buffer.read()).tag, end="")',
    ],
    { input: svg, encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'] },
  );
}

let dir = '';
beforeAll(() => {
  dir = tempDir('svg-instructions');
});

async function clean(name: string, text: string) {
  const path = join(dir, name);
  writeFileSync(path, text);
  const cleaned = await cleanFile(path);
  return {
    input: new Uint8Array(Buffer.from(text)),
    cleaned,
    text: Buffer.from(cleaned.bytes).toString('utf8'),
  };
}

describe('SVG processing instructions', () => {
  it("drops a style sheet link into the author's folders and reports the path", async () => {
    const link =
      '<?xml-stylesheet href="file:///home/CANARY_STYLE_USER/style.css" type="text/css"?>\n';
    const { input, cleaned, text } = await clean(
      'stylesheet.svg',
      DECLARATION + link + DRAWING,
    );
    expectNoLeaks(input, cleaned.bytes, ['CANARY_STYLE_USER']);
    expect(text).toBe(DECLARATION + DRAWING);
    expect(cleaned.result.removed).toContainEqual(
      expect.objectContaining({
        label: 'xml-stylesheet',
        category: 'identifier',
        value:
          'href="file:///home/CANARY_STYLE_USER/style.css" type="text/css"',
      }),
    );
  });

  it('keeps a style sheet on the web and the XML declaration byte for byte', async () => {
    const text =
      DECLARATION +
      '<?xml-stylesheet href="https://example.org/style.css" type="text/css"?>\n' +
      DRAWING;
    const { findings } = await inspect(blobOf(Buffer.from(text)));
    expect(findings).toEqual([]);
    expect((await clean('web.svg', text)).text).toBe(text);
  });

  it("drops another application's instruction and reports it", async () => {
    const { input, cleaned, text } = await clean(
      'application.svg',
      DECLARATION + '<?CanaryApp user="CANARY_PI_USER"?>\n' + DRAWING,
    );
    expectNoLeaks(input, cleaned.bytes, ['CANARY_PI_USER']);
    expect(text).toBe(DECLARATION + DRAWING);
    expect(cleaned.result.removed).toContainEqual(
      expect.objectContaining({
        label: '<?CanaryApp?>',
        category: 'other',
        value: 'user="CANARY_PI_USER"',
      }),
    );
  });

  it('keeps only a declaration that is one: at the start, with a version, encoding and standalone flag', async () => {
    const declaration =
      '<?xml version="1.0" encoding="UTF-8" standalone="no" author="CANARY_DECLARATION_EXTRA"?>\n';
    const inner = `<svg xmlns="http://www.w3.org/2000/svg"><?xml version="1.0" CANARY_XML_NAMED_PI?><rect width="4" height="4"/></svg>`;
    const { input, cleaned, text } = await clean(
      'declarations.svg',
      declaration + inner,
    );
    expect(() => styleTextByPython(input)).toThrow();
    expectNoLeaks(input, cleaned.bytes, [
      'CANARY_DECLARATION_EXTRA',
      'CANARY_XML_NAMED_PI',
    ]);
    expect(text).toBe(
      '\n<svg xmlns="http://www.w3.org/2000/svg"><rect width="4" height="4"/></svg>',
    );
    expect(rootTagByPython(cleaned.bytes)).toBe(
      '{http://www.w3.org/2000/svg}svg',
    );
    const bom = '\ufeff' + DECLARATION + DRAWING;
    expect((await clean('bom.svg', bom)).text).toBe(bom);
  });

  it('drops an instruction inside the drawing too', async () => {
    const text = `<svg xmlns="http://www.w3.org/2000/svg"><?editor CANARY_INNER_PI?><rect/></svg>`;
    const { input, cleaned } = await clean('inner.svg', text);
    expectNoLeaks(input, cleaned.bytes, ['CANARY_INNER_PI']);
  });
});

describe('SVG style sheet comments', () => {
  const sheet = (css: string) =>
    `<svg xmlns="http://www.w3.org/2000/svg"><style>${css}</style><rect class="a" width="4" height="4"/></svg>`;

  it('drops comments in a style sheet, in text and in CDATA, and reports them', async () => {
    const css =
      '/* CANARY_CSS_TEXT */ .a { fill: red; } <![CDATA[ /* CANARY_CSS_CDATA */ .b { fill: blue } ]]>';
    const { input, cleaned, text } = await clean('style.svg', sheet(css));
    expectNoLeaks(input, cleaned.bytes, [
      'CANARY_CSS_TEXT',
      'CANARY_CSS_CDATA',
    ]);
    expect(text).toBe(
      sheet(' .a { fill: red; } <![CDATA[  .b { fill: blue } ]]>'),
    );
    expect(
      cleaned.result.removed.filter((f) => f.label === 'CSS comment'),
    ).toEqual([
      expect.objectContaining({
        category: 'comment',
        value: 'CANARY_CSS_TEXT',
      }),
      expect.objectContaining({
        category: 'comment',
        value: 'CANARY_CSS_CDATA',
      }),
    ]);
  });

  it('keeps /* inside a string and an unquoted url', async () => {
    const css =
      '.a { fill: url(#g/*x); } .b::after { content: "/* not a comment */"; }';
    expect((await clean('strings.svg', sheet(css))).text).toBe(sheet(css));
  });

  it('drops a comment a CDATA section or an XML comment splits, whole, as the XML parser hands it to CSS', async () => {
    const css =
      '.a { fill: red; } /* split <![CDATA[ CANARY_CSS_AFTER_CDATA ]]> then <!-- x --> CANARY_CSS_AFTER_XML_COMMENT */ .b { fill: blue }';
    const { input, cleaned, text } = await clean('split.svg', sheet(css));
    expect(styleTextByPython(input)).toContain('CANARY_CSS_AFTER_CDATA');
    expectNoLeaks(input, cleaned.bytes, [
      'CANARY_CSS_AFTER_CDATA',
      'CANARY_CSS_AFTER_XML_COMMENT',
    ]);
    expect(styleTextByPython(cleaned.bytes)).toBe(
      '.a { fill: red; }  .b { fill: blue }',
    );
    expect(text).toBe(
      sheet('.a { fill: red; } <![CDATA[]]> .b { fill: blue }'),
    );
  });

  it('reads character references as the XML parser resolves them', async () => {
    const css =
      '.a { fill: red; } &#47;* CANARY_CSS_REFERENCE *&#x2F; .b::after { content: &quot;/* kept */&quot; }';
    const { input, cleaned } = await clean('references.svg', sheet(css));
    expect(styleTextByPython(input)).toContain('/* CANARY_CSS_REFERENCE */');
    expectNoLeaks(input, cleaned.bytes, ['CANARY_CSS_REFERENCE']);
    expect(styleTextByPython(cleaned.bytes)).toBe(
      '.a { fill: red; }  .b::after { content: "/* kept */" }',
    );
  });

  it("cuts a style sheet's links into the author's folders to their file names, and keeps links on the web", async () => {
    const css =
      '@import url(file:///home/CANARY_CSS_IMPORT_USER/art/base.css); .a { fill: url(&quot;C:/Users/CANARY_CSS_URL_USER/pics/pattern.svg#p&quot;) } .b { fill: url(https://example.org/a/b.svg#g) } .c { fill: url(/images/c.svg#g) }';
    const { input, cleaned } = await clean('paths.svg', sheet(css));
    expect(styleTextByPython(input)).toContain('CANARY_CSS_URL_USER');
    expectNoLeaks(input, cleaned.bytes, [
      'CANARY_CSS_IMPORT_USER',
      'CANARY_CSS_URL_USER',
    ]);
    expect(styleTextByPython(cleaned.bytes)).toBe(
      '@import url(base.css); .a { fill: url("pattern.svg#p") } .b { fill: url(https://example.org/a/b.svg#g) } .c { fill: url(/images/c.svg#g) }',
    );
    expect(cleaned.result.removed).toContainEqual(
      expect.objectContaining({
        label: 'CSS path',
        category: 'identifier',
        value: 'C:/Users/CANARY_CSS_URL_USER/pics/pattern.svg#p',
      }),
    );
  });

  it("cuts a style sheet's relative links that climb into a user folder, as an SVG link is cut", async () => {
    const css =
      '@import "../../Users/CANARY_CSS_CLIMB_IMPORT/base.css"; .a { fill: url(./../../../home/CANARY_CSS_CLIMB_URL/p.svg#p) } .b { fill: url(../shapes/b.svg#g) }';
    const { input, cleaned } = await clean('climbs.svg', sheet(css));
    expect(styleTextByPython(input)).toContain('CANARY_CSS_CLIMB_URL');
    expectNoLeaks(input, cleaned.bytes, [
      'CANARY_CSS_CLIMB_IMPORT',
      'CANARY_CSS_CLIMB_URL',
    ]);
    expect(styleTextByPython(cleaned.bytes)).toBe(
      '@import "base.css"; .a { fill: url(p.svg#p) } .b { fill: url(../shapes/b.svg#g) }',
    );
  });

  it('reads CSS escapes as CSS does: an escaped quote opens no string, so the comment after it goes', async () => {
    const css = '.a\\"/* CANARY_CSS_ESCAPED_QUOTE */ { fill: red }';
    const { input, cleaned } = await clean('escaped-quote.svg', sheet(css));
    expect(styleTextByPython(input)).toContain('CANARY_CSS_ESCAPED_QUOTE');
    expectNoLeaks(input, cleaned.bytes, ['CANARY_CSS_ESCAPED_QUOTE']);
    expect(styleTextByPython(cleaned.bytes)).toBe('.a\\" { fill: red }');
  });

  it('cuts a path written with CSS escapes, in a string or in a url whose name is escaped', async () => {
    const css =
      '.a { fill: url("file\\3a///home/CANARY_CSS_ESCAPED_PATH/p.svg#p") } .b { fill: u\\72l(C\\3A/Users/CANARY_CSS_ESCAPED_URL/b.svg#g) }';
    const { input, cleaned } = await clean('escaped-path.svg', sheet(css));
    expect(styleTextByPython(input)).toContain('CANARY_CSS_ESCAPED_URL');
    expectNoLeaks(input, cleaned.bytes, [
      'CANARY_CSS_ESCAPED_PATH',
      'CANARY_CSS_ESCAPED_URL',
    ]);
    expect(styleTextByPython(cleaned.bytes)).toBe(
      '.a { fill: url("p.svg#p") } .b { fill: u\\72l(b.svg#g) }',
    );
  });

  it("drops comments in an element's style attribute", async () => {
    const text = `<svg xmlns="http://www.w3.org/2000/svg"><rect style="fill: red /* CANARY_CSS_ATTRIBUTE */; stroke: none" width="4" height="4"/></svg>`;
    const { input, cleaned } = await clean('attribute.svg', text);
    expectNoLeaks(input, cleaned.bytes, ['CANARY_CSS_ATTRIBUTE']);
    expect(styleAttributeByPython(cleaned.bytes)).toBe(
      'fill: red ; stroke: none',
    );
    expect(cleaned.result.removed).toContainEqual(
      expect.objectContaining({
        label: 'CSS comment',
        value: 'CANARY_CSS_ATTRIBUTE',
      }),
    );
  });
});
