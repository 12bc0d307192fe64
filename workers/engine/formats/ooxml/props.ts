/**
 * The document properties parts. Both are replaced by minimal valid parts: every property they
 * can hold (author, company, dates, revision count, editing time, template, statistics) describes
 * the person or the document's history, and none is needed to open the file.
 */
import type { FieldId } from '../../fields';
import { finding, type Finding } from '../../findings';
import { decodeEntities, localName, walkXml } from '../../shared/xml';
import { OOXML_NAMESPACES } from './namespaces';

const encoder = new TextEncoder();

export const MINIMAL_CORE = encoder.encode(
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n' +
    '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ' +
    'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" ' +
    'xmlns:dcmitype="http://purl.org/dc/dcmitype/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"/>',
);

export const MINIMAL_APP = encoder.encode(
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n' +
    '<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties" ' +
    'xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes"/>',
);

/** Core (ECMA-376 Part 2, 11) and extended (Part 1, 22.2) properties by field. */
const FIELDS_BY_KEY: Readonly<Record<string, FieldId>> = {
  creator: 'author.name',
  lastModifiedBy: 'author.last-editor',
  Company: 'author.organization',
  Manager: 'author.manager',
  created: 'time.created',
  modified: 'time.modified',
  lastPrinted: 'time.printed',
  revision: 'history.revision',
  TotalTime: 'history.edit-time',
  version: 'history.revision',
  Application: 'software.creator',
  Template: 'software.template',
  identifier: 'identifier.unique',
  title: 'content.title',
  subject: 'content.description',
  description: 'content.description',
  keywords: 'content.keywords',
  category: 'content.detail',
  contentStatus: 'content.detail',
  language: 'content.detail',
  HyperlinkBase: 'identifier.file-name',
  Pages: 'other.statistics',
  Words: 'other.statistics',
  Characters: 'other.statistics',
  CharactersWithSpaces: 'other.statistics',
  Lines: 'other.statistics',
  Paragraphs: 'other.statistics',
  Slides: 'other.statistics',
  Notes: 'other.statistics',
  HiddenSlides: 'other.statistics',
  MMClips: 'other.statistics',
  TitlesOfParts: 'content.detail',
  HeadingPairs: 'content.detail',
};

/** One finding per property the part holds (the minimal parts hold none). */
export function propertyFindings(name: string, xml: string): Finding[] {
  const findings: Finding[] = [];
  walkXml(
    xml,
    {
      close(el) {
        if (el.parent === null || el.parent.parent !== null) return;
        const key = localName(el.name);
        const value = decodeEntities(el.text).trim();
        findings.push(
          finding(
            // AppVersion, DocSecurity, ScaleCrop, LinksUpToDate...: the app's own settings.
            FIELDS_BY_KEY[key] ?? 'software.detail',
            el.name,
            name,
            // An empty property is said as such, not as bytes left unread.
            value,
          ),
        );
      },
    },
    OOXML_NAMESPACES,
  );
  return findings;
}
