/**
 * Documents whose binary parts test what the package driver recognises by bytes: a Word document,
 * an OpenDocument text and an EPUB holding an EMF and a WMF with canaries (`metafile-fixtures.ts`),
 * parts whose declared type their bytes do not bear out (text named `.png`, an octet-stream
 * object, an unknown image type), and fonts: a bare sfnt and an Office obfuscated one.
 */
import { strToU8, zipSync, type Zippable } from 'fflate';
import { canaryEmf, canaryWmf } from './metafile-fixtures';

export const FAKE_CANARIES = [
  'CANARYFAKEPNG',
  'CANARYBLOB',
  'CANARYODDTYPE',
] as const;
export const FONT_GUID = '{4A1E5C7B-92D3-4F60-8B1A-3C5D7E9F0A2B}';

/** A minimal sfnt: its offset table and four table records, each inside the file. */
export function sfntFont(tableBytes = 16): Uint8Array {
  const tables = ['cmap', 'head', 'hhea', 'maxp'];
  const directory = 12 + tables.length * 16;
  const out = Buffer.alloc(directory + tables.length * tableBytes, 0x11);
  out.writeUInt32BE(0x00010000, 0);
  out.writeUInt16BE(tables.length, 4);
  out.fill(0, 6, 12);
  tables.forEach((tag, i) => {
    const at = 12 + i * 16;
    out.write(tag, at, 'latin1');
    out.writeUInt32BE(0, at + 4);
    out.writeUInt32BE(directory + i * tableBytes, at + 8);
    out.writeUInt32BE(tableBytes, at + 12);
  });
  return new Uint8Array(out);
}

