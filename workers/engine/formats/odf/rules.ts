/**
 * What is removed inside OpenDocument XML parts (OASIS OpenDocument 1.3, part 3), in one walk per
 * part: tracked changes are accepted (the change log, which holds deleted text, authors and dates,
 * goes with its marks; inserted text stays), annotations (comments) go with their authors, dates
 * and text as an Office document's comments do, LibreOffice's editing-session ids go, and settings
 * lose the printer and data sources.
 */
import type { FieldId } from '../../fields';
import { finding, TRACKED_CHANGES, type Finding } from '../../findings';
import {
  attribute,
  decodeEntities,
  holdsLocalPath,
  localName,
  walkXml,
  withoutFolders,
  type XmlEdits,
  type XmlElement,
} from '../../shared/xml';
import { resolvePart, type XmlPass } from '../../shared/zip';
import { HiddenContent, type HiddenOptions } from './hidden';
import { ODF_NAMESPACES } from './namespaces';

/** What a meta part holds (part 3, 3.1.3), wherever it stands. */
const META_ELEMENT = 'office:meta';
const TRACKED_LOGS = new Set(['text:tracked-changes', 'table:tracked-changes']);
const CHANGE_MARKS = new Set([
  'text:change-start',
  'text:change-end',
  'text:change',
]);
const SESSION_IDS = new Set(['officeooo:rsid', 'officeooo:paragraph-rsid']);
/**
 * Annotations: a text document's and a spreadsheet's (`office:annotation`), and a presentation's,
 * which LibreOffice writes in its own namespace (`officeooo:annotation`) with the same children.
 * They are comments (part 3, 14.1), removed whole; the end mark of an annotation over a range
 * (`office:annotation-end`, 14.2) goes with it, and the text of the range stays.
 */
const ANNOTATIONS = new Set(['office:annotation', 'officeooo:annotation']);
const ANNOTATION_END = 'office:annotation-end';
/** A comment's text shown in the report: the start of it, enough to recognise it. */
const MAX_COMMENT_CHARS = 200;
const ANNOTATION_PEOPLE = new Set([
  'dc:creator',
  'dc:date',
  'meta:creator-initials',
]);
/**
 * Who and when: Dublin Core elements and a creator's initials belong in the meta part, an
 * annotation or a tracked change's `office:change-info` (part 3, 4.3, 14.1, 5.5.8), each of which
 * goes whole. Anywhere else (a shape, a frame, a table) no reader shows them: they go too.
 */
const isPeopleOrDublinCore = (n: string): boolean =>
  ANNOTATION_PEOPLE.has(n) || n.startsWith('dc:');
/** Settings that name a printer, a data source on someone's disk, or an editing session. */
const IDENTIFYING_SETTINGS = new Set([
  'PrinterName',
  'PrinterSetup',
  'PrintFaxName',
  'CurrentDatabaseDataSource',
  'CurrentDatabaseCommand',
  'CurrentDatabaseCommandType',
  'EmbeddedDatabaseName',
  'Rsid',
  'RsidRoot',
]);

/** What an identifying setting is: a printer, an editing session's id, a data source. */
function settingField(key: string): FieldId {
  if (key === 'PrinterSetup') return 'device.setting';
  if (key.startsWith('Print')) return 'device.name';
  if (key.startsWith('Rsid')) return 'history.edit-sessions';
  if (key === 'CurrentDatabaseCommandType') return 'other.data';
  return 'identifier.file-name';
}

/** Fields that show the path of the document or of its template. */
const PATH_FIELDS = new Set(['text:file-name', 'text:template-name']);
/**
 * Fields that show the author's or sender's name, initials or address from the application's
 * user data (document fields, section 7.3): part of the text, kept, and reported.
 */
const NAME_FIELDS = /^text:(author-name|author-initials|sender-[a-z-]+)$/;

/** A part's rules as its visitor in the part's single walk; its edits go into `edits`. */
export interface OdfPartOptions extends HiddenOptions {
  /** True for a package path the clean leaves out: elements naming it go with it. */
  readonly leftOut?: (path: string) => boolean;
}

/**
 * Attributes that name a file the document reads from (ODF 1.3 part 3, section 19): a link
 * (`xlink:href`), a DDE link's source document (`office:dde-topic`) and a database's file
 * (`text:database-name`, `table:database-name`, `form:datasource`).
 */
const LINKED_PLACES = new Set([
  'xlink:href',
  'office:dde-topic',
  'text:database-name',
  'table:database-name',
  'form:datasource',
]);

