/**
 * One small document per family the engine cleans (PDF, Word, Excel, PowerPoint, OpenDocument
 * text and spreadsheet, EPUB), each with a value holding DOC_CANARY in every metadata place its
 * format has: document information and XMP, core and app properties, comments, tracked changes,
 * settings, thumbnails, package metadata. The hostile-input property test mutates them; the leak
 * oracle judges every output, since the canary sits in deflated members and streams.
 */
import { strToU8, zipSync, type Zippable } from 'fflate';
import {
  CANARY,
  gpsJpeg,
  syntheticDocx,
  syntheticPptx,
  syntheticXlsx,
} from './office-fixtures';
import { MANIFEST_HEAD, ODF_META, ODF_NS, syntheticEpub } from './odf-fixtures';
import { buildPdf, xmpPacket, type PdfBody } from './pdf-fixtures';

/** Every planted value holds this; a clean output holds it nowhere. */
export const DOC_CANARY = CANARY;

const hex16 = (text: string) =>
  `<FEFF${Buffer.from(text, 'utf16le').swap16().toString('hex').toUpperCase()}>`;

/** Information (one value UTF-16BE), XMP, an annotation's author and a piece dictionary. */
function canaryPdf(): Uint8Array {
  const id = `<${Buffer.from('CANARY_ID_000001').toString('hex')}>`;
  return buildPdf(
    new Map<number, PdfBody>([
      [
        1,
        '<< /Type /Catalog /Pages 2 0 R /Metadata 5 0 R /PieceInfo << /App << /Private (CANARY_PIECE) >> >> >>',
      ],
      [2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>'],
      [
        3,
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] /Contents 4 0 R /Annots [7 0 R] >>',
      ],
      [4, { dict: '', data: Buffer.from('0 0 50 50 re f'), flate: true }],
      [
        5,
        {
          dict: '/Type /Metadata /Subtype /XML',
          data: xmpPacket('CANARY_XMP'),
          flate: true,
        },
      ],
      [
        6,
        `<< /Author (CANARY_AUTHOR) /Creator (CANARY_CREATOR) /Producer ${hex16('CANARY_PRODUCER')} /CreationDate (D:20200101000000Z) >>`,
      ],
      [
        7,
        '<< /Type /Annot /Subtype /Text /Rect [0 0 10 10] /T (CANARY_ANNOT_AUTHOR) /M (D:20200101000000Z) >>',
      ],
    ]),
    `/Root 1 0 R /Info 6 0 R /ID [${id} ${id}]`,
  );
}

const ODF_SETTINGS = `<?xml version="1.0" encoding="UTF-8"?><office:document-settings ${ODF_NS} office:version="1.3"><office:settings><config:config-item-set config:name="ooo:configuration-settings"><config:config-item config:name="PrinterName" config:type="string">CANARY_PRINTER</config:config-item></config:config-item-set></office:settings></office:document-settings>`;

const ANNOTATION =
  '<office:annotation><dc:creator>CANARY_ANNOTATION_AUTHOR</dc:creator><dc:date>2021-02-02T00:00:00</dc:date><text:p>Check</text:p></office:annotation>';

const ODF_BODIES = {
  text: `<office:text><text:tracked-changes><text:changed-region text:id="ct1"><text:insertion><office:change-info><dc:creator>CANARY_TRACK_AUTHOR</dc:creator><dc:date>2021-01-01T00:00:00</dc:date></office:change-info></text:insertion></text:changed-region></text:tracked-changes><text:p>Plain words. <text:change-start text:change-id="ct1"/>Inserted.<text:change-end text:change-id="ct1"/></text:p><text:p>${ANNOTATION}Annotated.</text:p></office:text>`,
  spreadsheet: `<office:spreadsheet><table:table table:name="Sheet1"><table:table-row><table:table-cell office:value-type="string">${ANNOTATION}<text:p>42</text:p></table:table-cell></table:table-row></table:table></office:spreadsheet>`,
} as const;

/** An OpenDocument package: meta, settings with a printer, a thumbnail, an annotated body. */
function canaryOdf(kind: keyof typeof ODF_BODIES): Uint8Array {
  const mime = `application/vnd.oasis.opendocument.${kind}`;
  const table = 'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"';
  const entry = (path: string, type: string) =>
    `<manifest:file-entry manifest:full-path="${path}" manifest:media-type="${type}"/>`;
  const files: Zippable = {
    mimetype: [strToU8(mime), { level: 0 }],
    'content.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><office:document-content ${ODF_NS} ${table} office:version="1.3"><office:body>${ODF_BODIES[kind]}</office:body></office:document-content>`,
    ),
    'meta.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><office:document-meta ${ODF_NS} office:version="1.3">${ODF_META}</office:document-meta>`,
    ),
    'settings.xml': strToU8(ODF_SETTINGS),
    'Thumbnails/thumbnail.png': strToU8('CANARY_THUMBNAIL'),
    'META-INF/manifest.xml': strToU8(
      `${MANIFEST_HEAD}<manifest:file-entry manifest:full-path="/" manifest:version="1.3" manifest:media-type="${mime}"/>${entry('content.xml', 'text/xml')}${entry('meta.xml', 'text/xml')}${entry('settings.xml', 'text/xml')}${entry('Thumbnails/thumbnail.png', 'image/png')}</manifest:manifest>`,
    ),
  };
  return zipSync(files, { mtime: new Date('2022-03-04T05:06:07Z') });
}

/** Every document seed as [name, bytes]; `dir` is scratch space for the EPUB's photo. */
export function documentCanaryFixtures(dir: string): [string, Uint8Array][] {
  return [
    ['canary.pdf', canaryPdf()],
    ['canary.docx', syntheticDocx()],
    ['canary.xlsx', syntheticXlsx()],
    ['canary.pptx', syntheticPptx()],
    ['canary.odt', canaryOdf('text')],
    ['canary.ods', canaryOdf('spreadsheet')],
    ['canary.epub', syntheticEpub(gpsJpeg(dir, 'epub-photo.jpg'))],
  ];
}
