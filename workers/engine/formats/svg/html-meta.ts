/**
 * An XHTML `<meta>` inside a `foreignObject` (SVG 2, 12.4 embedding foreign content): HTML's
 * document metadata (its author, the tool that wrote it, a description, keywords, microdata's
 * `itemprop`), which nothing renders there; the element goes, as a `<metadata>` block does.
 */
import type { FieldId } from '../../fields';
import { finding, type Finding } from '../../findings';
import { xmlText } from '../../shared/xml';
import { localName, normalizeUri, prefixOf, type Scope } from './namespaces';
import type { Attribute } from './tokenizer';

const XHTML = normalizeUri('http://www.w3.org/1999/xhtml');
const LOCATION = 'svg';

/** What a `<meta>` says by its name (or microdata property). */
function field(key: string): FieldId {
  if (/author|creator/i.test(key)) return 'author.name';
  if (/generator/i.test(key)) return 'software.creator';
  if (/description/i.test(key)) return 'content.description';
  if (/keywords/i.test(key)) return 'content.keywords';
  return 'other.data';
}

/** The finding of an XHTML `<meta>` element, or null for any other element. */
export function htmlMeta(
  bytes: Uint8Array,
  name: string,
  attributes: readonly Attribute[],
  scope: Scope,
): Finding | null {
  if (localName(name).toLowerCase() !== 'meta') return null;
  const uri = scope.get(prefixOf(name) ?? '');
  if (uri === undefined || normalizeUri(uri) !== XHTML) return null;
  const value = (attr: string) => {
    const a = attributes.find((x) => x.name.toLowerCase() === attr);
    return a ? xmlText(bytes.subarray(a.valueStart, a.valueEnd)) : '';
  };
  const key = value('name') || value('itemprop') || value('property');
  return finding(
    field(key),
    key ? `<meta> ${key}` : '<meta>',
    LOCATION,
    value('content') || undefined,
  );
}
