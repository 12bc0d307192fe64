import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanFile, tempDir } from '../../helpers/video-tools';
import { expectNoLeaks } from '../../helpers/leak-oracle';

/**
 * HTML's document metadata inside a foreignObject: an XHTML <meta> names the author or the tool,
 * renders nothing, and goes, reported; the HTML that renders stays.
 */
const AUTHOR = 'CANARY_FOREIGN_META_AUTHOR';
const GENERATOR = 'CANARY_FOREIGN_META_TOOL';
const svg = (xhtmlPrefix: string) => {
  const el = (n: string) => (xhtmlPrefix ? `${xhtmlPrefix}:${n}` : n);
  const ns = xhtmlPrefix ? `xmlns:${xhtmlPrefix}` : 'xmlns';
  return `<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><foreignObject width="40" height="20"><${el('html')} ${ns}="http://www.w3.org/1999/xhtml"><${el('head')}><${el('meta')} name="author" content="${AUTHOR}"/><${el('meta')} name="generator" content="${GENERATOR}"></${el('meta')}></${el('head')}><${el('body')}><${el('p')}>Shown words</${el('p')}></${el('body')}></${el('html')}></foreignObject></svg>`;
};

/** Every attribute value Python's XML parser reads in the file. */
function valuesByPython(bytes: Uint8Array): string {
  return execFileSync(
    'python3',
    [
      '-c',
      'import sys, xml.etree.ElementTree as ET; root = ET.fromstring(sys.stdin.buffer.read()); print(" ".join(v for e in root.iter() for v in e.attrib.values()), " ".join(e.text or "" for e in root.iter()))',
    ],
    { input: bytes, encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'] },
  );
}

describe('SVG: an XHTML <meta> in a foreignObject', () => {
  it.each([
    ['the default namespace', ''],
    ['a prefix', 'h'],
  ])('goes with the author and tool it names (%s)', async (_, prefix) => {
    const path = join(tempDir('svg-html-meta'), 'drawing.svg');
    const input = new TextEncoder().encode(svg(prefix));
    writeFileSync(path, input);
    expect(valuesByPython(input)).toContain(AUTHOR);
    const { result, bytes } = await cleanFile(path);
    expect(valuesByPython(bytes)).not.toContain(AUTHOR);
    expect(valuesByPython(bytes)).toContain('Shown words');
    expectNoLeaks(input, bytes, [AUTHOR, GENERATOR]);
    expect(
      result.removed
        .map((f) => [f.field, f.value])
        .filter(([, v]) => v?.startsWith('CANARY')),
    ).toEqual([
      ['author.name', AUTHOR],
      ['software.creator', GENERATOR],
    ]);
  });
});
