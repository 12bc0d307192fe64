import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanPlan, inspect } from '../../../workers/engine';
import {
  ILLUSTRATOR_SVG,
  INKSCAPE_SVG,
  SVG_CANARIES,
} from '../../helpers/fuzz-svg-fixtures';
import {
  blobOf,
  cleanFile,
  contains,
  exiftool,
  tempDir,
} from '../../helpers/video-tools';
import { corpusFile, describeCorpus } from '../../helpers/corpus';

const CORPUS = corpusFile('mat2');
const EDITOR_GROUPS = /^(SVG-inkscape|SVG-sodipodi|XMP-)/;

let dir = '';
const at = (name: string) => join(dir, name);
const svgBlob = (text: string) => blobOf(Buffer.from(text));
const tags = (path: string) =>
  (JSON.parse(exiftool(path)) as Record<string, unknown>[])[0]!;
const rendered = (path: string) =>
  execFileSync('convert', [path, 'rgba:-']).toString('base64');

async function cleanText(text: string): Promise<string> {
  const path = at('input.svg');
  writeFileSync(path, text);
  return Buffer.from((await cleanFile(path)).bytes).toString('utf8');
}

beforeAll(() => {
  dir = tempDir('svg');
  writeFileSync(at('inkscape.svg'), INKSCAPE_SVG);
  writeFileSync(at('illustrator.svg'), ILLUSTRATOR_SVG);
});

describe('SVG cleaning', () => {
  it('removes metadata, comments, editor namespaces and file paths', async () => {
    const inkscape = await cleanText(INKSCAPE_SVG);
    const illustrator = await cleanText(ILLUSTRATOR_SVG);
    for (const canary of SVG_CANARIES) {
      expect(inkscape).not.toContain(canary);
      expect(illustrator).not.toContain(canary);
    }
    expect(inkscape).not.toMatch(/inkscape|sodipodi|rdf:|dc:/);
    expect(inkscape).not.toContain('</metadata>');
    expect(illustrator).not.toMatch(/i:pgf|xmpmeta|i:extraneous|Generator/);
  });

  it('keeps the drawing, title, desc, viewBox and size, and renders the same pixels', async () => {
    const { path, result } = await cleanFile(at('inkscape.svg'));
    const after = tags(path);
    expect(after['SVG:ViewBox']).toBe('0 0 64 48');
    expect(after['SVG:ImageWidth']).toBe(64);
    expect(rendered(path)).toBe(rendered(at('inkscape.svg')));
    expect(result.kept).toEqual([
      expect.objectContaining({
        label: 'title',
        value: 'Accessible title',
        kept: 'accessibility',
      }),
      expect.objectContaining({
        label: 'desc',
        value: 'A red square & a blue circle',
        kept: 'accessibility',
      }),
    ]);
  });

  it('copies the kept markup byte for byte (CDATA, attribute values with >, preserved text)', async () => {
    const cleaned = await cleanText(INKSCAPE_SVG);
    // The CDATA is copied, not parsed as markup; only its CSS comment goes.
    expect(cleaned).toContain(
      '<style><![CDATA[ rect { stroke: black; }  ]]></style>',
    );
    expect(cleaned).toContain(
      '<rect x="4" y="4" width="24" height="24" fill="red" data-note="a > b" />',
    );
    expect(cleaned).toContain('<circle cx="44" cy="24" r="12" fill="blue" />');
    expect(cleaned).toContain('<g id="layer1">');
  });

  it('resolves Illustrator namespace entities and keeps its rendering', async () => {
    const { path } = await cleanFile(at('illustrator.svg'));
    expect(readFileSync(path, 'utf8')).toContain(
      '<rect x="4" y="4" width="56" height="40" fill="#3a7"/>',
    );
    expect(rendered(path)).toBe(rendered(at('illustrator.svg')));
  });

  it('reports file paths, editor version, creator and comments with categories', async () => {
    const { findings } = await inspect(svgBlob(INKSCAPE_SVG));
    const byLabel = (label: string) => findings.find((f) => f.label === label);
    expect(byLabel('sodipodi:docname')).toMatchObject({
      category: 'identifier',
      value: 'C:\\Users\\CANARY_DOCNAME\\drawing.svg',
    });
    expect(byLabel('inkscape:version')).toMatchObject({ category: 'software' });
    expect(byLabel('XML comment')).toMatchObject({
      category: 'comment',
      value: 'CANARY_COMMENT',
    });
    expect(findings.some((f) => f.value === 'CANARY_CREATOR')).toBe(true);
  });

  describeCorpus('mat2 SVGs', () => {
    it.each(['dirty.svg', 'weird.svg'])(
      'cleans mat2/%s: no editor or XMP tags left, same rendering',
      async (name) => {
        writeFileSync(at(name), readFileSync(`${CORPUS}/${name}`));
        const { path, bytes } = await cleanFile(at(name));
        expect(
          Object.keys(tags(at(name))).some((k) => EDITOR_GROUPS.test(k)),
        ).toBe(true);
        expect(
          Object.keys(tags(path)).filter((k) => EDITOR_GROUPS.test(k)),
        ).toEqual([]);
        expect(contains(bytes, 'jvoisin')).toBe(false);
        expect(tags(path)['SVG:ViewBox']).toBe('0 0 128 128');
        if (name === 'dirty.svg')
          expect(rendered(path)).toBe(rendered(at(name)));
      },
    );
  });

  it('drops an XMP packet wrapper outside <metadata>', async () => {
    const text =
      '<svg xmlns="http://www.w3.org/2000/svg"><?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><rect/><?xpacket end="w"?></svg>';
    expect(await cleanText(text)).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>',
    );
  });

  it.each([
    ['file:///home/CANARY_USER/Pictures/cat.png', 'cat.png'],
    ['C:\\Users\\CANARY_USER\\cat.png', 'cat.png'],
    ['/Users/CANARY_USER/cat.png', 'cat.png'],
    ['file:cat.png', 'cat.png'],
  ])('keeps only the file name of a linked image at %s', async (href, name) => {
    const text = `<svg xmlns:xlink="http://www.w3.org/1999/xlink"><image xlink:href="${href}"/></svg>`;
    const { findings } = await inspect(svgBlob(text));
    expect(findings).toEqual([
      expect.objectContaining({ category: 'identifier', value: href }),
    ]);
    expect(await cleanText(text)).toBe(
      `<svg xmlns:xlink="http://www.w3.org/1999/xlink"><image xlink:href="${name}"/></svg>`,
    );
  });

  it('leaves web links alone', async () => {
    const text =
      '<svg><image href="/images/logo.png"/><a href="https://example.org/x"/></svg>';
    expect(await cleanText(text)).toBe(text);
  });

  it('leaves a clean SVG unchanged', async () => {
    const clean =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>';
    expect(await cleanText(clean)).toBe(clean);
  });
});

