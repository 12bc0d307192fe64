/**
 * Inputs for the shared CSS reader (workers/engine/shared/css/sheet.ts), which every `.css` file,
 * `<style>` element and `style` attribute of an EPUB or an SVG goes through: an EPUB whose chapter
 * is made of 3.3 MB of style rules, and a 6.9 MB SVG drawing of 100,000 shapes, each with a style
 * attribute referencing a gradient. Each also carries an author, so there is metadata to remove.
 */
import { writeFileSync } from 'node:fs';
import { strToU8, zipSync } from 'fflate';

const RULES = 24_000;
const SHAPES = 100_000;
const GRADIENTS = 100;

/** One rule of a book's style sheet, as e-book tools write them: classes, fonts, margins. */
const rule = (n: number) =>
  `.c${n} > p.s${n % 97}, h${1 + (n % 6)}.t${n} { font-family: "Georgia", "Times New Roman", serif; margin: 0 0 ${n % 3}em ${n % 5}px; color: #${(n * 2654435761).toString(16).slice(-6).padStart(6, '0')}; text-indent: 1.5em }\n`;

/** An EPUB 3 whose one chapter holds a `<style>` element of some 3.3 MB. */
export function makeStylesEpub(path: string): void {
  let styles = '';
  for (let n = 0; n < RULES; n++) styles += rule(n);
  const chapter = `<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml"><head><title>Chapter</title><style>
${styles}</style></head><body><h1 class="t1">Chapter one</h1><p class="s1">The words of the chapter.</p></body></html>
`;
  const opf = `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">urn:uuid:5a1e0000-0000-4000-8000-000000000021</dc:identifier><dc:title>Bench styles</dc:title><dc:language>en</dc:language><dc:creator>Bench Author</dc:creator><meta property="dcterms:modified">2024-05-01T12:00:00Z</meta></metadata><manifest><item id="c" href="chapter.xhtml" media-type="application/xhtml+xml"/><item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/></manifest><spine><itemref idref="c"/></spine></package>
`;
  const nav = `<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>Contents</title></head><body><nav epub:type="toc"><ol><li><a href="chapter.xhtml">Chapter one</a></li></ol></nav></body></html>
`;
  const container = `<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>
`;
  writeFileSync(
    path,
    zipSync({
      mimetype: [strToU8('application/epub+zip'), { level: 0 }],
      'META-INF/container.xml': strToU8(container),
      'OEBPS/content.opf': strToU8(opf),
      'OEBPS/nav.xhtml': strToU8(nav),
      'OEBPS/chapter.xhtml': strToU8(chapter),
    }),
  );
}

/** An SVG of 100,000 rectangles, each styled with one of 100 gradients by `url(#...)`. */
export function makeStyledSvg(path: string): void {
  const parts = [
    '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" width="1000" height="1000">\n',
    '<metadata><rdf:RDF><rdf:Description><dc:creator>Bench Author</dc:creator></rdf:Description></rdf:RDF></metadata>\n<defs>\n',
  ];
  for (let g = 0; g < GRADIENTS; g++)
    parts.push(
      `<linearGradient id="g${g}"><stop offset="0" stop-color="#${(g * 40503).toString(16).slice(-6).padStart(6, '0')}"/><stop offset="1" stop-color="#fff"/></linearGradient>\n`,
    );
  parts.push('</defs>\n');
  for (let n = 0; n < SHAPES; n++)
    parts.push(
      `<rect x="${n % 1000}" y="${(n / 100) | 0}" width="3" height="3" style="fill:url(#g${n % GRADIENTS})"/>\n`,
    );
  parts.push('</svg>\n');
  writeFileSync(path, parts.join(''));
}
