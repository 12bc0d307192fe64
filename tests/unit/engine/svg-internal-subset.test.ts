import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanPlan, planToBlob } from '../../../workers/engine';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import { tempDir } from '../../helpers/image-tools';

/**
 * Python's expat (the parser under xml.dom.minidom) as the independent reader: every entity
 * declaration with its value or system id, every element declaration and comment, and the document as a reader gets it,
 * entities expanded and attribute defaults from <!ATTLIST> applied.
 */
const EXPAT_DUMP = `
import sys, xml.parsers.expat as e
p = e.ParserCreate()
out = []
p.EntityDeclHandler = lambda n, pe, v, b, s, pub, no: out.append('ENTITY %s %s %s' % (n, v, s))
p.ElementDeclHandler = lambda n, m: out.append('ELEMENT ' + n)
p.CommentHandler = lambda d: out.append('COMMENT ' + d)
p.StartElementHandler = lambda n, a: out.append('<%s %s>' % (n, a))
p.CharacterDataHandler = lambda d: out.append(d)
p.UseForeignDTD(False)
p.Parse(open(sys.argv[1], 'rb').read(), True)
print('\\n'.join(out))
`;

function write(name: string, text: string | Uint8Array): string {
  const path = join(tempDir('svg-subset'), name);
  writeFileSync(path, text);
  return path;
}

const expat = (path: string): string =>
  execFileSync('python3', ['-c', EXPAT_DUMP, path], { encoding: 'utf8' });
const strings = (path: string): string =>
  execFileSync('strings', [path], { encoding: 'utf8' });
/** ImageMagick's rendering, as one digest of its pixels. */
const drawing = (path: string): string =>
  execFileSync('sh', [
    '-c',
    `convert "svg:$1" png:- | identify -format %# -`,
    'sh',
    path,
  ]).toString();

async function cleaned(text: string) {
  const blob = new Blob([text]);
  const result = await cleanPlan(blob);
  const bytes = new Uint8Array(
    await (await planToBlob(blob, result.plan)).arrayBuffer(),
  );
  return { result, bytes };
}

/** The canary is in the input for both readers, gone for both and the oracle after cleaning. */
async function expectGone(input: string, canary: string) {
  const inPath = write('in.svg', input);
  expect(expat(inPath)).toContain(canary);
  expect(strings(inPath)).toContain(canary);
  const { result, bytes } = await cleaned(input);
  const outPath = write('out.svg', bytes);
  expect(expat(outPath)).not.toContain(canary);
  expect(strings(outPath)).not.toContain(canary);
  expectNoLeaks(new TextEncoder().encode(input), bytes, [canary]);
  expect(drawing(outPath)).toBe(drawing(inPath));
  return { result, text: new TextDecoder().decode(bytes) };
}

async function expectRefused(input: string, canary: string) {
  expect(expat(write('in.svg', input))).toContain(canary);
  await expect(cleanPlan(new Blob([input]))).rejects.toMatchObject({
    code: 'unsupported',
  });
}

const BODY = `<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20">
  <rect width="10" height="10" fill="red"/>
</svg>`;

describe('SVG internal subset: declarations nothing kept refers to go, reported', () => {
  it('an entity no one references', async () => {
    const input = `<?xml version="1.0"?>
<!DOCTYPE svg [
  <!ENTITY author "CANARY_UNUSED">
]>
${BODY}`;
    const { result, text } = await expectGone(input, 'CANARY_UNUSED');
    expect(text).toBe(`<?xml version="1.0"?>\n<!DOCTYPE svg>\n${BODY}`);
    expect(result.removed).toContainEqual(
      expect.objectContaining({
        label: '<!ENTITY author>',
        value: 'CANARY_UNUSED',
      }),
    );
  });

  it('an entity referenced only inside removed metadata', async () => {
    const input = `<!DOCTYPE svg [
  <!ENTITY ns_svg "http://www.w3.org/2000/svg">
  <!ENTITY who "CANARY_META">
]>
<svg xmlns="&ns_svg;" width="20" height="20">
  <metadata><creator>&who;</creator></metadata>
  <rect width="10" height="10" fill="red"/>
</svg>`;
    const { text } = await expectGone(input, 'CANARY_META');
    // The entity a kept namespace declaration uses stays, with the subset.
    expect(text).toContain('<!ENTITY ns_svg');
  });

  it('a comment and an element declaration in the subset', async () => {
    const input = `<!DOCTYPE svg [
  <!-- drawn by CANARY_COMMENT -->
  <!ELEMENT CANARY_ELEMENT ANY>
]>
${BODY}`;
    const { result } = await expectGone(input, 'CANARY_COMMENT');
    expect(result.removed.map((f) => f.label)).toContain('XML comment');
    await expectGone(input, 'CANARY_ELEMENT');
  });
});

