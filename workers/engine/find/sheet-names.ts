/**
 * The names a workbook gives its sheets (ECMA-376 Part 1, 18.2.19 and 18.2.20), by the part each
 * sheet is: `xl/worksheets/sheet1.xml` -> `Budget`, so a cell is named as the visitor knows it.
 */
import { localName, walkXml } from '../shared/xml';
import { resolvePart } from '../shared/zip';
import { attributeValue } from './xml-search';

export const WORKBOOK_PART = 'xl/workbook.xml';
export const WORKBOOK_RELS = 'xl/_rels/workbook.xml.rels';

/** Sheet name by worksheet part; empty when either part is broken or absent. */
export function sheetNames(
  workbook: string | null,
  rels: string | null,
): Map<string, string> {
  const names = new Map<string, string>();
  if (workbook === null || rels === null) return names;
  const byId = new Map<string, string>();
  try {
    walkXml(workbook, {
      open(element) {
        if (localName(element.name) !== 'sheet') return;
        const name = attributeValue(element, 'name');
        const id = attributeValue(element, 'id');
        if (name !== undefined && id !== undefined) byId.set(id, name);
      },
    });
    walkXml(rels, {
      open(element) {
        if (localName(element.name) !== 'Relationship') return;
        const id = attributeValue(element, 'Id');
        const target = attributeValue(element, 'Target');
        const name = id === undefined ? undefined : byId.get(id);
        if (name !== undefined && target !== undefined)
          names.set(resolvePart(WORKBOOK_PART, target), name);
      },
    });
  } catch {
    names.clear();
  }
  return names;
}
