/**
 * The document properties parts. Both are replaced by minimal valid parts: every property they
 * can hold (author, company, dates, revision count, editing time, template, statistics) describes
 * the person or the document's history, and none is needed to open the file.
 */
import { finding, type Finding, type FindingCategory } from '../../findings';
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

const CATEGORIES: Record<string, FindingCategory> = {
  creator: 'author',
  lastModifiedBy: 'author',
  Company: 'author',
  Manager: 'author',
  created: 'time',
  modified: 'time',
  lastPrinted: 'time',
  revision: 'history',
  TotalTime: 'history',
  Application: 'software',
  AppVersion: 'software',
  Template: 'software',
  identifier: 'identifier',
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
            CATEGORIES[key] ?? 'other',
            el.name,
            name,
            value || undefined,
          ),
        );
      },
    },
    OOXML_NAMESPACES,
  );
  return findings;
}
