/**
 * The keep-list of every zip document format (issue 18, "Done when"): a member no structure
 * reaches, an element and an attribute under a prefix bound to a namespace no rule knows inside a
 * part the rules edit, and a known metadata element under an unusual prefix. Each canary is first
 * found in the input by the leak oracle, then in no layer of the output. The seeds are valid
 * documents, so they must be cleaned, not refused.
 */
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { beforeAll, describe, it } from 'vitest';
import { cleanPlan } from '../../../workers/engine';
import { tempDir } from '../../helpers/image-tools';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import {
  gpsJpeg,
  syntheticDocx,
  syntheticPptx,
  syntheticXlsx,
} from '../../helpers/office-fixtures';
import { syntheticEpub, syntheticOdp } from '../../helpers/odf-fixtures';
import { materialize } from '../../helpers/zip-tools';

type Files = Record<string, Uint8Array>;

const UNKNOWN_MEMBER = 'CANARY_KL_MEMBER';
const UNKNOWN_ELEMENT = 'CANARY_KL_ELEMENT';
const UNKNOWN_ATTRIBUTE = 'CANARY_KL_ATTRIBUTE';
const KNOWN_ELEMENT = 'CANARY_KL_KNOWN';

/** An element and an attribute in a namespace no format knows, under a prefix of its own. */
const UNKNOWN_MARKUP = `<zz:note xmlns:zz="urn:example:unknown" zz:by="${UNKNOWN_ATTRIBUTE}">${UNKNOWN_ELEMENT}</zz:note>`;

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const S = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const P14 = 'http://schemas.microsoft.com/office/powerpoint/2010/main';
const OFFICE = 'urn:oasis:names:tc:opendocument:xmlns:office:1.0';
const TEXT = 'urn:oasis:names:tc:opendocument:xmlns:text:1.0';
const TABLE = 'urn:oasis:names:tc:opendocument:xmlns:table:1.0';
const DC = 'http://purl.org/dc/elements/1.1/';
const ODF_KINDS = {
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
} as const;

/** Replaces `from` in member `name` (which must hold it) with `to`. */
function change(files: Files, name: string, from: string, to: string): void {
  const xml = strFromU8(files[name]!);
  if (!xml.includes(from)) throw new Error(`${name} holds no ${from}`);
  files[name] = strToU8(xml.replace(from, to));
}

/** An annotation whose author is Dublin Core and whose text is ODF text, both under odd prefixes. */
const odfAnnotation = `<oo:annotation xmlns:oo="${OFFICE}"><qd:creator xmlns:qd="${DC}">${KNOWN_ELEMENT}</qd:creator><qt:p xmlns:qt="${TEXT}">Note.</qt:p></oo:annotation>`;

/** The presentation fixture turned into a text document or a spreadsheet of one paragraph. */
function odfOf(kind: keyof typeof ODF_KINDS, jpeg: Uint8Array): Files {
  const files = unzipSync(syntheticOdp(jpeg));
  const mime = ODF_KINDS[kind];
  files['mimetype'] = strToU8(mime);
  change(
    files,
    'META-INF/manifest.xml',
    'application/vnd.oasis.opendocument.presentation',
    mime,
  );
  const xml = strFromU8(files['content.xml']!);
  const paragraph = `<text:p>Kept words.${odfAnnotation}</text:p>${UNKNOWN_MARKUP}`;
  const body =
    kind === 'odt'
      ? `<office:text>${paragraph}</office:text>`
      : `<office:spreadsheet><table:table xmlns:table="${TABLE}" table:name="S"><table:table-row><table:table-cell>${paragraph}</table:table-cell></table:table-row></table:table></office:spreadsheet>`;
  files['content.xml'] = strToU8(
    xml.replace(/<office:presentation>.*<\/office:presentation>/, body),
  );
  delete files['Pictures/photo.jpg'];
  return files;
}

/** Each format's seed with the three plants; the unknown member is added by the test. */
const FORMATS: readonly [string, (jpeg: Uint8Array) => Files][] = [
  [
    'docx',
    () => {
      const files = unzipSync(syntheticDocx());
      change(
        files,
        'word/document.xml',
        '<w:body>',
        `<w:body>${UNKNOWN_MARKUP}<w:p><qq:del xmlns:qq="${W}" qq:id="90" qq:author="${KNOWN_ELEMENT}"><qq:r><qq:delText>${KNOWN_ELEMENT}</qq:delText></qq:r></qq:del></w:p>`,
      );
      return files;
    },
  ],
  [
    'xlsx',
    () => {
      const files = unzipSync(syntheticXlsx());
      change(
        files,
        'xl/workbook.xml',
        '<sheets>',
        `<qq:fileSharing xmlns:qq="${S}" userName="${KNOWN_ELEMENT}"/>${UNKNOWN_MARKUP}<sheets>`,
      );
      return files;
    },
  ],
  [
    'pptx',
    () => {
      const files = unzipSync(syntheticPptx());
      change(
        files,
        'ppt/slides/slide1.xml',
        '<p:extLst>',
        `${UNKNOWN_MARKUP}<p:extLst>`,
      );
      change(
        files,
        'ppt/slides/slide1.xml',
        `<p14:creationId xmlns:p14="${P14}" val="CANARY50"/>`,
        `<qq:creationId xmlns:qq="${P14}" val="${KNOWN_ELEMENT}"/>`,
      );
      return files;
    },
  ],
  ['odt', (jpeg) => odfOf('odt', jpeg)],
  ['ods', (jpeg) => odfOf('ods', jpeg)],
  [
    'odp',
    (jpeg) => {
      const files = unzipSync(syntheticOdp(jpeg));
      change(
        files,
        'content.xml',
        '<text:p>Speaker reminder</text:p>',
        `<text:p>Speaker reminder${odfAnnotation}</text:p>${UNKNOWN_MARKUP}`,
      );
      return files;
    },
  ],
  [
    'epub',
    (jpeg) => {
      const files = unzipSync(syntheticEpub(jpeg));
      change(
        files,
        'OEBPS/content.opf',
        '<dc:language>',
        `<qd:contributor xmlns:qd="${DC}">${KNOWN_ELEMENT}</qd:contributor><dc:language>`,
      );
      change(
        files,
        'OEBPS/ch1.xhtml',
        '<p>The garden was quiet.</p>',
        `<p>The garden was quiet.</p>${UNKNOWN_MARKUP}`,
      );
      return files;
    },
  ],
];

describe('the keep-list of every zip document format', () => {
  let jpeg: Uint8Array;
  beforeAll(() => {
    jpeg = gpsJpeg(tempDir('zip-keep-list'));
  }, 60_000);

  it.each(FORMATS)(
    '%s: an unknown member, unknown markup and a known element under an odd prefix do not pass',
    async (_format, seed) => {
      const files = seed(jpeg);
      files['extra/unknown.bin'] = strToU8(UNKNOWN_MEMBER);
      // mimetype first and stored, as every zip document requires.
      const { mimetype, ...rest } = files;
      const input = zipSync(
        mimetype ? { mimetype: [mimetype, { level: 0 }], ...rest } : rest,
      );
      const canaries = [
        UNKNOWN_MEMBER,
        UNKNOWN_ELEMENT,
        UNKNOWN_ATTRIBUTE,
        KNOWN_ELEMENT,
      ];
      // These are valid documents: the keep-list must clean them, not refuse them.
      const result = await cleanPlan(
        new Blob([input as Uint8Array<ArrayBuffer>]),
      );
      expectNoLeaks(input, await materialize(input, result.plan), canaries);
    },
  );
});
