/**
 * Zip documents that cost a careless cleaner much more than their size (issue 18, "Bounds"): an
 * OpenDocument manifest of tens of thousands of folder entries, a Word document of tens of
 * thousands of small photos, and a Word document of several large parts that all need edits.
 * The tests clean them and the bench times them (`npm run bench -- bomb`).
 */
import { strToU8, zipSync, type Zippable } from 'fflate';

const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const TYPES = 'http://schemas.openxmlformats.org/package/2006/content-types';
const MAIN =
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';
const HEADER =
  'application/vnd.openxmlformats-officedocument.wordprocessingml.header+xml';
const ODT = 'application/vnd.oasis.opendocument.text';
const ODF_TEXT_NS =
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:meta="urn:oasis:names:tc:opendocument:xmlns:meta:1.0" xmlns:dc="http://purl.org/dc/elements/1.1/"';
/** One folder in this many holds only a member the manifest does not list. */
export const STRAY_EVERY = 100;
/** What every bomb plants where a person's name would be: it must not survive a clean. */
export const BOMB_CANARY = 'CANARY_BOMB_AUTHOR';
/** The body text every bomb carries: it must survive a clean. */
export const BOMB_TEXT = 'Bounded work on every input.';

const rel = (id: string, type: string, target: string) =>
  `<Relationship Id="${id}" Type="${type}" Target="${target}"/>`;

function wordPackage(
  body: string,
  rels: string[],
  extra: Zippable,
  types: string,
): Zippable {
  return {
    '[Content_Types].xml': strToU8(
      `${HEAD}<Types xmlns="${TYPES}"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="jpg" ContentType="image/jpeg"/><Override PartName="/word/document.xml" ContentType="${MAIN}"/><Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>${types}</Types>`,
    ),
    '_rels/.rels': strToU8(
      `${HEAD}<Relationships xmlns="${PKG_RELS}">${rel('rId1', `${R}/officeDocument`, 'word/document.xml')}${rel('rId2', `${PKG_RELS}/metadata/core-properties`, 'docProps/core.xml')}</Relationships>`,
    ),
    'docProps/core.xml': strToU8(
      `${HEAD}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>${BOMB_CANARY}</dc:creator></cp:coreProperties>`,
    ),
    'word/document.xml': strToU8(
      `${HEAD}<w:document xmlns:w="${W}" xmlns:r="${R}"><w:body><w:p><w:r><w:t>${BOMB_TEXT}</w:t></w:r></w:p>${body}</w:body></w:document>`,
    ),
    'word/_rels/document.xml.rels': strToU8(
      `${HEAD}<Relationships xmlns="${PKG_RELS}">${rels.join('')}</Relationships>`,
    ),
    ...extra,
  };
}

/**
 * An OpenDocument text whose manifest lists `folders` folder entries. Each folder holds a listed
 * member (kept), except every hundredth, which holds only a member the manifest does not list:
 * that member is left out, so the folder's entry goes too.
 */
export function manifestFolderOdt(folders: number): Uint8Array {
  const entries: string[] = [];
  const files: Zippable = {
    mimetype: [strToU8(ODT), { level: 0 }],
    'content.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><office:document-content ${ODF_TEXT_NS} office:version="1.3"><office:body><office:text><text:p>${BOMB_TEXT}</text:p></office:text></office:body></office:document-content>`,
    ),
    'meta.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><office:document-meta ${ODF_TEXT_NS} office:version="1.3"><office:meta><dc:creator>${BOMB_CANARY}</dc:creator></office:meta></office:document-meta>`,
    ),
  };
  for (let i = 0; i < folders; i++) {
    const folder = `Folders/f${i}/`;
    entries.push(
      `<manifest:file-entry manifest:full-path="${folder}" manifest:media-type=""/>`,
    );
    if (i % STRAY_EVERY === 0) {
      files[`${folder}stray.bin`] = strToU8(`stray ${i}`);
      continue;
    }
    entries.push(
      `<manifest:file-entry manifest:full-path="${folder}data.bin" manifest:media-type="application/octet-stream"/>`,
    );
    files[`${folder}data.bin`] = strToU8(`data ${i}`);
  }
  files['META-INF/manifest.xml'] = strToU8(
    `<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3"><manifest:file-entry manifest:full-path="/" manifest:version="1.3" manifest:media-type="${ODT}"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/><manifest:file-entry manifest:full-path="meta.xml" manifest:media-type="text/xml"/>${entries.join('')}</manifest:manifest>`,
  );
  return zipSync(files);
}

/** One inline picture referring to relationship `id`. */
const picture = (n: number) =>
  `<w:p><w:r><w:drawing><wp:inline xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"><wp:extent cx="9525" cy="9525"/><wp:docPr id="${n}" name="p${n}"/><a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:nvPicPr><pic:cNvPr id="${n}" name="p${n}.jpg"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:embed="rIdP${n}"/></pic:blipFill><pic:spPr/></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>`;

/** A Word document of `photos` copies of `jpeg`, each its own deflated member and picture. */
export function manyPhotoDocx(jpeg: Uint8Array, photos: number): Uint8Array {
  const body: string[] = [];
  const rels: string[] = [];
  const media: Zippable = {};
  for (let i = 1; i <= photos; i++) {
    body.push(picture(i));
    rels.push(rel(`rIdP${i}`, `${R}/image`, `media/p${i}.jpg`));
    media[`word/media/p${i}.jpg`] = jpeg;
  }
  return zipSync(wordPackage(body.join(''), rels, media, ''), { level: 1 });
}

/**
 * A Word document with `parts` headers of about `bytes` bytes each, every paragraph of which
 * carries revision ids (rsids) the rules remove: each part needs its edits.
 */
export function largePartsDocx(parts: number, bytes: number): Uint8Array {
  // Long paragraphs keep the element count under the walk's bound while the part is large.
  const paragraph = `<w:p w:rsidR="00A1B2C3" w:rsidRDefault="00D4E5F6"><w:r><w:t>${`${BOMB_TEXT} `.repeat(8)}</w:t></w:r></w:p>`;
  const count = Math.max(1, Math.floor(bytes / paragraph.length));
  const header = strToU8(
    `${HEAD}<w:hdr xmlns:w="${W}" xmlns:r="${R}">${paragraph.repeat(count)}</w:hdr>`,
  );
  const rels: string[] = [];
  const headers: Zippable = {};
  const types: string[] = [];
  const refs: string[] = [];
  for (let i = 1; i <= parts; i++) {
    rels.push(rel(`rIdH${i}`, `${R}/header`, `header${i}.xml`));
    headers[`word/header${i}.xml`] = header;
    types.push(
      `<Override PartName="/word/header${i}.xml" ContentType="${HEADER}"/>`,
    );
    refs.push(`<w:headerReference w:type="default" r:id="rIdH${i}"/>`);
  }
  return zipSync(
    wordPackage(
      `<w:sectPr>${refs.join('')}</w:sectPr>`,
      rels,
      headers,
      types.join(''),
    ),
    { level: 1 },
  );
}