/** ECMA-376 Part 1, 17.8.1: the font's first 32 bytes XORed with its GUID's bytes, last first. */
export function obfuscated(font: Uint8Array, guid = FONT_GUID): Uint8Array {
  const hex = guid.replace(/[{}-]/g, '');
  const key = Array.from({ length: 16 }, (_, i) =>
    parseInt(hex.slice(30 - i * 2, 32 - i * 2), 16),
  );
  const out = font.slice();
  for (let i = 0; i < 32; i++) out[i]! ^= key[i % 16]!;
  return out;
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const IMAGE = `${R}/image`;

const picture = (id: string) =>
  `<w:p><w:r><w:pict><v:shape id="s${id}" style="width:50pt;height:50pt"><v:imagedata r:id="${id}" o:title=""/></v:shape></w:pict></w:r></w:p>`;

/** A DOCX with an EMF, a WMF, three parts nothing recognises and two embedded fonts. */
export function metafileDocx(): Uint8Array {
  const body = [
    '<w:p><w:r><w:t>Drawings follow.</w:t></w:r></w:p>',
    ...['rEmf', 'rWmf', 'rFake', 'rOdd'].map(picture),
    '<w:p><w:r><w:t>The end.</w:t></w:r></w:p>',
  ].join('');
  const files: Zippable = {
    '[Content_Types].xml': strToU8(
      `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="emf" ContentType="image/x-emf"/><Default Extension="wmf" ContentType="image/x-wmf"/><Default Extension="png" ContentType="image/png"/><Default Extension="bin" ContentType="application/octet-stream"/><Default Extension="xyz" ContentType="image/x-xyz"/><Default Extension="odttf" ContentType="application/vnd.openxmlformats-officedocument.obfuscatedFont"/><Default Extension="ttf" ContentType="application/x-font-ttf"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/fontTable.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.fontTable+xml"/></Types>`,
    ),
    '_rels/.rels': strToU8(
      `${XML}<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${R}/officeDocument" Target="word/document.xml"/></Relationships>`,
    ),
    'word/document.xml': strToU8(
      `${XML}<w:document xmlns:w="${W}" xmlns:r="${R}" xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office"><w:body>${body}<w:p><w:r><w:object><o:OLEObject Type="Embed" ProgID="Package" r:id="rBlob"/></w:object></w:r></w:p></w:body></w:document>`,
    ),
    'word/_rels/document.xml.rels': strToU8(
      `${XML}<Relationships xmlns="${RELS}"><Relationship Id="rEmf" Type="${IMAGE}" Target="media/image99.emf"/><Relationship Id="rWmf" Type="${IMAGE}" Target="media/image98.wmf"/><Relationship Id="rFake" Type="${IMAGE}" Target="media/fake.png"/><Relationship Id="rOdd" Type="${IMAGE}" Target="media/odd.xyz"/><Relationship Id="rBlob" Type="${R}/oleObject" Target="media/blob.bin"/><Relationship Id="rFonts" Type="${R}/fontTable" Target="fontTable.xml"/></Relationships>`,
    ),
    'word/fontTable.xml': strToU8(
      `${XML}<w:fonts xmlns:w="${W}" xmlns:r="${R}"><w:font w:name="Canary Sans"><w:embedRegular r:id="rF1" w:fontKey="${FONT_GUID}"/><w:embedBold r:id="rF2"/></w:font></w:fonts>`,
    ),
    'word/_rels/fontTable.xml.rels': strToU8(
      `${XML}<Relationships xmlns="${RELS}"><Relationship Id="rF1" Type="${R}/font" Target="fonts/${FONT_GUID}.odttf"/><Relationship Id="rF2" Type="${R}/font" Target="fonts/bold.ttf"/></Relationships>`,
    ),
    'word/media/image99.emf': canaryEmf(),
    'word/media/image98.wmf': canaryWmf(),
    'word/media/fake.png': strToU8('CANARYFAKEPNG not a picture at all'),
    'word/media/blob.bin': strToU8('CANARYBLOB some object bytes'),
    'word/media/odd.xyz': strToU8('CANARYODDTYPE an image of no known type'),
    [`word/fonts/${FONT_GUID}.odttf`]: obfuscated(sfntFont()),
    'word/fonts/bold.ttf': sfntFont(),
  };
  return zipSync(files, { mtime: new Date('2022-03-04T05:06:07Z') });
}

const ODF =
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" xmlns:xlink="http://www.w3.org/1999/xlink"';

const frame = (href: string) =>
  `<text:p><draw:frame draw:name="${href}" svg:width="2cm" svg:height="2cm"><draw:image xlink:href="${href}" xlink:type="simple" xlink:show="embed" xlink:actuate="onLoad"/></draw:frame></text:p>`;

/** An ODT with an EMF, a WMF and a `.png` that is text. */
export function metafileOdt(): Uint8Array {
  const pictures = [
    'Pictures/drawing.emf',
    'Pictures/drawing.wmf',
    'Pictures/fake.png',
  ];
  const files: Zippable = {
    mimetype: [
      strToU8('application/vnd.oasis.opendocument.text'),
      { level: 0 },
    ],
    'META-INF/manifest.xml': strToU8(
      `${XML}<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2"><manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.text"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/><manifest:file-entry manifest:full-path="Pictures/drawing.emf" manifest:media-type="image/x-emf"/><manifest:file-entry manifest:full-path="Pictures/drawing.wmf" manifest:media-type="image/x-wmf"/><manifest:file-entry manifest:full-path="Pictures/fake.png" manifest:media-type="image/png"/></manifest:manifest>`,
    ),
    'content.xml': strToU8(
      `${XML}<office:document-content ${ODF} office:version="1.2"><office:body><office:text><text:p>Drawings follow.</text:p>${pictures.map(frame).join('')}<text:p>The end.</text:p></office:text></office:body></office:document-content>`,
    ),
    'Pictures/drawing.emf': canaryEmf(),
    'Pictures/drawing.wmf': canaryWmf(),
    'Pictures/fake.png': strToU8('CANARYFAKEPNG not a picture at all'),
  };
  return zipSync(files, { mtime: new Date('2022-03-04T05:06:07Z') });
}

/** An EPUB with a `.png` that is text and a font. */
export function fakePictureEpub(): Uint8Array {
  const files: Zippable = {
    mimetype: [strToU8('application/epub+zip'), { level: 0 }],
    'META-INF/container.xml': strToU8(
      '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
    ),
    'OEBPS/content.opf': strToU8(
      `${XML}<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="uid">urn:uuid:00000000-0000-4000-8000-000000000000</dc:identifier><dc:title>Pictures</dc:title><dc:language>en</dc:language></metadata><manifest><item id="ch1" href="ch1.xhtml" media-type="application/xhtml+xml"/><item id="fake" href="images/fake.png" media-type="image/png"/><item id="font" href="fonts/body.ttf" media-type="font/ttf"/><item id="css" href="style.css" media-type="text/css"/></manifest><spine><itemref idref="ch1"/></spine></package>`,
    ),
    'OEBPS/ch1.xhtml': strToU8(
      `${XML}<html xmlns="http://www.w3.org/1999/xhtml"><head><title>One</title><link rel="stylesheet" href="style.css"/></head><body><p>Quiet.</p><img src="images/fake.png" alt=""/></body></html>`,
    ),
    'OEBPS/images/fake.png': strToU8('CANARYFAKEPNG not a picture at all'),
    'OEBPS/fonts/body.ttf': sfntFont(),
    'OEBPS/style.css': strToU8('p { margin: 0 }'),
  };
  return zipSync(files, { mtime: new Date('2022-03-04T05:06:07Z') });
}
