/**
 * A streaming XML tokenizer over bytes (XML 1.0, section 2-3). It does not build a tree or
 * resolve anything: it yields byte ranges, so the cleaner can drop ranges and copy the rest
 * untouched. UTF-8 and every ASCII-compatible encoding work, since markup is ASCII.
 */
import { ascii, indexOfBytes } from '../../bytes';
import { corrupt } from '../../errors';

export interface Range {
  readonly start: number;
  readonly end: number;
}

export interface Attribute {
  readonly name: string;
  /** Start of the whitespace before the name: dropping [start, end) leaves the tag well formed. */
  readonly start: number;
  readonly end: number;
  readonly valueStart: number;
  readonly valueEnd: number;
}

export type Token =
  | {
      readonly kind: 'text' | 'comment' | 'cdata' | 'doctype';
      readonly start: number;
      readonly end: number;
    }
  | {
      readonly kind: 'pi';
      readonly start: number;
      readonly end: number;
      readonly target: string;
    }
  | {
      readonly kind: 'close';
      readonly start: number;
      readonly end: number;
      readonly name: string;
    }
  | {
      readonly kind: 'open';
      readonly start: number;
      readonly end: number;
      readonly name: string;
      readonly attributes: readonly Attribute[];
      readonly selfClosing: boolean;
    };

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const EQUALS = 0x3d;
const QUESTION = 0x3f;
const BANG = 0x21;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const DOUBLE_QUOTE = 0x22;
const SINGLE_QUOTE = 0x27;
const COMMENT_OPEN = ascii('<!--');
const COMMENT_CLOSE = ascii('-->');
const CDATA_OPEN = ascii('<![CDATA[');
const CDATA_CLOSE = ascii(']]>');
const PI_CLOSE = ascii('?>');

const isSpace = (b: number | undefined) =>
  b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d;

function startsAt(bytes: Uint8Array, at: number, prefix: Uint8Array): boolean {
  return prefix.every((b, i) => bytes[at + i] === b);
}

function endOf(
  bytes: Uint8Array,
  from: number,
  close: Uint8Array,
  what: string,
): number {
  const at = indexOfBytes(bytes, close, from);
  if (at < 0) throw corrupt(`unterminated ${what} at ${from}`);
  return at + close.length;
}

function skipSpace(bytes: Uint8Array, at: number): number {
  let i = at;
  while (isSpace(bytes[i])) i++;
  return i;
}

/** A name runs to whitespace, `=`, `/`, `>` or the end. */
function nameEnd(bytes: Uint8Array, at: number): number {
  let i = at;
  for (; i < bytes.length; i++) {
    const b = bytes[i];
    if (isSpace(b) || b === EQUALS || b === SLASH || b === GT || b === LT)
      break;
  }
  return i;
}

const latin1 = new TextDecoder('latin1');
const text = (bytes: Uint8Array, start: number, end: number) =>
  latin1.decode(bytes.subarray(start, end));

/**
 * A DOCTYPE ends at the first `>` outside quotes and outside its internal subset `[...]`. In the
 * subset a comment or a processing instruction is markup of its own (XML 1.0, 2.8 markupdecl):
 * a quote or bracket in it (`<!-- it's -->`) is a character, not a literal's start.
 */
function doctypeEnd(bytes: Uint8Array, at: number): number {
  let depth = 0;
  for (let i = at; i < bytes.length; i++) {
    const b = bytes[i];
    if (depth > 0 && b === LT) {
      const comment = startsAt(bytes, i, COMMENT_OPEN);
      if (comment || bytes[i + 1] === QUESTION) {
        const close = comment ? COMMENT_CLOSE : PI_CLOSE;
        const end = indexOfBytes(bytes, close, i + 2);
        if (end < 0) break;
        i = end + close.length - 1;
      }
    } else if (b === DOUBLE_QUOTE || b === SINGLE_QUOTE) {
      const close = bytes.indexOf(b, i + 1);
      if (close < 0) break;
      i = close;
    } else if (b === OPEN_BRACKET) depth++;
    else if (b === CLOSE_BRACKET) depth--;
    else if (b === GT && depth <= 0) return i + 1;
  }
  throw corrupt(`unterminated DOCTYPE at ${at}`);
}

