/**
 * The style sheets a content document holds (`<style>` elements and `style` attributes) are
 * read by the reader its `.css` files and an SVG's sheets go through (shared/css/sheet.ts), as
 * CSS gets them from the XML parser: comments go, local paths keep their file name.
 *
 * A `<style>` element's sheet is its child text content (HTML, 4.2.6 the style element): its
 * text and CDATA sections, not its XML comments, instructions or child elements. A `style`
 * attribute's value is normalised first (XML 1.0, 3.3.3: a literal tab or line break is a space),
 * so a line break in it ends no CSS string that CSS reads on.
 */
import type { ByteRange as Range } from '../../engine-types';
import { corrupt } from '../../errors';
import type { Finding } from '../../findings';
import type { SheetPiece } from '../../shared/css/sheet';
import { textSheetRemovals } from '../../shared/css/text-sheet';
import { localName, type XmlEdits, type XmlElement } from '../../shared/xml';
import type { XmlPass } from '../../shared/zip';

const STYLE = 'style';
const CDATA_OPEN = '<![CDATA[';
const CDATA_CLOSE = ']]>';
/** What else `<` may open between child elements: a comment or an instruction, no sheet text. */
const SKIPPED = [
  { open: '<!--', close: '-->' },
  { open: '<?', close: '?>' },
];
const ATTRIBUTE_BLANK = /[\t\n\r]/g;
/**
 * What a comment or a path needs: a `/` or `\` as written, or a reference that may stand for one
 * (an escaped one is written with `\`). A value without any has nothing to remove.
 */
const MAY_REMOVE = /[/\\&]/;

/** The sheet pieces of `xml` from `start` to `end`, where no element lies. */
function piecesBetween(xml: string, start: number, end: number): SheetPiece[] {
  const pieces: SheetPiece[] = [];
  let at = start;
  while (at < end) {
    const lt = xml.indexOf('<', at);
    const textEnd = lt < 0 || lt > end ? end : lt;
    if (textEnd > at)
      pieces.push({ start: at, end: textEnd, references: true });
    if (textEnd === end) break;
    if (xml.startsWith(CDATA_OPEN, lt)) {
      const close = xml.indexOf(CDATA_CLOSE, lt);
      const inside = lt + CDATA_OPEN.length;
      if (close > inside)
        pieces.push({ start: inside, end: close, references: false });
      at = close + CDATA_CLOSE.length;
      continue;
    }
    const skipped = SKIPPED.find((s) => xml.startsWith(s.open, lt));
    // A declaration (`<!ELEMENT`) belongs in a DTD: in content the part is not well formed.
    if (!skipped) throw corrupt('a declaration inside a <style> element');
    // The walk has read this far, so what opens here closes before `end`.
    at = xml.indexOf(skipped.close, lt) + skipped.close.length;
  }
  return pieces;
}

/** The pieces of a `<style>` element's sheet: what lies between its child elements. */
function stylePieces(
  xml: string,
  style: XmlElement,
  children: readonly Range[],
): SheetPiece[] {
  const pieces: SheetPiece[] = [];
  let at = style.openEnd;
  for (const child of children) {
    pieces.push(...piecesBetween(xml, at, child.start));
    at = child.end;
  }
  pieces.push(...piecesBetween(xml, at, style.closeStart));
  return pieces;
}

export function inlineStyles(
  name: string,
  xml: string,
  edits: XmlEdits,
): XmlPass {
  const findings: Finding[] = [];
  const children = new Map<XmlElement, Range[]>();
  const clean = (text: string, pieces: readonly SheetPiece[], base = 0) => {
    for (const removal of textSheetRemovals(text, pieces, name)) {
      for (const r of removal.removals)
        edits.remove(base + r.start, base + r.end);
      findings.push(removal.finding);
    }
  };
  return {
    open(el) {
      const style = el.attributes.find((a) => a.name === STYLE);
      if (!style || !MAY_REMOVE.test(style.raw)) return;
      const value = style.raw.replace(ATTRIBUTE_BLANK, ' ');
      clean(
        value,
        [{ start: 0, end: value.length, references: true }],
        style.valueStart,
      );
    },
    close(el) {
      const parent = el.parent;
      if (parent && localName(parent.name) === STYLE) {
        const list = children.get(parent) ?? [];
        list.push({ start: el.start, end: el.end });
        children.set(parent, list);
      }
      if (localName(el.name) !== STYLE) return;
      clean(xml, stylePieces(xml, el, children.get(el) ?? []));
      children.delete(el);
    },
    done: () => findings,
  };
}
