// @vitest-environment jsdom
// jsdom's DOMParser is a strict, namespace-aware XML parser: the cleaned file must still parse.
import { describe, expect, it } from 'vitest';
import { cleanPlan, planToBlob } from '../../../workers/engine';
import { expectNoLeaks } from '../../helpers/leak-oracle';

const HOME = '/home/CANARY_USER/drawing.png';

async function cleaned(text: string) {
  const blob = new Blob([text]);
  const result = await cleanPlan(blob);
  return { result, text: await (await planToBlob(blob, result.plan)).text() };
}

function wellFormed(text: string): boolean {
  const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
  return doc.getElementsByTagName('parsererror').length === 0;
}

/** Inkscape's and Sodipodi's own attributes under a namespace URI of the test's choosing. */
const editorSvg = (inkscape: string, sodipodi: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="${inkscape}" xmlns:sodipodi="${sodipodi}"
  inkscape:export-filename="${HOME}" sodipodi:docname="CANARY_DOCNAME.svg"
  sodipodi:absref="/Users/CANARY_MAC/art.svg" width="10" height="10">
  <rect width="10" height="10" fill="red"/></svg>`;

describe('SVG editor vocabularies are recognised however the namespace is spelled', () => {
  it.each([
    [
      'exact',
      'http://www.inkscape.org/namespaces/inkscape',
      'http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd',
    ],
    [
      'https',
      'https://www.inkscape.org/namespaces/inkscape',
      'https://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd',
    ],
    [
      'trailing slash',
      'http://www.inkscape.org/namespaces/inkscape/',
      'http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd/',
    ],
    [
      'upper case',
      'HTTP://WWW.INKSCAPE.ORG/NAMESPACES/INKSCAPE',
      'http://SODIPODI.sourceforge.net/DTD/sodipodi-0.dtd',
    ],
    [
      'near miss',
      'http://www.inkscape.org/namespaces/inkscape-1.0',
      'http://sodipodi.sf.net/DTD/sodipodi-0.1.dtd',
    ],
    ['unknown vendor URI', 'urn:example:editor', 'http://example.com/ns#'],
  ])('%s', async (_, inkscape, sodipodi) => {
    const input = editorSvg(inkscape, sodipodi);
    expect(input).toContain('CANARY_USER');
    const { result, text } = await cleaned(input);
    for (const canary of ['CANARY_USER', 'CANARY_DOCNAME', 'CANARY_MAC'])
      expect(text).not.toContain(canary);
    expect(text).not.toMatch(/inkscape|sodipodi|absref/);
    expect(text).toContain('fill="red"');
    expect(wellFormed(text)).toBe(true);
    expect(result.removed.map((f) => f.label)).toEqual(
      expect.arrayContaining(['inkscape:export-filename', 'sodipodi:docname']),
    );
  });

  it('drops an editor element in a misspelled namespace with its subtree', async () => {
    const input = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:sodipodi="https://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd/">
      <sodipodi:namedview pagecolor="#fff"><x>CANARY_VIEW</x></sodipodi:namedview><rect width="1" height="1"/></svg>`;
    const { text } = await cleaned(input);
    expect(text).not.toContain('CANARY_VIEW');
    expect(text).toContain('<rect');
  });

  it('keeps drawing namespaces written with https or a trailing slash', async () => {
    const input = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="https://www.w3.org/1999/xlink/">
      <use xlink:href="#a"/><rect id="a" width="1" height="1"/></svg>`;
    const { text } = await cleaned(input);
    expect(text).toBe(input);
  });
});

describe('SVG local paths in any attribute', () => {
  it.each([
    ['no namespace', `data-source="${HOME}"`],
    [
      'a custom namespace',
      `xmlns:my="http://example.com/my" my:origin="file:///home/CANARY_USER/a.svg"`,
    ],
    ['a Windows path', 'data-x="C:\\Users\\CANARY_USER\\a.png"'],
    ['a macOS path', 'data-x="/Users/CANARY_USER/a.png"'],
    [
      'a path after other text',
      'style="fill:red;background:url(file:///home/CANARY_USER/a.png)"',
    ],
    ['character references', 'data-x="&#47;home&#47;CANARY_USER&#47;a.png"'],
  ])('removes the attribute in %s', async (_, attribute) => {
    const input = `<svg xmlns="http://www.w3.org/2000/svg" ${attribute}><rect width="1" height="1"/></svg>`;
    expect(input).toContain('CANARY_USER');
    const { result, text } = await cleaned(input);
    expect(text).not.toContain('CANARY_USER');
    expect(wellFormed(text)).toBe(true);
    expect(result.removed.some((f) => f.category === 'identifier')).toBe(true);
  });

  it('leaves web links and root-relative URLs alone', async () => {
    const input = `<svg xmlns="http://www.w3.org/2000/svg" data-a="https://example.com/home/x" data-b="/images/x.png"><rect width="1" height="1"/></svg>`;
    const { text } = await cleaned(input);
    expect(text).toBe(input);
  });
});

describe('SVG DOCTYPE with a local path', () => {
  it('removes a DOCTYPE whose system id is a file URL', async () => {
    const input = `<?xml version="1.0"?>
<!DOCTYPE svg SYSTEM "file:///home/CANARY_USER/svg11.dtd">
<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>`;
    const { result, text } = await cleaned(input);
    expect(text).not.toContain('CANARY_USER');
    expect(text).not.toContain('DOCTYPE');
    expect(wellFormed(text)).toBe(true);
    expect(result.removed.map((f) => f.label)).toContain('DOCTYPE');
  });

  it('removes only the external id when the internal subset declares entities', async () => {
    const input = `<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "C:\\Users\\CANARY_USER\\svg11.dtd" [
  <!ENTITY ns_svg "http://www.w3.org/2000/svg">
]>
<svg xmlns="&ns_svg;"><rect width="1" height="1"/></svg>`;
    const { text } = await cleaned(input);
    expect(text).not.toContain('CANARY_USER');
    expect(text).toContain('<!ENTITY ns_svg');
    expect(wellFormed(text)).toBe(true);
  });

  it.each([
    ['a damaged scheme', 'fil\u00ff\u0001/home/CANARY_USER/svg11.dtd'],
    ['a repeated prefix', 'filililifile:///home/CANARY_USER/svg11.dtd'],
  ])('removes a DOCTYPE whose local path follows %s', async (_, id) => {
    const input = `<!DOCTYPE svg SYSTEM "${id}">
<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>`;
    const { text } = await cleaned(input);
    expect(text).not.toContain('CANARY_USER');
  });

  it.each([
    ['a server share', '\\\\fileserver\\CANARY_USER\\svg11.dtd'],
    ['a drive written with slashes', 'D:/Projects/CANARY_USER/svg11.dtd'],
  ])('removes a DOCTYPE whose system id is %s', async (_, id) => {
    const input = `<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "${id}">
<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>`;
    const { result, text } = await cleaned(input);
    const encode = (t: string) => new TextEncoder().encode(t);
    expectNoLeaks(encode(input), encode(text), ['CANARY_USER']);
    expect(result.removed.map((f) => f.label)).toContain('DOCTYPE');
    expect(wellFormed(text)).toBe(true);
  });

  it('keeps a DOCTYPE whose only address is the web', async () => {
    const input = `<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>`;
    const { text } = await cleaned(input);
    expect(text).toBe(input);
  });

  it('refuses an external entity read from the author disk', async () => {
    const input = `<!DOCTYPE svg [ <!ENTITY x SYSTEM "file:///home/CANARY_USER/x.txt"> ]>
<svg xmlns="http://www.w3.org/2000/svg"><text>&x;</text></svg>`;
    await expect(cleanPlan(new Blob([input]))).rejects.toMatchObject({
      code: 'unsupported',
    });
  });
});

describe('SVG active content is reported for review and kept', () => {
  it.each([
    ['a script element', '<script>alert(1)</script>', '<script>'],
    [
      'an event handler',
      '<rect width="1" height="1" onclick="alert(1)"/>',
      'onclick',
    ],
    [
      'a javascript: link',
      '<a href="javascript:alert(1)"><rect width="1" height="1"/></a>',
      'javascript: URL',
    ],
    [
      'an obfuscated link',
      '<a href=" java&#x0A;script:alert(1)"><rect width="1" height="1"/></a>',
      'javascript: URL',
    ],
    [
      'an animated link',
      '<a><set attributeName="href" to="javascript:alert(1)"/></a>',
      'javascript: URL',
    ],
  ])('%s', async (_, markup, label) => {
    const input = `<svg xmlns="http://www.w3.org/2000/svg">${markup}</svg>`;
    const { result, text } = await cleaned(input);
    expect(text).toBe(input);
    expect(result.kept).toContainEqual(
      expect.objectContaining({ label, kept: 'review' }),
    );
  });

  it.each([
    ['a link', '<a href="&js;"><rect width="1" height="1"/></a>'],
    ['an event handler', '<rect width="1" height="1" onclick="&js;"/>'],
  ])(
    '%s written as an entity the DOCTYPE declares, with what it runs',
    async (_, markup) => {
      const input = `<!DOCTYPE svg [ <!ENTITY js "javascript:alert('CANARY_JS')"> ]>
<svg xmlns="http://www.w3.org/2000/svg">${markup}</svg>`;
      const { result, text } = await cleaned(input);
      expect(text).toBe(input);
      expect(result.kept).toContainEqual(
        expect.objectContaining({
          value: "javascript:alert('CANARY_JS')",
          kept: 'review',
        }),
      );
    },
  );
});

describe('SVG internal subset: an entity holding a path on the author disk', () => {
  const subset = `<!DOCTYPE svg [ <!ENTITY pic "file:///home/CANARY_USER/pic.png"> ]>`;

  it('goes, reported, when nothing refers to it', async () => {
    const input = `${subset}
<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>`;
    const { result, text } = await cleaned(input);
    const encode = (t: string) => new TextEncoder().encode(t);
    expectNoLeaks(encode(input), encode(text), ['CANARY_USER']);
    expect(wellFormed(text)).toBe(true);
    expect(result.removed).toContainEqual(
      expect.objectContaining({ label: '<!ENTITY pic>' }),
    );
  });

  it('is refused, saying so, when the drawing refers to it', async () => {
    const input = `${subset}
<svg xmlns="http://www.w3.org/2000/svg"><image href="&pic;" width="1" height="1"/></svg>`;
    await expect(cleanPlan(new Blob([input]))).rejects.toMatchObject({
      code: 'unsupported',
      detail:
        "the drawing refers to the DOCTYPE entity pic, whose value is a path on the author's disk",
    });
  });
});
