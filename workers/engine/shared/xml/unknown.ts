import { isUnknownName, type NamespaceTable } from './namespaces';
import type { XmlEdits } from './edit';
import { walkXml } from './tokenize';

/**
 * Attributes in a namespace the format's table does not know go: no reader of the format
 * shows them, and they can carry anything (a keep-list for attributes). Namespace declarations
 * stay. Returns how many went.
 */
export function unknownAttributeEdits(
  xml: string,
  names: NamespaceTable,
  edits: XmlEdits,
): number {
  let count = 0;
  walkXml(
    xml,
    {
      open(el) {
        for (const a of el.attributes)
          if (isUnknownName(a.name)) {
            edits.remove(a.start, a.end);
            count++;
          }
      },
    },
    names,
  );
  return count;
}

/**
 * Elements in a namespace the format's table does not know go, with everything inside them: no
 * reader of the format shows them (Office ignores or refuses a namespace it does not understand,
 * ECMA-376 Part 3, section 9), and their text can carry anything (a keep-list for elements). A
 * root element in such a namespace (a custom XML part) keeps its tags and loses its content, so
 * the part stays well-formed. Returns how many went.
 */
export function unknownElementEdits(
  xml: string,
  names: NamespaceTable,
  edits: XmlEdits,
): number {
  let count = 0;
  let inside = 0;
  walkXml(
    xml,
    {
      open(el) {
        if (isUnknownName(el.name)) inside++;
      },
      close(el) {
        if (!isUnknownName(el.name)) return;
        inside--;
        if (inside > 0) return;
        if (el.parent) edits.remove(el.start, el.end);
        else if (el.closeStart > el.openEnd)
          edits.remove(el.openEnd, el.closeStart);
        else return;
        count++;
      },
    },
    names,
  );
  return count;
}
