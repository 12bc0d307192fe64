import { corrupt } from '../../errors';
import { MAX_DEPTH, MAX_ENTRIES } from '../../limits';
import { NamespaceScopes, type NamespaceTable } from './namespaces';
import type { XmlAttribute } from './xml-attribute';

export type { XmlAttribute } from './xml-attribute';

/** An element as the walk sees it: its start tag, and once closed, where it ends. */
export interface XmlElement {
  /**
   * The element's name. Walked with a namespace table, its canonical qualified name: the prefix
   * the table gives its namespace URI (or none), whatever prefix the part wrote; a name in a
   * namespace the table does not know is `~prefix:local` so no rule takes it for a known one.
   */
  readonly name: string;
  /** The name as written in the part, for edits that write a tag back. */
  readonly raw: string;
  readonly attributes: readonly XmlAttribute[];
  readonly start: number;
  /** Just past the start tag's `>`. */
  readonly openEnd: number;
  /** Where the end tag starts (equal to openEnd for an empty-element tag). */
  closeStart: number;
  /** Just past the element's last byte; set when it closes. */
  end: number;
  readonly parent: XmlElement | null;
  /** Text of the element's direct text children, gathered while it is open (bounded). */
  text: string;
  /** Count of element children. */
  children: number;
}

export interface XmlVisitor {
  open?(element: XmlElement): void;
  close?(element: XmlElement): void;
}

/** How many characters of an element's text are gathered for findings. */
const MAX_TEXT = 4096;

/** A tag's name: up to the first space, `/` or `>` (sticky, so no slice of the tag is made). */
const TAG_NAME = /[^\s/>]*/y;

/**
 * One attribute, from where the last one ended (sticky). One object serves every walk:
 * `attributes` sets its position before each use and calls out to nothing until it is done.
 */
const ATTRIBUTE = /\s+([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/y;

function attributes(xml: string, from: number, to: number): XmlAttribute[] {
  const list: XmlAttribute[] = [];
  const re = ATTRIBUTE;
  re.lastIndex = from;
  let m: RegExpExecArray | null;
  while (re.lastIndex < to && (m = re.exec(xml)) !== null) {
    const raw = m[2] ?? m[3] ?? '';
    const end = re.lastIndex;
    list.push({
      name: m[1]!,
      raw,
      start: m.index,
      end,
      valueStart: end - 1 - raw.length,
      valueEnd: end - 1,
    });
  }
  return list;
}

function skipTo(xml: string, from: number, marker: string): number {
  const at = xml.indexOf(marker, from);
  if (at < 0) throw corrupt(`unterminated XML construct (${marker})`);
  return at + marker.length;
}

const QUOTE = 0x22;
const APOSTROPHE = 0x27;
const GREATER_THAN = 0x3e;
/** After `<`: what starts an end tag, a declaration or a processing instruction. */
const BANG = 0x21;
const QUESTION = 0x3f;
const SLASH = 0x2f;

/** Finds the `>` closing a tag, skipping quoted attribute values that may contain one. */
function tagEnd(xml: string, from: number): number {
  let quote = 0;
  for (let i = from; i < xml.length; i++) {
    const c = xml.charCodeAt(i);
    if (quote) {
      if (c === quote) quote = 0;
    } else if (c === QUOTE || c === APOSTROPHE) quote = c;
    else if (c === GREATER_THAN) return i + 1;
  }
  throw corrupt('unterminated XML tag');
}

/**
 * Walks an XML document once, left to right, with an explicit stack (the input cannot make it
 * recurse), calling the visitor at each element's start and end. Comments, processing
 * instructions, CDATA and the DOCTYPE are skipped. Mismatched or unclosed tags are corrupt.
 */
export function walkXml(
  xml: string,
  visitor: XmlVisitor,
  names?: NamespaceTable,
): void {
  const scopes = names ? new NamespaceScopes(names) : null;
  let current: XmlElement | null = null;
  let depth = 0;
  let count = 0;
  let at = 0;
  while (at < xml.length) {
    const lt = xml.indexOf('<', at);
    const textEnd = lt < 0 ? xml.length : lt;
    if (current && textEnd > at && current.text.length < MAX_TEXT)
      current.text += xml.slice(at, Math.min(textEnd, at + MAX_TEXT));
    if (lt < 0) break;
    const next = xml.charCodeAt(lt + 1);
    if (next === SLASH) {
      const end = tagEnd(xml, lt + 2);
      const name = xml.slice(lt + 2, end - 1).trim();
      if (!current || current.raw !== name)
        throw corrupt(`XML end tag </${name.slice(0, 40)}> does not match`);
      current.closeStart = lt;
      current.end = end;
      visitor.close?.(current);
      scopes?.leave();
      current = current.parent;
      depth--;
      at = end;
    } else if (next !== BANG && next !== QUESTION) {
      const end = tagEnd(xml, lt + 1);
      const selfClosing = xml[end - 2] === '/';
      // The tag ends in `>`, so the name stops inside it.
      TAG_NAME.lastIndex = lt + 1;
      const name = TAG_NAME.exec(xml)![0];
      if (!name) throw corrupt('XML tag without a name');
      if (++count > MAX_ENTRIES) throw corrupt('too many XML elements');
      if (current) current.children++;
      const written = attributes(xml, lt + 1 + name.length, end - 1);
      const element: XmlElement = {
        name: scopes ? scopes.enter(name, written) : name,
        raw: name,
        attributes: scopes ? scopes.attributes(written) : written,
        start: lt,
        openEnd: end,
        closeStart: end,
        end,
        parent: current,
        text: '',
        children: 0,
      };
      visitor.open?.(element);
      if (selfClosing) {
        visitor.close?.(element);
        scopes?.leave();
      } else {
        if (++depth > MAX_DEPTH * 8) throw corrupt('XML nested too deep');
        current = element;
      }
      at = end;
    } else if (xml.startsWith('<!--', lt)) {
      at = skipTo(xml, lt + 4, '-->');
    } else if (xml.startsWith('<![CDATA[', lt)) {
      at = skipTo(xml, lt + 9, ']]>');
      if (current && current.text.length < MAX_TEXT)
        current.text += xml.slice(lt + 9, Math.min(at - 3, lt + 9 + MAX_TEXT));
    } else if (xml.startsWith('<?', lt)) {
      at = skipTo(xml, lt + 2, '?>');
    } else {
      // `<!` and a declaration (the DOCTYPE): skipped to its end.
      at = tagEnd(xml, lt + 2);
    }
  }
  if (current)
    throw corrupt(`XML element <${current.name.slice(0, 40)}> never closes`);
}

/** The local part of a qualified name (`w:rsidR` -> `rsidR`). */
export const localName = (name: string): string =>
  name.slice(name.indexOf(':') + 1);

export function attribute(
  element: XmlElement,
  name: string,
): XmlAttribute | undefined {
  return element.attributes.find((a) => a.name === name);
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

/** Decodes the five predefined entities and character references, for readable findings. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code =
        ref[1] === 'x' || ref[1] === 'X'
          ? parseInt(ref.slice(2), 16)
          : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[ref] ?? whole;
  });
}

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}
