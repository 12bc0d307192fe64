import { readFileSync, writeFileSync } from 'node:fs';
import { strToU8, zipSync, type Zippable } from 'fflate';

const PHOTOS = 20;
const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** One inline picture, as Word writes it (DrawingML in a run). */
function picture(n: number): string {
  return `<w:p><w:r><w:drawing><wp:inline xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"><wp:extent cx="5400000" cy="4000000"/><wp:docPr id="${n}" name="Picture ${n}"/><a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:nvPicPr><pic:cNvPr id="${n}" name="photo${n}.jpg"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:embed="rIdImg${n}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill><pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="5400000" cy="4000000"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>`;
}

/**
 * A Word document of twenty GPS-tagged photos of about 5 MB each, with an author, a company and
 * rsids, its members deflated as Word and LibreOffice write them (or its photos stored, as a
 * document this engine cleaned once has them).
 */
export function makeBenchDocx(
  path: string,
  photo: string,
  stored = false,
  photos = PHOTOS,
): void {
  const jpeg = new Uint8Array(readFileSync(photo));
  const files: Zippable = {
    '[Content_Types].xml': strToU8(
      `${HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="jpg" ContentType="image/jpeg"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/><Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/></Types>`,
    ),
    '_rels/.rels': strToU8(
      `${HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${R}/officeDocument" Target="word/document.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/><Relationship Id="rId3" Type="${R}/extended-properties" Target="docProps/app.xml"/></Relationships>`,
    ),
    'docProps/core.xml': strToU8(
      `${HEAD}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>Bench Author</dc:creator><cp:lastModifiedBy>Bench Author</cp:lastModifiedBy></cp:coreProperties>`,
    ),
    'docProps/app.xml': strToU8(
      `${HEAD}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"><Company>Bench Company</Company></Properties>`,
    ),
    'word/document.xml': strToU8(
      `${HEAD}<w:document xmlns:w="${W}" xmlns:r="${R}"><w:body><w:p w:rsidR="00A1B2C3"><w:r><w:t>Twenty photos.</w:t></w:r></w:p>${Array.from({ length: photos }, (_, i) => picture(i + 1)).join('')}</w:body></w:document>`,
    ),
    'word/_rels/document.xml.rels': strToU8(
      `${HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${Array.from({ length: photos }, (_, i) => `<Relationship Id="rIdImg${i + 1}" Type="${R}/image" Target="media/photo${i + 1}.jpg"/>`).join('')}</Relationships>`,
    ),
  };
  for (let i = 1; i <= photos; i++)
    files[`word/media/photo${i}.jpg`] = stored ? [jpeg, { level: 0 }] : jpeg;
  writeFileSync(path, zipSync(files, { level: 6 }));
}
