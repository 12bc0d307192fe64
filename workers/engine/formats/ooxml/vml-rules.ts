/**
 * A VML drawing part (ECMA-376 Part 4, 14: legacy shapes, a sheet's note frames and buttons,
 * header and footer pictures) as XML: its root (`xml`) and its text boxes' HTML (`div`, `font`,
 * `br`) are in no namespace, so the part is walked with a table that keeps names in no namespace
 * as they are, and this pass keeps only those HTML names: any other element in no namespace is
 * no VML a reader draws, and goes with what it holds. The shapes' own markup goes through the
 * part rules (a picture's title or source path keeps only its file name).
 */
import { finding, type Finding } from '../../findings';
import type { XmlEdits, XmlElement } from '../../shared/xml';
import type { XmlPass } from '../../shared/zip';

/** The part's root, and the HTML a VML text box holds. */
const VML_PLAIN_NAMES = new Set([
  'xml',
  'div',
  'p',
  'span',
  'font',
  'br',
  'b',
  'i',
  'u',
  's',
  'sub',
  'sup',
]);

/** A name the walk left in no namespace: no prefix, and not marked unknown. */
const inNoNamespace = (el: XmlElement): boolean => !/[:~]/.test(el.name);

export function vmlRules(name: string, edits: XmlEdits): XmlPass {
  let removed = 0;
  /** The outermost element being removed, while the walk is inside it. */
  let dropping: XmlElement | null = null;
  return {
    open(el) {
      if (dropping || !inNoNamespace(el) || VML_PLAIN_NAMES.has(el.name))
        return;
      dropping = el;
    },
    close(el) {
      if (el !== dropping) return;
      dropping = null;
      edits.remove(el.start, el.end);
      removed++;
    },
    done(): Finding[] {
      return removed
        ? [
            finding(
              'document.unknown-markup',
              'elements in no namespace',
              name,
              String(removed),
            ),
          ]
        : [];
    },
  };
}
