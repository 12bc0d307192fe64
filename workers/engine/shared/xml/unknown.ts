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
