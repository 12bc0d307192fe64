/**
 * A document type declaration's internal subset (XML 1.0, section 2.8: `<!DOCTYPE root [ ... ]>`)
 * declares entities and attribute defaults of the document's own. The walker reads none of it:
 * text an entity holds and the parts' readers expand would pass unexamined, and markup inside it
 * could read differently to us and to them. A DOCTYPE naming only an external DTD (EPUB's XHTML
 * and NCX) declares nothing in the file.
 */

const DOCTYPE = '<!DOCTYPE';

/** True when the prolog (before the root element) holds a DOCTYPE with an internal subset. */
export function hasInternalSubset(xml: string): boolean {
  let at = 0;
  while (at < xml.length) {
    const lt = xml.indexOf('<', at);
    if (lt < 0) return false;
    if (xml.startsWith('<?', lt)) at = after(xml, lt + 2, '?>');
    else if (xml.startsWith('<!--', lt)) at = after(xml, lt + 4, '-->');
    else if (xml.startsWith(DOCTYPE, lt)) return opensSubset(xml, lt);
    else return false; // the root element: the prolog is over
  }
  return false;
}

const after = (xml: string, from: number, close: string): number => {
  const end = xml.indexOf(close, from);
  return end < 0 ? xml.length : end + close.length;
};

/** Whether the declaration at `at` reaches a `[` before its end, quoted literals aside. */
function opensSubset(xml: string, at: number): boolean {
  let quote = '';
  for (let i = at + DOCTYPE.length; i < xml.length; i++) {
    const c = xml[i]!;
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '[') return true;
    else if (c === '>') return false;
  }
  return false;
}
