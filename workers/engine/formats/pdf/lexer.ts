/**
 * Reads PDF values (ISO 32000-1, 7.2 lexical conventions and 7.3 objects) from a byte window.
 * Iterative with an explicit stack, so nesting depth is a checked limit and not the call stack's.
 */
import { EngineError, corrupt } from '../../errors';
import type { PdfArray, PdfDict, PdfValue } from './objects';

/** Nesting of arrays and dictionaries; real files stay far below it. */
export const MAX_VALUE_DEPTH = 100;

/** Values (tokens) one object may hold: far above any real font or page tree. */
export const MAX_OBJECT_VALUES = 2_000_000;

/**
 * Values parsed, counted against a limit: every value is held in memory while the document is
 * rewritten, so a file of nothing but numbers must end in an error, not an exhausted heap.
 */
export class ValueBudget {
  constructor(private left: number) {}

  take(): void {
    if (--this.left < 0)
      throw corrupt('more PDF values than any real document holds');
  }
}

/** Thrown when a value runs past the end of a window that is not the end of the file. */
export class Truncated extends Error {}

const WHITE_BYTES = [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20];
const DELIMITER_BYTES = [
  0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25,
];
/** Byte classes (ISO 32000-1, 7.2.2): 1 white-space, 2 delimiter, 0 regular. */
const CLASS = new Uint8Array(256);
for (const c of WHITE_BYTES) CLASS[c] = 1;
for (const c of DELIMITER_BYTES) CLASS[c] = 2;
/** Longer than any keyword or number a PDF writer produces. */
const MAX_WORD_CHARS = 256;

export const isWhite = (c: number | undefined): boolean =>
  c !== undefined && CLASS[c] === 1;
const isRegular = (c: number): boolean => CLASS[c] === 0;

/** Whether bytes [start, end) are an integer, a real (ISO 32000-1, 7.3.3) or neither. */
function numberKind(
  b: Uint8Array,
  start: number,
  end: number,
): 'int' | 'real' | null {
  let i = start;
  if (b[i] === 0x2b || b[i] === 0x2d) i++;
  let digits = 0;
  let points = 0;
  for (; i < end; i++) {
    const c = b[i]!;
    if (c >= 0x30 && c <= 0x39) digits++;
    else if (c === 0x2e && points === 0) points++;
    else return null;
  }
  if (digits === 0) return null;
  return points ? 'real' : 'int';
}

type Token =
  | { t: 'num'; value: number; raw: string; int: boolean }
  | { t: 'name'; name: string }
  | { t: 'str'; bytes: Uint8Array }
  | { t: 'open-array' | 'close-array' | 'open-dict' | 'close-dict' | 'eof' }
  | { t: 'word'; word: string };

export class Lexer {
  constructor(
    readonly b: Uint8Array,
    public pos: number,
    /** True when the window ends where the file ends. */
    readonly atEof: boolean,
  ) {}

  private end(): never {
    if (this.atEof) throw corrupt('PDF value runs past the end of the file');
    throw new Truncated();
  }

  skipWhite(): void {
    const b = this.b;
    while (this.pos < b.length) {
      const c = b[this.pos]!;
      if (CLASS[c] === 1) this.pos++;
      else if (c === 0x25) {
        while (
          this.pos < b.length &&
          b[this.pos] !== 0x0a &&
          b[this.pos] !== 0x0d
        )
          this.pos++;
      } else return;
    }
  }

