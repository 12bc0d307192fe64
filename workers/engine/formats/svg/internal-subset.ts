/**
 * The declarations of a DOCTYPE's internal subset (XML 1.0, section 2.8: `<!DOCTYPE svg [ ... ]>`),
 * judged one by one. A reader expands a general entity wherever `&name;` stands in the document
 * (section 4.4.2), so its value is as much content as the text around the reference, and one no
 * kept text or attribute references is a value that rides along unseen: it goes, reported.
 * What cannot be judged from the file alone is refused rather than passed:
 * - `<!ATTLIST>` defaults are attributes a reader adds to every matching element (3.3.2), so an
 *   editor's attribute or a path could be injected where the walk never sees it;
 * - external entities and notations (4.2.2, 4.7) name a file or address whose text is not here;
 * - parameter entities (4.4.8) and processing instructions rewrite or extend the subset itself;
 * - an entity value holding `<` or `&` is markup or more references once expanded (4.4.5, 4.5).
 * `<!ELEMENT>` declarations constrain validation only, which no SVG reader does: they go, with
 * the subset's comments. A DOCTYPE with only an external identifier (Inkscape's and
 * Illustrator's SVG 1.1 public id) has no subset and is not read here.
 */
import { EngineError, corrupt } from '../../errors';
import type { Range } from './tokenizer';

export type Declaration =
  | {
      readonly kind: 'entity';
      readonly name: string;
      readonly value: string;
      /** From the end of what precedes it (its indentation) to its `>`. */
      readonly range: Range;
    }
  | { readonly kind: 'comment'; readonly text: string; readonly range: Range }
  | { readonly kind: 'element'; readonly name: string; readonly range: Range };

export interface InternalSubset {
  /** From the whitespace before `[` to the `]`: what goes when no declaration stays. */
  readonly range: Range;
  readonly declarations: readonly Declaration[];
}

const latin1 = new TextDecoder('latin1');
const utf8 = new TextDecoder('utf-8');
const refuse = (detail: string): EngineError =>
  new EngineError('unsupported', `the DOCTYPE internal subset ${detail}`);

/** XML 1.0 production 28 up to the internal subset: the name, then an optional ExternalID. */
const DOCTYPE_HEAD =
  /^<!DOCTYPE\s+[^\s[>]+(?:\s+(?:SYSTEM\s*(?:"[^"]*"|'[^']*')|PUBLIC\s*(?:"[^"]*"|'[^']*')\s*(?:"[^"]*"|'[^']*')))?\s*/;
const NAME = /[^\s%<>"'[\]]+/y;
const SPACE = /\s*/y;

/** The internal subset of the DOCTYPE token `token`, or null when it has none. */
export function internalSubset(
  bytes: Uint8Array,
  token: Range,
): InternalSubset | null {
  const text = latin1.decode(bytes.subarray(token.start, token.end));
  const head = DOCTYPE_HEAD.exec(text);
  if (!head || text[head[0].length] !== '[') return null;
  const open = head[0].length;
  const close = text.lastIndexOf(']');
  if (close < open) throw corrupt('unterminated DOCTYPE internal subset');
  const spaceBefore = /\s*$/.exec(head[0])![0].length;
  const declarations = new SubsetReader(bytes, text, token.start).read(
    open + 1,
    close,
  );
  return {
    range: {
      start: token.start + open - spaceBefore,
      end: token.start + close + 1,
    },
    declarations,
  };
}

/** Reads one declaration after another; offsets in `text` are bytes (latin1 keeps them one to one). */
class SubsetReader {
  private at = 0;

  constructor(
    private readonly bytes: Uint8Array,
    private readonly text: string,
    private readonly base: number,
  ) {}

  read(from: number, end: number): Declaration[] {
    const declarations: Declaration[] = [];
    this.at = from;
    for (;;) {
      const start = this.at;
      this.skipSpace();
      if (this.at >= end) return declarations;
      declarations.push(this.declaration(start, end));
    }
  }

  private declaration(start: number, end: number): Declaration {
    const { text } = this;
    if (text.startsWith('<!--', this.at)) {
      const close = text.indexOf('-->', this.at + 4);
      if (close < 0 || close + 3 > end)
        throw corrupt('unterminated comment in the DOCTYPE');
      const body = this.decode(this.at + 4, close);
      this.at = close + 3;
      return { kind: 'comment', text: body, range: this.range(start) };
    }
    if (text.startsWith('<!ENTITY', this.at)) return this.entity(start, end);
    if (text.startsWith('<!ELEMENT', this.at)) {
      this.at += '<!ELEMENT'.length;
      this.skipSpace();
      const name = this.name();
      const close = text.indexOf('>', this.at);
      if (close < 0 || close >= end)
        throw corrupt('unterminated <!ELEMENT> in the DOCTYPE');
      this.at = close + 1;
      return { kind: 'element', name, range: this.range(start) };
    }
    if (text.startsWith('<!ATTLIST', this.at))
      throw refuse('declares attribute defaults a reader adds to elements');
    if (text.startsWith('<!NOTATION', this.at))
      throw refuse('declares a notation, which names an external file');
    if (text[this.at] === '%') throw refuse('references a parameter entity');
    if (text.startsWith('<?', this.at))
      throw refuse('holds a processing instruction');
    throw corrupt('unreadable declaration in the DOCTYPE internal subset');
  }

  private entity(start: number, end: number): Declaration {
    this.at += '<!ENTITY'.length;
    this.skipSpace();
    if (this.text[this.at] === '%') throw refuse('declares a parameter entity');
    const name = this.name();
    this.skipSpace();
    const quote = this.text[this.at];
    if (quote !== '"' && quote !== "'")
      throw refuse(`declares the external entity ${name}`);
    const close = this.text.indexOf(quote, this.at + 1);
    if (close < 0 || close >= end)
      throw corrupt(`unterminated value of the entity ${name}`);
    const raw = this.text.slice(this.at + 1, close);
    if (/[<&%]/.test(raw))
      throw refuse(`gives the entity ${name} markup or references to expand`);
    const value = this.decode(this.at + 1, close);
    this.at = close + 1;
    this.skipSpace();
    if (this.text[this.at] !== '>')
      throw corrupt(`unreadable declaration of the entity ${name}`);
    this.at++;
    return { kind: 'entity', name, value, range: this.range(start) };
  }

  private name(): string {
    NAME.lastIndex = this.at;
    const match = NAME.exec(this.text);
    if (!match) throw corrupt('a declaration in the DOCTYPE has no name');
    this.at = NAME.lastIndex;
    return match[0];
  }

  private skipSpace(): void {
    SPACE.lastIndex = this.at;
    SPACE.exec(this.text);
    this.at = SPACE.lastIndex;
  }

  private decode(start: number, end: number): string {
    return utf8.decode(this.bytes.subarray(this.base + start, this.base + end));
  }

  private range(start: number): Range {
    return { start: this.base + start, end: this.base + this.at };
  }
}
