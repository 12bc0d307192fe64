/**
 * Namespaces in XML 1.0 (third edition): a qualified name means its namespace URI, bound by the
 * `xmlns` declarations in scope, not the prefix a part happens to write. A format gives a table
 * of the namespaces its rules know, each with the prefix its rules are written with; the walk then
 * names every element and attribute by that canonical prefix, so `<x:del>` under
 * `xmlns:x="...wordprocessingml/2006/main"` and `<del>` under that default namespace are both
 * `w:del`, and a `w:del` bound to any other URI is not.
 */
import type { XmlAttribute } from './xml-attribute';

/** Namespace URI -> the prefix rules use for it ('' for names written without one). */
export type NamespaceTable = ReadonlyMap<string, string>;

/** Bound to `xml` by definition (section 3); never declared. */
const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';
const MAX_CODE_POINT = 0x10ffff;
/** How many names are remembered under one set of bindings (a hostile part may write millions). */
const MAX_REMEMBERED_NAMES = 4096;
/** Marks a name whose namespace the table does not know (no rule matches it). */
export const UNKNOWN_MARK = '~';

/**
 * A table's entry under this key (no namespace URI) with `UNKNOWN_MARK` as its prefix says that
 * an element in no namespace is unknown too: for formats whose every element is in a namespace
 * (OpenDocument), such an element is nothing the format defines.
 */
export const NO_NAMESPACE = '';

/** The prefix each name in scope is bound to, default namespace under ''. */
type Bindings = ReadonlyMap<string, string>;

const ROOT: Bindings = new Map([['xml', XML_NAMESPACE]]);

/** True for a name that is in a namespace the table does not know. */
export const isUnknownName = (name: string): boolean =>
  name.startsWith(UNKNOWN_MARK);

export class NamespaceScopes {
  private readonly stack: Bindings[] = [ROOT];
  /**
   * Canonical names already worked out under each scope's bindings, one map for each entry of
   * `stack` (an element that declares nothing shares its parent's): a part declares its
   * namespaces once or a few times and writes the same names millions of times. One map serves
   * elements and attributes: they differ only for unprefixed names, which attributes never ask.
   */
  private readonly names: Map<string, string>[] = [new Map()];

  constructor(private readonly table: NamespaceTable) {}

  /** Opens an element's scope (its own declarations apply to it) and gives its canonical name. */
  enter(name: string, attributes: readonly XmlAttribute[]): string {
    const outer = this.stack[this.stack.length - 1]!;
    let bindings = outer;
    for (const a of attributes) {
      if (a.name !== 'xmlns' && !a.name.startsWith('xmlns:')) continue;
      const copy = new Map(bindings);
      copy.set(a.name === 'xmlns' ? '' : a.name.slice(6), unescape(a.raw));
      bindings = copy;
    }
    this.stack.push(bindings);
    this.names.push(
      bindings === outer ? this.names[this.names.length - 1]! : new Map(),
    );
    return this.canonical(name, true);
  }

  leave(): void {
    if (this.stack.length > 1) {
      this.stack.pop();
      this.names.pop();
    }
  }

  /** The attributes with canonical names; an unprefixed attribute is in no namespace. */
  attributes(list: readonly XmlAttribute[]): readonly XmlAttribute[] {
    let renamed: XmlAttribute[] | null = null;
    for (let i = 0; i < list.length; i++) {
      const a = list[i]!;
      if (a.name === 'xmlns' || a.name.startsWith('xmlns:')) continue;
      if (!a.name.includes(':')) continue;
      const name = this.canonical(a.name, false);
      // Most parts write the prefixes the table gives: their attributes are kept as they are.
      if (name === a.name) continue;
      renamed ??= list.slice();
      renamed[i] = { ...a, name };
    }
    return renamed ?? list;
  }

  private canonical(name: string, element: boolean): string {
    const known = this.names[this.names.length - 1]!;
    let canonical = known.get(name);
    if (canonical === undefined) {
      canonical = this.resolve(name, element);
      if (known.size < MAX_REMEMBERED_NAMES) known.set(name, canonical);
    }
    return canonical;
  }

  private resolve(name: string, element: boolean): string {
    const colon = name.indexOf(':');
    const prefix = colon < 0 ? '' : name.slice(0, colon);
    const local = name.slice(colon + 1);
    const uri = this.stack.at(-1)!.get(prefix);
    // An unprefixed element outside any default namespace is in no namespace: its name as
    // written, unless the table says no namespace is unknown.
    if (uri === undefined || uri === '')
      return colon < 0 &&
        element &&
        this.table.get(NO_NAMESPACE) !== UNKNOWN_MARK
        ? local
        : `${UNKNOWN_MARK}${name}`;
    if (uri === XML_NAMESPACE) return `xml:${local}`;
    const known = this.table.get(uri);
    if (known === undefined) return `${UNKNOWN_MARK}${prefix}:${local}`;
    return known ? `${known}:${local}` : local;
  }
}

/** A namespace URI as declared: references decoded (they may spell it). */
function unescape(raw: string): string {
  return raw
    .replace(/&#(x[0-9a-f]+|\d+);/gi, (whole, ref: string) => {
      const code =
        ref[0] === 'x' || ref[0] === 'X'
          ? parseInt(ref.slice(1), 16)
          : parseInt(ref, 10);
      return code > 0 && code <= MAX_CODE_POINT
        ? String.fromCodePoint(code)
        : whole;
    })
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
