/**
 * `<meta>` elements in an XHTML content document's head name authors, generators, dates and
 * descriptions; only those a reader needs (the character set, http-equiv, the viewport) stay.
 * Matched as text, not parsed: content documents are often HTML that is not well-formed XML.
 */
import type { FieldId } from '../../fields';
import { finding, type Finding } from '../../findings';
import { decodeEntities, XmlEdits } from '../../shared/xml';

const HEAD = /<head\b[^>]*>([\s\S]*?)<\/head\s*>/i;
const META = /<meta\b(?:[^>"']|"[^"]*"|'[^']*')*>(?:\s*<\/meta\s*>)?/gi;
const KEPT = /\b(?:charset|http-equiv)\s*=|\bname\s*=\s*["']viewport["']/i;
const ATTR = (attr: string) =>
  new RegExp(`\\b${attr}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, 'i');

/** What a `<meta>` says by its name: people, the tool, dates, a description or keywords. */
function metaField(key: string): FieldId {
  if (/author|creator/i.test(key)) return 'author.name';
  if (/generator/i.test(key)) return 'software.creator';
  if (/date|modified/i.test(key)) return 'time.date';
  if (/description/i.test(key)) return 'content.description';
  if (/keywords/i.test(key)) return 'content.keywords';
  return 'other.data';
}

export function rewriteXhtml(
  name: string,
  text: string,
): { edits: XmlEdits; findings: Finding[] } {
  const edits = new XmlEdits();
  const findings: Finding[] = [];
  const head = HEAD.exec(text);
  if (!head) return { edits, findings };
  const start = head.index + head[0].indexOf('>') + 1;
  for (const m of head[1]!.matchAll(META)) {
    if (KEPT.test(m[0])) continue;
    const at = start + m.index;
    edits.remove(at, at + m[0].length);
    const label = ATTR('name').exec(m[0]) ?? ATTR('property').exec(m[0]);
    const content = ATTR('content').exec(m[0]);
    const key = label ? (label[1] ?? label[2] ?? 'meta') : 'meta';
    findings.push(
      finding(
        metaField(key),
        key,
        name,
        content ? decodeEntities(content[1] ?? content[2] ?? '') : undefined,
      ),
    );
  }
  return { edits, findings };
}
