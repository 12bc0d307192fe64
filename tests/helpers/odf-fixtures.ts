/**
 * OpenDocument and EPUB fixtures with a canary planted in every identifying place. The text
 * document comes from LibreOffice (a flat ODF file converted to .odt, so tracked changes,
 * annotations and an embedded photo are what LibreOffice writes); the others are written here.
 */
import { strToU8, zipSync, type Zippable } from 'fflate';

export const ODF_NS =
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:meta="urn:oasis:names:tc:opendocument:xmlns:meta:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0" xmlns:config="urn:oasis:names:tc:opendocument:xmlns:config:1.0"';

export const ODF_META = `<office:meta><meta:initial-creator>CANARY_INITIAL_CREATOR</meta:initial-creator><dc:creator>CANARY_DC_CREATOR</dc:creator><meta:creation-date>2020-01-01T00:00:00</meta:creation-date><meta:generator>CANARY_GENERATOR</meta:generator><dc:title>CANARY_TITLE</dc:title><meta:user-defined meta:name="Owner">CANARY_USER_DEFINED</meta:user-defined></office:meta>`;

export const KEPT_TEXT = [
  'Quarterly plan for the garden project.',
  'The fence goes on the north side.',
  'Inserted words stay.',
  'Annotated paragraph.',
];
export const DELETED_TEXT = 'CANARY_DELETED_TEXT';
export const ANNOTATION_TEXT = 'Check the budget';

/** A flat ODF text document with tracked changes, an annotation and an embedded JPEG. */
export function flatOdt(jpeg: Uint8Array): string {
  const change = (id: string, kind: string, body = '') =>
    `<text:changed-region text:id="${id}"><text:${kind}><office:change-info><dc:creator>CANARY_TRACK_AUTHOR</dc:creator><dc:date>2021-01-01T00:00:00</dc:date></office:change-info>${body}</text:${kind}></text:changed-region>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<office:document ${ODF_NS} office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">${ODF_META}<office:body><office:text><text:tracked-changes>${change('ct1', 'insertion')}${change('ct2', 'deletion', `<text:p>${DELETED_TEXT}</text:p>`)}</text:tracked-changes>
<text:p>${KEPT_TEXT[0]}</text:p>
<text:p>${KEPT_TEXT[1]} <text:change-start text:change-id="ct1"/>${KEPT_TEXT[2]}<text:change-end text:change-id="ct1"/><text:change text:change-id="ct2"/></text:p>
<text:p><office:annotation><dc:creator>CANARY_ANNOTATION_AUTHOR</dc:creator><dc:date>2021-02-02T00:00:00</dc:date><text:p>${ANNOTATION_TEXT}</text:p></office:annotation>${KEPT_TEXT[3]}</text:p>
<text:p><draw:frame draw:name="photo" svg:width="2cm" svg:height="1.5cm"><draw:image><office:binary-data>${Buffer.from(jpeg).toString('base64')}</office:binary-data></draw:image></draw:frame></text:p>
</office:text></office:body></office:document>`;
}

export const MANIFEST_HEAD =
  '<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3">';

/** A presentation written part by part: notes, settings with a printer, a thumbnail, a photo. */
export function syntheticOdp(jpeg: Uint8Array): Uint8Array {
  const mime = 'application/vnd.oasis.opendocument.presentation';
  const files: Zippable = {
    mimetype: [strToU8(mime), { level: 0 }],
    'content.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><office:document-content ${ODF_NS} office:version="1.3"><office:body><office:presentation><draw:page draw:name="p1"><draw:frame><draw:image xlink:href="Pictures/photo.jpg"/></draw:frame><presentation:notes><draw:frame><draw:text-box><text:p>Speaker reminder</text:p></draw:text-box></draw:frame></presentation:notes></draw:page></office:presentation></office:body></office:document-content>`,
    ),
    'meta.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><office:document-meta ${ODF_NS} office:version="1.3">${ODF_META}</office:document-meta>`,
    ),
    'settings.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><office:document-settings ${ODF_NS} office:version="1.3"><office:settings><config:config-item-set config:name="ooo:configuration-settings"><config:config-item config:name="PrinterName" config:type="string">CANARY_PRINTER</config:config-item><config:config-item config:name="PrinterSetup" config:type="base64Binary">Q0FOQVJZX1BSSU5URVJfU0VUVVA=</config:config-item><config:config-item config:name="IsKernAsianPunctuation" config:type="boolean">false</config:config-item></config:config-item-set></office:settings></office:document-settings>`,
    ),
    'Pictures/photo.jpg': [jpeg, { level: 0 }],
    'Thumbnails/thumbnail.png': strToU8('CANARY_THUMBNAIL'),
    'META-INF/manifest.xml': strToU8(
      `${MANIFEST_HEAD}<manifest:file-entry manifest:full-path="/" manifest:version="1.3" manifest:media-type="${mime}"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/><manifest:file-entry manifest:full-path="meta.xml" manifest:media-type="text/xml"/><manifest:file-entry manifest:full-path="settings.xml" manifest:media-type="text/xml"/><manifest:file-entry manifest:full-path="Pictures/photo.jpg" manifest:media-type="image/jpeg"/><manifest:file-entry manifest:full-path="Thumbnails/thumbnail.png" manifest:media-type="image/png"/><manifest:file-entry manifest:full-path="Pictures/gone.png" manifest:media-type="image/png"/></manifest:manifest>`,
    ),
  };
  return zipSync(files, { mtime: new Date('2022-03-04T05:06:07Z') });
}

