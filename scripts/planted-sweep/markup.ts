/**
 * Hand-written files of the formats tools write as text: an SVG as Inkscape saves it (RDF
 * metadata, sodipodi and inkscape attributes with local paths, a comment) and an EPUB with a
 * canary in every Dublin Core and `meta` field of its package document, and a ZIP holding a
 * planted JPEG.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { CanarySet } from './canaries';
import type { Fixture, FixtureMaker } from './check';

function svg(set: CanarySet): string {
  const t = (field: string) => set.text(field);
  return `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<!-- Created with Inkscape (http://www.inkscape.org/) ${t('XML comment')} -->
<svg xmlns="http://www.w3.org/2000/svg" xmlns:svg="http://www.w3.org/2000/svg"
  xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
  xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"
  xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"
  xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:cc="http://creativecommons.org/ns#"
  width="120" height="80" viewBox="0 0 120 80" version="1.1"
  sodipodi:docname="${t('sodipodi docname')}.svg"
  inkscape:version="1.2 (${t('inkscape version')})"
  inkscape:export-filename="/home/${t('inkscape export-filename')}/out.png"
  inkscape:export-xdpi="96" inkscape:export-ydpi="96">
  <title>${set.content('title')}</title>
  <desc>${set.content('desc')}</desc>
  <metadata>
    <rdf:RDF><cc:Work rdf:about="">
      <dc:title>${t('dc title')}</dc:title>
      <dc:creator><cc:Agent><dc:title>${t('dc creator')}</dc:title></cc:Agent></dc:creator>
      <dc:date>1971-02-03</dc:date>
      <dc:publisher><cc:Agent><dc:title>${t('dc publisher')}</dc:title></cc:Agent></dc:publisher>
      <dc:description>${t('dc description')}</dc:description>
    </cc:Work></rdf:RDF>
  </metadata>
  <sodipodi:namedview id="namedview1" pagecolor="#ffffff" inkscape:current-layer="${t('inkscape current-layer')}" inkscape:window-width="1920"/>
  <g inkscape:label="${t('inkscape layer label')}" inkscape:groupmode="layer" id="layer1">
    <rect x="10" y="10" width="100" height="60" fill="#3366cc"/>
    <text x="20" y="45" font-size="12">${set.content('visible text')}</text>
    <image x="0" y="0" width="1" height="1" sodipodi:absref="/home/${t('sodipodi absref')}/pic.png" xlink:href="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==" xmlns:xlink="http://www.w3.org/1999/xlink"/>
  </g>
</svg>
`;
}

function svgFixture(dir: string): Fixture {
  const set = new CanarySet();
  const path = join(dir, 'planted.svg');
  writeFileSync(path, svg(set));
  return {
    name: 'SVG (Inkscape)',
    path,
    canaries: set,
    gps: false,
    content: 'pixels',
  };
}

function opf(set: CanarySet): string {
  const t = (field: string) => set.text(field);
  return `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid">
 <metadata xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:opf="http://www.idpf.org/2007/opf">
  <dc:identifier id="uid">urn:uuid:${t('dc identifier')}</dc:identifier>
  <dc:title>${set.content('dc title')}</dc:title>
  <dc:language>en</dc:language>
  <dc:creator id="c1">${t('dc creator')}</dc:creator>
  <meta refines="#c1" property="file-as">${t('creator file-as')}</meta>
  <dc:contributor>${t('dc contributor')}</dc:contributor>
  <dc:publisher>${t('dc publisher')}</dc:publisher>
  <dc:rights>${t('dc rights')}</dc:rights>
  <dc:description>${t('dc description')}</dc:description>
  <dc:subject>${t('dc subject')}</dc:subject>
  <dc:source>${t('dc source')}</dc:source>
  <dc:date>1971-02-03</dc:date>
  <meta property="dcterms:modified">1971-02-03T04:05:06Z</meta>
  <meta name="calibre:timestamp" content="1971-02-03T04:05:06"/>
  <meta name="calibre:user_metadata:#notes" content="${t('calibre user metadata')}"/>
  <meta name="generator" content="${t('generator')}"/>
 </metadata>
 <manifest>
  <item id="ch1" href="ch1.xhtml" media-type="application/xhtml+xml"/>
  <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
 </manifest>
 <spine><itemref idref="ch1"/></spine>
</package>
`;
}

const xhtml = (title: string, body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>${title}</title></head><body>${body}</body></html>
`;

function epubFixture(dir: string): Fixture {
  const set = new CanarySet();
  const path = join(dir, 'planted.epub');
  const container = `<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>`;
  const chapter = set.content('chapter text');
  writeFileSync(
    path,
    zipSync({
      mimetype: [strToU8('application/epub+zip'), { level: 0 }],
      'META-INF/container.xml': strToU8(container),
      'OEBPS/content.opf': strToU8(opf(set)),
      'OEBPS/ch1.xhtml': strToU8(
        xhtml('One', `<p>${chapter}</p><!-- ${set.text('XHTML comment')} -->`),
      ),
      'OEBPS/nav.xhtml': strToU8(
        xhtml(
          'Nav',
          '<nav epub:type="toc"><ol><li><a href="ch1.xhtml">One</a></li></ol></nav>',
        ),
      ),
    }),
  );
  return { name: 'EPUB', path, canaries: set, gps: false, content: 'epub' };
}

/** A ZIP archive of a planted photo (the sweep's JPEG) and a text file, as `zip` makes one. */
function zipFixture(dir: string, photo: Fixture): Fixture {
  const path = join(dir, 'planted.zip');
  const note = photo.canaries.content('text file in the archive');
  writeFileSync(
    path,
    zipSync({
      'photos/planted.jpg': readFileSync(photo.path),
      'notes.txt': strToU8(`${note}\n`),
    }),
  );
  return {
    name: 'ZIP (planted JPEG)',
    path,
    canaries: photo.canaries,
    gps: true,
    content: 'none',
  };
}

export const markupFixtures: readonly FixtureMaker[] = [
  { name: 'SVG (Inkscape)', make: svgFixture },
  { name: 'EPUB', make: epubFixture },
];

/** A ZIP of the photo `jpeg` makes. */
export const zipFixtureOf = (jpeg: FixtureMaker): FixtureMaker => ({
  name: 'ZIP (planted JPEG)',
  make: (dir: string) => zipFixture(dir, jpeg.make(dir)),
});