function readAttribute(
  bytes: Uint8Array,
  start: number,
  at: number,
): Attribute {
  const end = nameEnd(bytes, at);
  if (end === at) throw corrupt(`bad attribute at ${at}`);
  const eq = skipSpace(bytes, end);
  if (bytes[eq] !== EQUALS) throw corrupt(`attribute without value at ${at}`);
  const quoteAt = skipSpace(bytes, eq + 1);
  const quote = bytes[quoteAt];
  if (quote !== DOUBLE_QUOTE && quote !== SINGLE_QUOTE)
    throw corrupt(`unquoted attribute at ${at}`);
  const close = bytes.indexOf(quote, quoteAt + 1);
  if (close < 0) throw corrupt(`unterminated attribute at ${at}`);
  return {
    name: text(bytes, at, end),
    start,
    end: close + 1,
    valueStart: quoteAt + 1,
    valueEnd: close,
  };
}

function readOpenTag(bytes: Uint8Array, start: number): Token {
  const nameStop = nameEnd(bytes, start + 1);
  if (nameStop === start + 1) throw corrupt(`bad tag at ${start}`);
  const attributes: Attribute[] = [];
  for (let at = nameStop; ;) {
    const next = skipSpace(bytes, at);
    if (
      bytes[next] === GT ||
      (bytes[next] === SLASH && bytes[next + 1] === GT)
    ) {
      const selfClosing = bytes[next] === SLASH;
      const end = next + (selfClosing ? 2 : 1);
      const name = text(bytes, start + 1, nameStop);
      return { kind: 'open', start, end, name, attributes, selfClosing };
    }
    if (next >= bytes.length || next === at)
      throw corrupt(`unterminated tag at ${start}`);
    const attribute = readAttribute(bytes, at, next);
    attributes.push(attribute);
    at = attribute.end;
  }
}

function readMarkup(bytes: Uint8Array, at: number): Token {
  const next = bytes[at + 1];
  if (startsAt(bytes, at, COMMENT_OPEN))
    return {
      kind: 'comment',
      start: at,
      end: endOf(bytes, at + 4, COMMENT_CLOSE, 'comment'),
    };
  if (startsAt(bytes, at, CDATA_OPEN))
    return {
      kind: 'cdata',
      start: at,
      end: endOf(bytes, at, CDATA_CLOSE, 'CDATA'),
    };
  if (next === BANG)
    return { kind: 'doctype', start: at, end: doctypeEnd(bytes, at) };
  if (next === QUESTION) {
    const target = text(bytes, at + 2, nameEnd(bytes, at + 2));
    return {
      kind: 'pi',
      start: at,
      end: endOf(bytes, at, PI_CLOSE, 'instruction'),
      target,
    };
  }
  if (next === SLASH) {
    const name = text(bytes, at + 2, nameEnd(bytes, at + 2));
    const close = skipSpace(bytes, at + 2 + name.length);
    if (bytes[close] !== GT) throw corrupt(`bad end tag at ${at}`);
    return { kind: 'close', start: at, end: close + 1, name };
  }
  return readOpenTag(bytes, at);
}

/** Every token of the document, in order; fails as corrupt where XML is not well formed. */
export function* tokenize(bytes: Uint8Array): Generator<Token> {
  for (let at = 0; at < bytes.length;) {
    if (bytes[at] !== LT) {
      const next = bytes.indexOf(LT, at);
      const end = next < 0 ? bytes.length : next;
      yield { kind: 'text', start: at, end };
      at = end;
      continue;
    }
    const token = readMarkup(bytes, at);
    yield token;
    at = token.end;
  }
}
