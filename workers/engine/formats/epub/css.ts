/**
 * A book's style sheets (its `.css` files, `<style>` elements and `style` attributes): comments
 * (CSS Syntax Level 3, 4.3.2: `/*` to the next `*\/`, not inside a string) say nothing a reader
 * shows, as XML comments do, and go, reported; a string or `url(...)` (4.3.5, 4.3.6) that points
 * at a place on the author's disk or a share (`url(file:///home/alice/fonts/a.ttf)`) keeps only
 * its file name, as a link does. Everything else is copied character for character.
 */
import { finding, type Finding } from '../../findings';
import { linksToLocalPlace, withoutFolders, XmlEdits } from '../../shared/xml';

const MAX_COMMENT_CHARS = 200;
/** What may stand before `url(` for it to open a url token: not part of another name. */
const NAME_CHAR = /[\w-]/;

export interface SheetResult {
  readonly edits: XmlEdits;
  readonly findings: Finding[];
}

/**
 * The edits that clean a style sheet's text, and what they removed; with `base`, the sheet
 * starts there in a longer text whose `edits` these join.
 */
export function cleanStyleSheet(
  text: string,
  location: string,
  edits = new XmlEdits(),
  base = 0,
): SheetResult {
  const findings: Finding[] = [];
  const comments: string[] = [];
  const path = (start: number, end: number) => {
    const value = text.slice(start, end);
    if (!linksToLocalPlace(value.trim())) return;
    edits.replace(base + start, base + end, withoutFolders(value.trim()));
    findings.push(
      finding('identifier.file-name', 'url', location, value.trim()),
    );
  };
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '/' && text[i + 1] === '*') {
      const close = text.indexOf('*/', i + 2);
      const end = close < 0 ? text.length : close + 2;
      edits.remove(base + i, base + end);
      comments.push(text.slice(i + 2, close < 0 ? end : close).trim());
      i = end;
    } else if (c === '"' || c === "'") {
      const end = stringEnd(text, i);
      path(i + 1, text[end - 1] === c && end - 1 > i ? end - 1 : end);
      i = end;
    } else if (
      text.slice(i, i + 4).toLowerCase() === 'url(' &&
      !NAME_CHAR.test(text[i - 1] ?? '')
    ) {
      let start = i + 4;
      while (/\s/.test(text[start] ?? '')) start++;
      if (text[start] === '"' || text[start] === "'") {
        i = start;
        continue;
      }
      const close = text.indexOf(')', start);
      const end = close < 0 ? text.length : close;
      path(start, end);
      i = end;
    } else i++;
  }
  const said = comments.filter(Boolean).join(' | ');
  if (comments.length)
    findings.push(
      finding(
        'content.comment',
        comments.length === 1
          ? 'CSS comment'
          : `${comments.length} CSS comments`,
        location,
        said ? said.slice(0, MAX_COMMENT_CHARS) : undefined,
      ),
    );
  return { edits, findings };
}

/** Where a string that opens at `at` ends: past its closing quote, or at a line's end. */
function stringEnd(text: string, at: number): number {
  const quote = text[at];
  for (let i = at + 1; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === quote) return i + 1;
    else if (c === '\n') return i;
  }
  return text.length;
}