  next(): Token {
    this.skipWhite();
    const b = this.b;
    if (this.pos >= b.length) {
      if (this.atEof) return { t: 'eof' };
      throw new Truncated();
    }
    const c = b[this.pos]!;
    if (c === 0x5b) return (this.pos++, { t: 'open-array' });
    if (c === 0x5d) return (this.pos++, { t: 'close-array' });
    if (c === 0x3c) {
      if (this.pos + 1 >= b.length) this.end();
      if (b[this.pos + 1] === 0x3c)
        return ((this.pos += 2), { t: 'open-dict' });
      return { t: 'str', bytes: this.hexString() };
    }
    if (c === 0x3e) {
      if (this.pos + 1 >= b.length) this.end();
      if (b[this.pos + 1] === 0x3e)
        return ((this.pos += 2), { t: 'close-dict' });
      throw corrupt(`stray '>' at ${this.pos}`);
    }
    if (c === 0x28) return { t: 'str', bytes: this.literalString() };
    if (c === 0x2f) return { t: 'name', name: this.nameToken() };
    if (c === 0x29 || c === 0x7b || c === 0x7d)
      throw corrupt(`stray delimiter at ${this.pos}`);
    const start = this.pos;
    while (this.pos < b.length && isRegular(b[this.pos]!)) this.pos++;
    if (this.pos >= b.length && !this.atEof) throw new Truncated();
    if (this.pos - start > MAX_WORD_CHARS)
      throw corrupt(`a ${this.pos - start}-byte token at ${start}`);
    let word = '';
    for (let i = start; i < this.pos; i++) word += String.fromCharCode(b[i]!);
    const kind = numberKind(b, start, this.pos);
    if (kind === 'int')
      return {
        t: 'num',
        value: Number(word),
        raw: normalNumber(word),
        int: true,
      };
    if (kind === 'real')
      return {
        t: 'num',
        value: Number(word),
        raw: normalNumber(word),
        int: false,
      };
    return { t: 'word', word };
  }

  private nameToken(): string {
    const b = this.b;
    this.pos++;
    let out = '';
    while (this.pos < b.length && isRegular(b[this.pos]!)) {
      const c = b[this.pos]!;
      if (c === 0x23 && this.pos + 2 < b.length) {
        const hex = String.fromCharCode(b[this.pos + 1]!, b[this.pos + 2]!);
        if (/^[0-9a-fA-F]{2}$/.test(hex)) {
          out += String.fromCharCode(parseInt(hex, 16));
          this.pos += 3;
          continue;
        }
      }
      out += String.fromCharCode(c);
      this.pos++;
    }
    if (this.pos >= b.length && !this.atEof) throw new Truncated();
    return out;
  }

  private hexString(): Uint8Array {
    const b = this.b;
    const out = new ByteBuffer();
    let high = -1;
    this.pos++;
    for (;;) {
      if (this.pos >= b.length) this.end();
      const c = b[this.pos++]!;
      if (c === 0x3e) break;
      if (CLASS[c] === 1) continue;
      const d = hexDigit(c);
      if (d < 0) throw corrupt(`bad hex string digit at ${this.pos - 1}`);
      if (high < 0) high = d;
      else {
        out.push((high << 4) | d);
        high = -1;
      }
    }
    // An odd final digit is followed by an implied 0 (ISO 32000-2, 7.3.4.3).
    if (high >= 0) out.push(high << 4);
    return out.bytes();
  }

  private literalString(): Uint8Array {
    const b = this.b;
    const out = new ByteBuffer();
    let depth = 1;
    this.pos++;
    for (;;) {
      if (this.pos >= b.length) this.end();
      const c = b[this.pos++]!;
      if (c === 0x28) depth++;
      else if (c === 0x29 && --depth === 0) break;
      if (c !== 0x5c) {
        out.push(c);
        continue;
      }
      if (this.pos >= b.length) this.end();
      const e = b[this.pos++]!;
      const simple = ESCAPES.get(e);
      if (simple !== undefined) out.push(simple);
      else if (e >= 0x30 && e <= 0x37) {
        let v = e - 0x30;
        for (let k = 0; k < 2 && this.pos < b.length; k++) {
          const d = b[this.pos]!;
          if (d < 0x30 || d > 0x37) break;
          v = v * 8 + d - 0x30;
          this.pos++;
        }
        out.push(v & 0xff);
      } else if (e === 0x0d) {
        if (b[this.pos] === 0x0a) this.pos++;
      } else if (e !== 0x0a) out.push(e);
    }
    return out.bytes();
  }
}