/** An `xlink:href` naming a member of the package: no scheme, no fragment alone. */
const PACKAGE_REFERENCE = /^(?![a-z][a-z0-9+.-]*:)[^#]/i;

export function odfPartRules(
  name: string,
  xml: string,
  options: OdfPartOptions,
  edits: XmlEdits,
): XmlPass {
  const findings: Finding[] = [];
  const hidden = new HiddenContent(name, edits, options);
  let rsids = 0;
  let changes = 0;
  let annotations = 0;
  let notes = '';
  let comments = '';
  let references = 0;
  const nameFields = new Set<string>();
  // A picture or object whose part the clean leaves out is not named: a reader refuses a
  // document that points at a member it lacks.
  const namesLeftOut = (href: string): boolean =>
    options.leftOut !== undefined &&
    PACKAGE_REFERENCE.test(href) &&
    options.leftOut(resolvePart(name, decodeEntities(href)));
  return {
    open(el) {
      hidden.open(el);
      for (const a of el.attributes) {
        if (SESSION_IDS.has(a.name)) {
          edits.remove(a.start, a.end);
          rsids++;
        }
      }
      // A linked picture, object, DDE source or database on the author's disk keeps only its
      // file name.
      for (const a of el.attributes) {
        if (!LINKED_PLACES.has(a.name) || !holdsLocalPath(a.raw)) continue;
        edits.replace(a.valueStart, a.valueEnd, withoutFolders(a.raw));
        findings.push(
          finding(
            'identifier.file-name',
            a.name === 'xlink:href' ? 'linked file' : a.name,
            name,
            decodeEntities(a.raw),
          ),
        );
      }
    },
    close(el) {
      hidden.close(el);
      const n = el.name;
      const href = attribute(el, 'xlink:href');
      if (href && namesLeftOut(href.raw)) {
        edits.remove(el.start, el.end);
        references++;
      } else if (ANNOTATIONS.has(n) || n === ANNOTATION_END) {
        edits.remove(el.start, el.end);
        if (n !== ANNOTATION_END) annotations++;
      } else if (
        n === 'text:p' &&
        [...ANNOTATIONS].some((a) => within(el, a)) &&
        comments.length < MAX_COMMENT_CHARS
      ) {
        const said = decodeEntities(el.text).trim();
        if (said) comments += `${comments ? ' | ' : ''}${said}`;
      } else if (n === META_ELEMENT) {
        // Metadata belongs in the meta part (part 3, 3.1.3): held in any other, it goes whole.
        edits.remove(el.start, el.end);
      } else if (el.parent?.name === META_ELEMENT) {
        findings.push(metaItemFinding(name, el));
      } else if (TRACKED_LOGS.has(n)) {
        edits.remove(el.start, el.end);
        changes += el.children;
      } else if (CHANGE_MARKS.has(n)) {
        edits.remove(el.start, el.end);
      } else if (
        isPeopleOrDublinCore(n) &&
        !within(el, META_ELEMENT) &&
        ![...TRACKED_LOGS].some((log) => within(el, log))
      ) {
        edits.remove(el.start, el.end);
        const inAnnotation = ANNOTATIONS.has(el.parent?.name ?? '');
        findings.push(
          finding(
            n === 'dc:date'
              ? 'time.date'
              : ANNOTATION_PEOPLE.has(n)
                ? 'author.person'
                : 'content.detail',
            n,
            inAnnotation ? `${name} / annotation` : name,
            decodeEntities(el.text),
          ),
        );
      } else if (n === 'config:config-item') {
        // A setting is read as one wherever it stands (part 3, 3.10): in the settings part, in
        // `office:settings` held by another part, or loose in a part's body.
        // The name as LibreOffice reads it: `Printer&#78;ame` is PrinterName.
        const key = decodeEntities(attribute(el, 'config:name')?.raw ?? '');
        if (IDENTIFYING_SETTINGS.has(key)) {
          edits.remove(el.start, el.end);
          const value = decodeEntities(el.text).trim();
          findings.push(
            finding(
              settingField(key),
              key,
              name,
              key === 'PrinterSetup' ? undefined : value,
            ),
          );
        } else if (holdsLocalPath(el.text)) {
          // Any other setting naming a place on the author's disk keeps only the file name.
          const text = xml.slice(el.openEnd, el.closeStart);
          edits.replace(el.openEnd, el.closeStart, withoutFolders(text));
          findings.push(
            finding(
              'identifier.file-name',
              key,
              name,
              decodeEntities(el.text).trim(),
            ),
          );
        }
      } else if (
        n === 'text:p' &&
        within(el, 'presentation:notes') &&
        notes.length < 500
      ) {
        notes += ` ${decodeEntities(el.text)}`;
      } else if (PATH_FIELDS.has(n) && el.children === 0) {
        // The shown path of the file or its template (document fields, section 7.3): on
        // another machine it updates to its own; the file name is all that stays of the author's.
        const text = xml.slice(el.openEnd, el.closeStart);
        if (holdsLocalPath(decodeEntities(text))) {
          edits.replace(el.openEnd, el.closeStart, withoutFolders(text));
          findings.push(
            finding('identifier.file-name', n, name, decodeEntities(text)),
          );
        }
      } else if (NAME_FIELDS.test(n) && el.text.trim()) {
        nameFields.add(decodeEntities(el.text).trim());
      }
    },
    done: () => {
      if (references)
        findings.push(
          finding(
            'identifier.detail',
            'reference to a removed part',
            name,
            String(references),
          ),
        );
      if (rsids)
        findings.push(
          finding(
            'history.edit-sessions',
            'officeooo:rsid',
            name,
            String(rsids),
          ),
        );
      if (changes)
        findings.push(
          finding(
            'history.changes',
            TRACKED_CHANGES,
            name,
            `${changes} accepted`,
          ),
        );
      if (annotations)
        findings.push(
          finding(
            'content.comment',
            'annotations',
            name,
            comments.slice(0, MAX_COMMENT_CHARS) || String(annotations),
          ),
        );
      if (nameFields.size)
        findings.push(
          finding(
            'author.person',
            'fields showing a name',
            name,
            [...nameFields].join(', '),
            'review',
          ),
        );
      if (notes.trim())
        findings.push(
          finding(
            'document.content',
            'speaker notes',
            name,
            notes.trim(),
            'review',
          ),
        );
      findings.push(...hidden.findings());
      return findings;
    },
  };
}

function within(
  el: { parent: { name: string; parent: unknown } | null },
  name: string,
): boolean {
  for (
    let p = el.parent as { name: string; parent: unknown } | null;
    p;
    p = p.parent as typeof p
  )
    if (p.name === name) return true;
  return false;
}

/** `meta.xml` children (ODF 1.3 Part 3, 4.3) by field. */
const META_FIELDS: Readonly<Record<string, FieldId>> = {
  creator: 'author.last-editor',
  'initial-creator': 'author.name',
  'printed-by': 'author.name',
  'creation-date': 'time.created',
  date: 'time.modified',
  'print-date': 'time.printed',
  'editing-duration': 'history.edit-time',
  'editing-cycles': 'history.revision',
  generator: 'software.creator',
  title: 'content.title',
  description: 'content.description',
  subject: 'content.description',
  keyword: 'content.keywords',
  language: 'content.detail',
  'document-statistic': 'other.statistics',
  'user-defined': 'content.detail',
  template: 'software.template',
  'auto-reload': 'software.detail',
  'hyperlink-behaviour': 'software.detail',
};

/** An ISO 8601 duration (`PT1H2M3S`, ODF meta:editing-duration) in whole minutes, else as is. */
const DURATION = /^P(?:(\d+)D)?T?(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?$/;
const MINUTES_PER_HOUR = 60;
const MINUTES_PER_DAY = 1440;
const SECONDS_PER_MINUTE = 60;

function durationMinutes(text: string): string {
  const m = DURATION.exec(text);
  if (!m || text === 'P' || text === 'PT') return text;
  const minutes =
    Number(m[1] ?? 0) * MINUTES_PER_DAY +
    Number(m[2] ?? 0) * MINUTES_PER_HOUR +
    Number(m[3] ?? 0) +
    Number(m[4] ?? 0) / SECONDS_PER_MINUTE;
  return String(Math.round(minutes));
}

/** What one element of `office:meta` says. */
function metaItemFinding(name: string, el: XmlElement): Finding {
  const key = localName(el.name);
  const field = META_FIELDS[key] ?? 'other.data';
  const text = decodeEntities(el.text).trim();
  const value = key === 'editing-duration' ? durationMinutes(text) : text;
  const attrs = el.attributes
    .map((a) => `${a.name}=${decodeEntities(a.raw)}`)
    .join(' ');
  return finding(field, el.name, name, value || attrs);
}

/** One finding per element of `office:meta`; the minimal part has none. */
export function metaFindings(
  name: string,
  xml: string,
): { findings: Finding[]; version: string } {
  const findings: Finding[] = [];
  let version = '';
  walkXml(
    xml,
    {
      open(el) {
        if (el.name === 'office:document-meta')
          version = attribute(el, 'office:version')?.raw ?? '';
      },
      close(el) {
        if (el.parent?.name === META_ELEMENT)
          findings.push(metaItemFinding(name, el));
      },
    },
    ODF_NAMESPACES,
  );
  return { findings, version };
}

export function minimalMeta(version: string): Uint8Array {
  return new TextEncoder().encode(
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
      '<office:document-meta xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"' +
      (/^[\d.]+$/.test(version) ? ` office:version="${version}"` : '') +
      '><office:meta/></office:document-meta>',
  );
}