describe('SVG with an embedded photo', () => {
  const photoSvg = () => {
    const photo = at('embedded.jpg');
    execFileSync('convert', ['-size', '8x6', 'gradient:red-blue', photo]);
    execFileSync('exiftool', [
      '-q',
      '-overwrite_original',
      '-Artist=CANARY_EMBEDDED_ARTIST',
      ...['-GPSLatitude=48.858370', '-GPSLatitudeRef=N'],
      ...['-GPSLongitude=2.294481', '-GPSLongitudeRef=E'],
      photo,
    ]);
    const base64 = readFileSync(photo)
      .toString('base64')
      .replace(/.{76}/g, '$&\n');
    return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 8 6"><image width="8" height="6" xlink:href="data:image/jpeg;base64,${base64}"/></svg>`;
  };
  const payload = (svgText: string) =>
    Buffer.from(
      /base64,([^"]*)"/.exec(svgText)![1]!.replace(/\s/g, ''),
      'base64',
    );

  it("reports the photo's own GPS and author under the SVG", async () => {
    const { findings } = await inspect(svgBlob(photoSvg()));
    expect(findings).toContainEqual(
      expect.objectContaining({
        category: 'location',
        location: expect.stringMatching(/^svg embedded jpeg/),
      }),
    );
    expect(findings.some((f) => f.value === 'CANARY_EMBEDDED_ARTIST')).toBe(
      true,
    );
  });

  it('cleans the photo inside the data URI, pixels identical', async () => {
    const text = photoSvg();
    const cleaned = await cleanText(text);
    const before = at('before.jpg');
    const after = at('after.jpg');
    writeFileSync(before, payload(text));
    writeFileSync(after, payload(cleaned));
    expect(payload(text).includes('CANARY_EMBEDDED_ARTIST')).toBe(true);
    expect(payload(cleaned).includes('CANARY_EMBEDDED_ARTIST')).toBe(false);
    expect(
      Object.keys(tags(after)).filter((k) => k.startsWith('GPS:')),
    ).toEqual([]);
    expect(rendered(after)).toBe(rendered(before));
  });

  it('refuses an SVG hidden behind a raster data: URI as unsupported', async () => {
    const inner = Buffer.from('<svg><!-- x --></svg>').toString('base64');
    const text = `<svg><image href="data:image/png;base64,${inner}"/></svg>`;
    await expect(cleanPlan(svgBlob(text))).rejects.toMatchObject({
      code: 'unsupported',
    });
  });

  it('fails as corrupt when the payload is not base64', async () => {
    const text = '<svg><image href="data:image/png;base64,@@@@"/></svg>';
    await expect(cleanPlan(svgBlob(text))).rejects.toMatchObject({
      code: 'corrupt',
    });
  });
});

describe('SVG hostile input', () => {
  it.each([
    ['an unterminated comment', '<svg><!-- never closed </svg>'],
    ['mismatched tags', '<svg><g></svg>'],
    ['an unclosed root', '<svg><g></g>'],
    ['an unquoted attribute', '<svg width=10></svg>'],
    ['an unterminated tag', '<svg width="10"'],
  ])('fails as corrupt on %s', async (_, text) => {
    await expect(cleanPlan(svgBlob(text))).rejects.toMatchObject({
      code: 'corrupt',
    });
  });

  it('fails as unsupported on XML that is not SVG (a GPX track)', async () => {
    const gpx =
      '<?xml version="1.0"?><gpx><trk><trkpt lat="48.858370" lon="2.294481"/></trk></gpx>';
    await expect(cleanPlan(svgBlob(gpx))).rejects.toMatchObject({
      code: 'unsupported',
    });
  });

  it('walks deep nesting without recursion', async () => {
    const depth = 20_000;
    const text = `<svg>${'<g>'.repeat(depth)}<!-- x -->${'</g>'.repeat(depth)}</svg>`;
    const result = await cleanPlan(svgBlob(text));
    expect(result.removed).toHaveLength(1);
  });

  it('refuses an SVG larger than the metadata limit as too large', async () => {
    const huge = new Blob([
      Buffer.from('<svg>'),
      new Uint8Array(64 * 1024 * 1024),
    ]);
    await expect(cleanPlan(huge)).rejects.toMatchObject({ code: 'too-large' });
  });
});