/** First capacity of a string's buffer; it doubles as the string grows. */
const FIRST_STRING_BYTES = 64;
/**
 * The longest string value read: far above any text, name or form value a document holds (large
 * data lives in streams), and small enough that reading, writing and verifying it stays quick.
 */
export const MAX_STRING_BYTES = 16 * 1024 * 1024;

/**
 * Bytes grown in a typed array, not a JavaScript array of numbers: a string of tens of
 * megabytes costs its size (twice at most), not eight bytes or more per byte.
 */
class ByteBuffer {
  private buf = new Uint8Array(FIRST_STRING_BYTES);
  private length = 0;

  push(byte: number): void {
    if (this.length === this.buf.length) {
      if (this.length >= MAX_STRING_BYTES)
        throw new EngineError(
          'too-large',
          `a PDF string longer than ${MAX_STRING_BYTES} bytes`,
        );
      const grown = new Uint8Array(this.buf.length * 2);
      grown.set(this.buf);
      this.buf = grown;
    }
    this.buf[this.length++] = byte;
  }

  bytes(): Uint8Array {
    return this.buf.slice(0, this.length);
  }
}

const ESCAPES = new Map([
  [0x6e, 0x0a],
  [0x72, 0x0d],
  [0x74, 0x09],
  [0x62, 0x08],
  [0x66, 0x0c],
  [0x28, 0x28],
  [0x29, 0x29],
  [0x5c, 0x5c],
]);

function hexDigit(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  return -1;
}

/** `+5` -> `5`, `.5` -> `0.5`, `-.5` -> `-0.5`, `3.` -> `3`: forms every reader accepts. */
function normalNumber(word: string): string {
  let w = word.startsWith('+') ? word.slice(1) : word;
  if (w.endsWith('.')) w = w.slice(0, -1);
  if (w.startsWith('.')) w = `0${w}`;
  if (w.startsWith('-.')) w = `-0${w.slice(1)}`;
  return w === '' || w === '-' ? '0' : w;
}

type Frame = { c: PdfArray } | { c: PdfDict; key: string | null };

/**
 * Reads one value at the lexer's position. `N G R` becomes a reference; `endobj` or `stream`
 * inside a container means the object is broken.
 */
export function readValue(
  lx: Lexer,
  budget = new ValueBudget(MAX_OBJECT_VALUES),
): PdfValue {
  const stack: Frame[] = [];
  for (;;) {
    let value: PdfValue;
    const tok = lx.next();
    budget.take();
    const top = stack.at(-1);
    switch (tok.t) {
      case 'eof':
        throw corrupt('PDF value cut short by the end of the file');
      case 'open-array':
      case 'open-dict': {
        if (stack.length >= MAX_VALUE_DEPTH)
          throw corrupt(`PDF values nested deeper than ${MAX_VALUE_DEPTH}`);
        if (top && 'key' in top && top.key === null)
          throw corrupt('a dictionary key that is not a name');
        stack.push(
          tok.t === 'open-array'
            ? { c: { kind: 'array', items: [] } }
            : { c: { kind: 'dict', map: new Map() }, key: null },
        );
        continue;
      }
      case 'close-array':
      case 'close-dict': {
        const want = tok.t === 'close-array' ? 'array' : 'dict';
        if (!top || top.c.kind !== want)
          throw corrupt(`unbalanced ${want} end at ${lx.pos}`);
        stack.pop();
        value = top.c;
        break;
      }
      case 'name':
        if (top && 'key' in top && top.key === null) {
          top.key = tok.name;
          continue;
        }
        value = { kind: 'name', name: tok.name };
        break;
      case 'str':
        value = { kind: 'str', bytes: tok.bytes };
        break;
      case 'num':
        value = tok.int
          ? (refAfter(lx, tok.value) ?? numberOf(tok))
          : numberOf(tok);
        break;
      case 'word':
        if (tok.word === 'true' || tok.word === 'false')
          value = tok.word === 'true';
        else if (tok.word === 'null') value = null;
        else
          throw corrupt(`unexpected '${tok.word.slice(0, 20)}' in a PDF value`);
        break;
    }
    const parent = stack.at(-1);
    if (!parent) return value;
    if ('key' in parent) {
      if (parent.key === null)
        throw corrupt('a dictionary key that is not a name');
      // A null value means the entry is absent (ISO 32000-1, 7.3.7).
      if (value !== null) parent.c.map.set(parent.key, value);
      parent.key = null;
    } else parent.c.items.push(value);
  }
}

