/**
 * `<meta>` elements in an XHTML content document name authors, generators, dates and
 * descriptions, in its head or, as microdata (`itemprop`), anywhere in its body; a
 * `<link rel="author">` points at the author. The links go, and of the
 * metas only those a reader needs stay: the character set, the viewport, and the
 * `http-equiv` pragmas that say how to show the document (HTML Living Standard, 4.2.5.3: its
 * type and language, the default style sheet, a content security policy). A meta stays only
 * when it is one of these and holds no other attribute: `<meta name="author" charset="utf-8">`
 * is an author's name. Matched as text, not parsed: content documents are often HTML that is
 * not well-formed XML. A prefixed name (`<h:meta>` under `xmlns:h` bound to XHTML) is the same
 * element to a reader (Namespaces in XML 1.0, section 4), so it is judged as the unprefixed one;
 * whatever the prefix, since no other namespace a book may use (SVG, MathML, EPUB's) defines a
 * `meta` or a `link` a reader needs.
 */
import type { FieldId } from '../../fields';
import { finding, type Finding } from '../../findings';
import { decodeEntities, XmlEdits } from '../../shared/xml';

/** An element's optional prefix (a name without a colon, then the colon) before its local name. */
const PREFIX = String.raw`(?:[^\s"'<>/=:!?]+:)?`;
/** A start tag of the element, quoted values whole, and an end tag right after it. */
const tagOf = (local: string): RegExp =>
  new RegExp(
    String.raw`<${PREFIX}${local}\b(?:[^>"']|"[^"]*"|'[^']*')*>(?:\s*<\/${PREFIX}${local}\s*>)?`,
    'gi',
  );
const META = tagOf('meta');
const LINK = tagOf('link');
const OPENING = new RegExp(String.raw`^<${PREFIX}(meta|link)\b`, 'i');
const CLOSING = new RegExp(
  String.raw`(?:\s*<\/${PREFIX}(meta|link)\s*>)?$`,
  'i',
);
/** Link types that point at a person (HTML Living Standard, 4.6.7.1 author; rel="me"). */
const PERSON_LINK = /^(author|me)$/i;
/** One attribute of a start tag: its name and its value, quoted either way or bare. */
const ATTRIBUTE =
  /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
const KEPT_PRAGMAS = new Set([
  'content-type',
  'content-language',
  'default-style',
  'content-security-policy',
  'x-ua-compatible',
]);

const XHTML = 'http://www.w3.org/1999/xhtml';
/** A declaration that binds a name to XHTML: how a prefixed meta is written, nothing it says. */
const bindsXhtml = (name: string, value: string): boolean =>
  /^xmlns(:|$)/.test(name) && value === XHTML;

/** A meta's or link's attributes, names lower-cased, values decoded. */
function attributesOf(tag: string): Map<string, string> {
  const attributes = new Map<string, string>();
  const inner = tag
    .replace(OPENING, '')
    .replace(CLOSING, '')
    .replace(/\/?>$/, '');
  for (const m of inner.matchAll(ATTRIBUTE)) {
    const value = decodeEntities(m[2] ?? m[3] ?? m[4] ?? '');
    if (!bindsXhtml(m[1]!, value)) attributes.set(m[1]!.toLowerCase(), value);
  }
  return attributes;
}

/** True for a meta a reader needs to show the document, and nothing more. */
function needed(attributes: ReadonlyMap<string, string>): boolean {
  const only = (...names: string[]) =>
    [...attributes.keys()].every((n) => names.includes(n));
  if (attributes.has('charset')) return only('charset');
  const pragma = attributes.get('http-equiv');
  if (pragma !== undefined)
    return (
      KEPT_PRAGMAS.has(pragma.trim().toLowerCase()) &&
      only('http-equiv', 'content')
    );
  return (
    attributes.get('name')?.trim().toLowerCase() === 'viewport' &&
    only('name', 'content')
  );
}

/** Attributes that name a meta rather than say something. */
const NAMING = new Set([
  'name',
  'property',
  'itemprop',
  'http-equiv',
  'charset',
]);

/** What a removed meta said: its content, then any other value it carried. */
function said(attributes: ReadonlyMap<string, string>): string | undefined {
  const values = [...attributes]
    .filter(([n, v]) => !NAMING.has(n) && v !== '')
    .sort(([a], [b]) => Number(b === 'content') - Number(a === 'content'))
    .map(([, v]) => v);
  return values.length ? values.join('; ') : attributes.get('content');
}

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
  for (const m of text.matchAll(META)) {
    const attributes = attributesOf(m[0]);
    if (needed(attributes)) continue;
    const at = m.index;
    edits.remove(at, at + m[0].length);
    const key =
      attributes.get('name') ??
      attributes.get('property') ??
      attributes.get('itemprop') ??
      attributes.get('http-equiv') ??
      'meta';
    findings.push(
      finding(metaField(key), key || 'meta', name, said(attributes)),
    );
  }
  for (const m of text.matchAll(LINK)) {
    const attributes = attributesOf(m[0]);
    const rel = (attributes.get('rel') ?? '').split(/\s+/);
    if (!rel.some((t) => PERSON_LINK.test(t))) continue;
    const at = m.index;
    edits.remove(at, at + m[0].length);
    findings.push(
      finding('author.name', 'link rel=author', name, attributes.get('href')),
    );
  }
  return { edits, findings };
}