export const EPUB_TITLE = 'A Walk in the Garden';

/** An EPUB 3 (with an EPUB 2 NCX) carrying people, dates, tools and identifiers everywhere. */
export function syntheticEpub(
  jpeg: Uint8Array,
  extra: Zippable = {},
): Uint8Array {
  const files: Zippable = {
    mimetype: [strToU8('application/epub+zip'), { level: 0 }],
    'META-INF/container.xml': strToU8(
      '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
    ),
    'META-INF/calibre_bookmarks.txt': strToU8('CANARY_BOOKMARKS'),
    'iTunesMetadata.plist': strToU8('<plist>CANARY_ITUNES_BUYER</plist>'),
    'OEBPS/content.opf': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid" prefix="calibre: https://calibre-ebook.com"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:opf="http://www.idpf.org/2007/opf"><dc:identifier id="uid">urn:isbn:CANARY_ISBN</dc:identifier><dc:identifier id="calibre_id" opf:scheme="calibre">CANARY_CALIBRE_ID</dc:identifier><dc:title id="t1">${EPUB_TITLE}</dc:title><meta refines="#t1" property="title-type">main</meta><dc:language>en</dc:language><dc:creator id="c1">CANARY_CREATOR</dc:creator><meta refines="#c1" property="file-as">CANARY_FILE_AS</meta><dc:contributor>CANARY_CONTRIBUTOR</dc:contributor><dc:publisher>CANARY_PUBLISHER</dc:publisher><dc:date>2019-09-09</dc:date><meta property="dcterms:modified">2021-03-03T03:03:03Z</meta><meta name="calibre:timestamp" content="CANARY_TIMESTAMP"/><meta name="cover" content="cover"/></metadata><manifest><item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/><item id="ch1" href="ch1.xhtml" media-type="application/xhtml+xml"/><item id="cover" href="images/photo.jpg" media-type="image/jpeg" properties="cover-image"/></manifest><spine toc="ncx"><itemref idref="ch1"/></spine></package>`,
    ),
    'OEBPS/toc.ncx': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1"><head><meta name="dtb:uid" content="urn:isbn:CANARY_ISBN"/><meta name="dtb:depth" content="1"/><meta name="dtb:generator" content="CANARY_NCX_GENERATOR"/></head><docTitle><text>${EPUB_TITLE}</text></docTitle><docAuthor><text>CANARY_DOC_AUTHOR</text></docAuthor><navMap><navPoint id="n1" playOrder="1"><navLabel><text>One</text></navLabel><content src="ch1.xhtml"/></navPoint></navMap></ncx>`,
    ),
    'OEBPS/ch1.xhtml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml"><head><meta charset="utf-8"/><meta name="author" content="CANARY_HTML_AUTHOR"/><meta name="generator" content="CANARY_HTML_GENERATOR"/><title>One</title></head><body><p>The garden was quiet.</p><img src="images/photo.jpg" alt=""/></body></html>`,
    ),
    'OEBPS/images/photo.jpg': [jpeg, { level: 0 }],
    ...extra,
  };
  return zipSync(files, { mtime: new Date('2022-03-04T05:06:07Z') });
}