function numberOf(tok: { value: number; raw: string }): PdfValue {
  return {
    kind: 'num',
    value: Number.isFinite(tok.value) ? tok.value : 0,
    raw: tok.raw,
  };
}

/** After an integer: `G R` makes it a reference; otherwise the lexer goes back. */
function refAfter(lx: Lexer, first: number): PdfValue | undefined {
  // Scanned by hand, not by tokens: arrays of numbers are common and each would be read thrice.
  const b = lx.b;
  const save = lx.pos;
  lx.skipWhite();
  let gen = 0;
  const digits = lx.pos;
  while (lx.pos < b.length && b[lx.pos]! >= 0x30 && b[lx.pos]! <= 0x39)
    gen = gen * 10 + b[lx.pos++]! - 0x30;
  const isGen = lx.pos > digits && lx.pos < b.length && !isRegular(b[lx.pos]!);
  if (isGen) lx.skipWhite();
  const after = lx.pos + 1;
  const isRef =
    isGen &&
    b[lx.pos] === 0x52 &&
    (after < b.length ? !isRegular(b[after]!) : lx.atEof && after === b.length);
  if (isRef && first >= 0) {
    lx.pos++;
    return { kind: 'ref', num: first, gen };
  }
  // Undecided at the window's end: the caller reads a larger window.
  if (lx.pos + 1 >= b.length && !lx.atEof) throw new Truncated();
  lx.pos = save;
  return undefined;
}

/** The header of an indirect object, `N G obj`, at the lexer's position; null if absent. */
export function readObjectHeader(
  lx: Lexer,
): { num: number; gen: number } | null {
  const a = lx.next();
  const g = lx.next();
  const o = lx.next();
  if (a.t !== 'num' || !a.int || g.t !== 'num' || !g.int) return null;
  if (o.t !== 'word' || o.word !== 'obj') return null;
  return { num: a.value, gen: g.value };
}

/** How far past the `stream` keyword the end of its line is looked for. */
const MAX_STREAM_LINE = 1024;
const CR = 0x0d;
const LF = 0x0a;

/**
 * After an object's value: the offset where stream data starts, or null when the object is not
 * a stream. The keyword is followed by an end-of-line, and the data starts after it (ISO
 * 32000-2, 7.3.8.1). Bytes between the keyword and the end of its line belong to no data: a
 * viewer starts the data on the next line, so they are skipped, never copied as data no one
 * reads (up to `MAX_STREAM_LINE`; a keyword with no line end near it is read as before).
 */
export function streamStart(lx: Lexer): number | null {
  const save = lx.pos;
  const tok = lx.next();
  if (tok.t !== 'word' || tok.word !== 'stream') {
    lx.pos = save;
    return null;
  }
  const b = lx.b;
  if (lx.pos + 2 > b.length && !lx.atEof) throw new Truncated();
  if (b[lx.pos] !== CR && b[lx.pos] !== LF) {
    const limit = Math.min(b.length, lx.pos + MAX_STREAM_LINE);
    let eol = lx.pos;
    while (eol < limit && b[eol] !== CR && b[eol] !== LF) eol++;
    if (eol === b.length && !lx.atEof) throw new Truncated();
    if (eol < limit) lx.pos = eol;
  }
  if (b[lx.pos] === CR) lx.pos++;
  if (b[lx.pos] === LF) lx.pos++;
  return lx.pos;
}
