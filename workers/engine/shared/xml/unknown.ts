import { isUnknownName } from './namespaces';
import type { XmlEdits } from './edit';
import type { XmlElement, XmlVisitor } from './tokenize';

/**
 * The keep-list for markup, one visitor in the part's single walk (which must name elements
 * and attributes by a namespace table). Attributes in a namespace the format's table does not
 * know go: no reader of the format shows them, and they can carry anything; namespace
 * declarations stay. Elements in such a namespace go with everything inside them: no reader of the
 * format shows them (Office ignores or refuses a namespace it does not understand, ECMA-376
 * Part 3, section 9), and their text can carry anything. A root element in such a namespace (a
 * custom XML part) keeps its tags and loses its content, so the part stays well-formed.
 */
export class UnknownMarkup implements XmlVisitor {
  /** How many attributes went. */
  attributes = 0;
  /** How many elements (or a root's contents) went. */
  elements = 0;
  private inside = 0;

  constructor(private readonly edits: XmlEdits) {}

  open(el: XmlElement): void {
    for (const a of el.attributes)
      if (isUnknownName(a.name)) {
        this.edits.remove(a.start, a.end);
        this.attributes++;
      }
    if (isUnknownName(el.name)) this.inside++;
  }

  close(el: XmlElement): void {
    if (!isUnknownName(el.name)) return;
    this.inside--;
    if (this.inside > 0) return;
    if (el.parent) this.edits.remove(el.start, el.end);
    else if (el.closeStart > el.openEnd)
      this.edits.remove(el.openEnd, el.closeStart);
    else return;
    this.elements++;
  }
}