describe('SVG internal subset: a comment or instruction is read as one', () => {
  it.each([
    ['a quote', "<!-- it's CANARY_QUOTED_COMMENT -->"],
    ['a bracket and a >', '<!-- ] CANARY_BRACKET_COMMENT > -->'],
  ])(
    'a subset %s in it ends nothing: the file is cleaned, not called corrupt',
    async (_, markup) => {
      const canary = /CANARY_\w+/.exec(markup)![0];
      const input = `<?xml version="1.0"?>
<!DOCTYPE svg [
  ${markup}
  <!ENTITY ns_svg "http://www.w3.org/2000/svg">
]>
<svg xmlns="&ns_svg;" width="20" height="20">
  <rect width="10" height="10" fill="red"/>
</svg>`;
      const { text } = await expectGone(input, canary);
      expect(text).toContain('<!ENTITY ns_svg');
    },
  );
});

describe('SVG internal subset: an instruction with a quote in it', () => {
  it('is refused as what it is, not as a DOCTYPE that never ends', async () => {
    const input = `<?xml version="1.0"?>
<!DOCTYPE svg [
  <?note it's CANARY_SUBSET_PI ?>
]>
${BODY}`;
    expect(strings(write('in.svg', input))).toContain('CANARY_SUBSET_PI');
    await expect(cleanPlan(new Blob([input]))).rejects.toMatchObject({
      code: 'unsupported',
      detail: 'the DOCTYPE internal subset holds a processing instruction',
    });
  });
});

describe('SVG internal subset: an entity referenced in kept text is content', () => {
  it('keeps it, the drawing and the bytes, and reports a title with its value', async () => {
    const input = `<!DOCTYPE svg [
  <!ENTITY name "CANARY_TITLE">
  <!ENTITY label "CANARY_TEXT">
]>
<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20">
  <title>Map of &name;</title>
  <desc><![CDATA[&name; stays as written]]></desc>
  <text x="1" y="10">&label;</text>
</svg>`;
    expect(expat(write('in.svg', input))).toContain('Map of \nCANARY_TITLE');
    const { result, bytes } = await cleaned(input);
    expect(new TextDecoder().decode(bytes)).toBe(input);
    expect(result.kept).toContainEqual(
      expect.objectContaining({ label: 'title', value: 'Map of CANARY_TITLE' }),
    );
    expect(result.kept).toContainEqual(
      expect.objectContaining({
        label: 'desc',
        value: '&name; stays as written',
      }),
    );
  });
});

describe('SVG internal subset: what the walk cannot judge is refused', () => {
  it.each([
    [
      'an attribute default that injects an editor attribute',
      '<!ATTLIST rect inkscape:label CDATA "CANARY_ATTLIST">',
      '<rect width="10" height="10"/>',
      'CANARY_ATTLIST',
    ],
    [
      'an external entity on the web',
      '<!ENTITY ext SYSTEM "https://example.com/CANARY_EXTERNAL.txt">',
      '<text>&ext;</text>',
      'CANARY_EXTERNAL',
    ],
    [
      'a parameter entity',
      `<!ENTITY % decl "<!ENTITY pe 'CANARY_PARAMETER'>"> %decl;`,
      '<text>&pe;</text>',
      'CANARY_PARAMETER',
    ],
    [
      'an entity whose value is markup',
      '<!ENTITY meta "<metadata>CANARY_MARKUP</metadata>">',
      '&meta;',
      'CANARY_MARKUP',
    ],
    [
      'an entity whose value holds a character reference to markup',
      '<!ENTITY meta "&#60;desc>CANARY_CHARREF&#60;/desc>">',
      '&meta;',
      'CANARY_CHARREF',
    ],
    [
      'a notation',
      '<!NOTATION png SYSTEM "https://example.com/CANARY_NOTATION">',
      '',
      null,
    ],
  ])('%s', async (_, declaration, content, canary) => {
    const input = `<!DOCTYPE svg [ ${declaration} ]>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape">${content}</svg>`;
    if (canary) await expectRefused(input, canary);
    else
      await expect(cleanPlan(new Blob([input]))).rejects.toMatchObject({
        code: 'unsupported',
      });
  });
});

describe('SVG DOCTYPE with no internal subset', () => {
  it('keeps the SVG 1.1 public id Inkscape and Illustrator write', async () => {
    const input = `<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
${BODY}`;
    const { bytes } = await cleaned(input);
    expect(new TextDecoder().decode(bytes)).toBe(input);
  });
});
