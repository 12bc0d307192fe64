/**
 * Flat OpenDocument files (one XML file, ODF 1.2 3.1) with a canary in every meta field, a
 * comment and its author, a tracked change and its author, a printer, a template path and custom
 * properties; visible text, a hidden sheet's name and a slide's notes as content. LibreOffice
 * turns them into every office format it writes.
 */
import type { CanarySet } from './canaries';

const NS = [
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"',
  'xmlns:meta="urn:oasis:names:tc:opendocument:xmlns:meta:1.0"',
  'xmlns:dc="http://purl.org/dc/elements/1.1/"',
  'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"',
  'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"',
  'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"',
  'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0"',
  'xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0"',
  'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0"',
  'xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"',
  'xmlns:xlink="http://www.w3.org/1999/xlink"',
  'xmlns:config="urn:oasis:names:tc:opendocument:xmlns:config:1.0"',
  'xmlns:officeooo="http://openoffice.org/2009/office"',
].join(' ');

/** A package's meta.xml with a canary in every meta field (ODF 1.2 4.1). */
export function metaXml(set: CanarySet): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<office:document-meta ${NS} office:version="1.2">${meta(set)}</office:document-meta>`;
}

function meta(set: CanarySet): string {
  const t = (field: string) => set.text(field);
  return `<office:meta>
  <meta:initial-creator>${t('meta initial-creator')}</meta:initial-creator>
  <dc:creator>${t('meta creator')}</dc:creator>
  <meta:creation-date>1971-02-03T04:05:06</meta:creation-date>
  <dc:date>1971-02-03T04:05:06</dc:date>
  <meta:printed-by>${t('meta printed-by')}</meta:printed-by>
  <meta:print-date>1971-02-03T04:05:06</meta:print-date>
  <dc:title>${t('meta title')}</dc:title>
  <dc:subject>${t('meta subject')}</dc:subject>
  <dc:description>${t('meta description')}</dc:description>
  <meta:keyword>${t('meta keyword')}</meta:keyword>
  <dc:language>en-US</dc:language>
  <meta:editing-cycles>77</meta:editing-cycles>
  <meta:editing-duration>PT7H7M7S</meta:editing-duration>
  <meta:generator>${t('meta generator')}</meta:generator>
  <meta:template xlink:type="simple" xlink:href="/home/${t('template path')}/tpl.ott" xlink:title="${t('template title')}"/>
  <meta:user-defined meta:name="${t('custom property name')}">${t('custom property value')}</meta:user-defined>
  <meta:user-defined meta:name="Client" meta:value-type="string">${t('custom property Client')}</meta:user-defined>
 </office:meta>`;
}

function settings(set: CanarySet): string {
  return `<office:settings><config:config-item-set config:name="ooo:configuration-settings">
  <config:config-item config:name="PrinterName" config:type="string">${set.text('printer name')}</config:config-item>
 </config:config-item-set></office:settings>`;
}

function annotation(set: CanarySet, where: string): string {
  return `<office:annotation><dc:creator>${set.text(`${where} comment author`)}</dc:creator><dc:date>1971-02-03T04:05:06</dc:date><text:p>${set.text(`${where} comment text`)}</text:p></office:annotation>`;
}

const doc = (mime: string, body: string, set: CanarySet, styles = '') =>
  `<?xml version="1.0" encoding="UTF-8"?>
<office:document ${NS} office:version="1.2" office:mimetype="${mime}">
 ${meta(set)}
 ${settings(set)}
 ${styles}
 <office:body>${body}</office:body>
</office:document>
`;

/** A text document: text, a comment, an insertion and a deletion tracked with their authors. */
export function flatText(set: CanarySet): string {
  const change = (id: string, kind: 'insertion' | 'deletion') =>
    `<text:changed-region text:id="${id}"><text:${kind}><office:change-info><dc:creator>${set.text(`tracked ${kind} author`)}</dc:creator><dc:date>1971-02-03T04:05:06</dc:date></office:change-info>${kind === 'deletion' ? `<text:p>${set.text('deleted text')}</text:p>` : ''}</text:${kind}></text:changed-region>`;
  return doc(
    'application/vnd.oasis.opendocument.text',
    `<office:text>
  <text:tracked-changes text:track-changes="true">${change('ct1', 'insertion')}${change('ct2', 'deletion')}</text:tracked-changes>
  <text:p>${set.content('body text')} ${annotation(set, 'text')}</text:p>
  <text:p><text:change-start text:change-id="ct1"/>${set.content('inserted text')}<text:change-end text:change-id="ct1"/></text:p>
  <text:p>kept <text:change text:change-id="ct2"/>after</text:p>
 </office:text>`,
    set,
  );
}

/** A spreadsheet: a visible sheet with a comment, a hidden sheet whose name is content. */
export function flatSpreadsheet(set: CanarySet): string {
  const styles = `<office:automatic-styles><style:style style:name="hid" style:family="table"><style:table-properties table:display="false"/></style:style></office:automatic-styles>`;
  return doc(
    'application/vnd.oasis.opendocument.spreadsheet',
    `<office:spreadsheet>
  <table:table table:name="${set.content('sheet name')}"><table:table-row><table:table-cell office:value-type="string"><text:p>${set.content('cell text')}</text:p>${annotation(set, 'cell')}</table:table-cell></table:table-row></table:table>
  <table:table table:name="${set.content('hidden sheet name')}" table:style-name="hid"><table:table-row><table:table-cell office:value-type="string"><text:p>${set.content('hidden sheet cell')}</text:p></table:table-cell></table:table-row></table:table>
 </office:spreadsheet>`,
    set,
    styles,
  );
}

/** A presentation: a slide with text and a comment, and speaker notes. */
export function flatPresentation(set: CanarySet): string {
  return doc(
    'application/vnd.oasis.opendocument.presentation',
    `<office:presentation>
  <draw:page draw:name="${set.content('slide name')}">
   <draw:frame svg:x="2cm" svg:y="2cm" svg:width="20cm" svg:height="4cm"><draw:text-box><text:p>${set.content('slide text')}</text:p></draw:text-box></draw:frame>
   <officeooo:annotation svg:x="1cm" svg:y="1cm" svg:width="1cm" svg:height="1cm"><dc:creator>${set.text('slide comment author')}</dc:creator><dc:date>1971-02-03T04:05:06</dc:date><text:p>${set.text('slide comment text')}</text:p></officeooo:annotation>
   <presentation:notes><draw:frame svg:x="2cm" svg:y="14cm" svg:width="17cm" svg:height="10cm" presentation:class="notes"><draw:text-box><text:p>${set.content('speaker notes')}</text:p></draw:text-box></draw:frame></presentation:notes>
  </draw:page>
 </office:presentation>`,
    set,
  );
}

/** A drawing: a shape with text, a layer whose name is content, a comment. */
export function flatDrawing(set: CanarySet): string {
  return doc(
    'application/vnd.oasis.opendocument.graphics',
    `<office:drawing>
  <draw:page draw:name="${set.content('page name')}">
   <draw:rect svg:x="2cm" svg:y="2cm" svg:width="10cm" svg:height="4cm"><text:p>${set.content('shape text')}</text:p></draw:rect>
   <officeooo:annotation svg:x="1cm" svg:y="1cm" svg:width="1cm" svg:height="1cm"><dc:creator>${set.text('drawing comment author')}</dc:creator><dc:date>1971-02-03T04:05:06</dc:date><text:p>${set.text('drawing comment text')}</text:p></officeooo:annotation>
  </draw:page>
 </office:drawing>`,
    set,
  );
}
