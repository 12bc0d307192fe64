/**
 * Comments in a style sheet, a `<style>` element's or a `style` attribute's (CSS Syntax Level 3
 * section 4.3.2: `/*` to the next `*\/`, not inside a string), say nothing the drawing shows, as
 * XML comments do: they go, and are reported. Strings (section 4.3.5) are skipped with their
 * escapes, and unquoted `url(...)` (4.3.6), so a `/*` inside one stays. A string or url that
 * starts as a path on the author's disk (`url(file:///home/alice/art/a.png)`, `@import
 * "C:/Users/..."`) keeps only its file name, as an SVG link does; the path is reported.
 *
 * The sheet is read as CSS gets it from the XML parser: a `<style>` element's text and CDATA
 * sections joined (an XML comment between two of them is no character of the sheet), character
 * and entity references resolved. So a comment split by a CDATA section or an XML comment, or
 * written with `&#47;*`, is found whole; each piece of it goes from the piece of the file it lies in.
 * CSS's own escapes (4.3.7: `\` and a character, or up to six hex digits and a blank) are read as
 * CSS reads them: an escaped quote opens no string, `u\72l(` opens a url, and a value is a local
 * path when it starts as one either as written or once its escapes are read (`file\3a///home/`).
 */
import { concatBytes } from '../../bytes';
import type { ByteRange as Range } from '../../engine-types';
import { finding, type Finding } from '../../findings';
import { localPathStart, xmlText } from '../xml';

const SLASH = 0x2f;
const STAR = 0x2a;
const BACKSLASH = 0x5c;
const DOUBLE_QUOTE = 0x22;
const SINGLE_QUOTE = 0x27;
const NEWLINE = 0x0a;
const OPEN_PAREN = 0x28;
const CLOSE_PAREN = 0x29;
const AMPERSAND = 0x26;
const SEMICOLON = 0x3b;
/** What opens a url, in any case (4.3.6): unquoted, it runs to its `)`. */
const URL_OPEN = 'url(';
/** CSS white space (4.2): what may stand between `url(` and a quote. */
const CSS_SPACE = new Set([0x20, 0x09, 0x0a, 0x0c, 0x0d]);
/** A reference longer than this (`&#x0000000041;` at most, or a declared entity's name) is none. */
const MAX_REFERENCE_BYTES = 64;
const PREDEFINED: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};
/** XML 1.0 4.1: `&#xH;` or `&#D;`, a code point in hex or decimal. */
const CHARACTER_REFERENCE = /^#(?:x([0-9a-f]+)|(\d+))$/i;
const HEX = 16;
const MAX_CODE_POINT = 0x10ffff;
const COMMENT_MARKS = /^\/\*|\*\/$/g;
/** A string or url's first characters, read to tell whether it starts as a local path. */
const MAX_VALUE_CHARS = 4096;
const latin1 = new TextDecoder('latin1');
/** A UTF-8 continuation byte is 10xxxxxx. */
const UTF8_LEAD_MASK = 0xc0;
const UTF8_CONTINUATION = 0x80;

/**
 * A piece of the sheet in the file: a text token's bytes (`references`: resolved as XML does), or
 * the inside of a CDATA section (verbatim).
 */
export interface SheetPiece extends Range {
  readonly references: boolean;
}

export interface SheetRemoval {
  /** The bytes that go (a comment, a path's folders), one range for each piece they lie in. */
  readonly removals: Range[];
  readonly finding: Finding;
}

type State = 'css' | 'string' | 'url-open' | 'url' | 'comment';
/** The states an escape may stand in, and goes back to. */
type EscapeIn = 'css' | 'string' | 'url';

/** An escape being read: where its `\` is, the hex digits read so far, where its last one ends. */
interface Escape {
  readonly within: EscapeIn;
  readonly start: Place;
  hex: string;
  end: Place;
}

/** A hex escape's digits (4.3.7): at most six; zero, a surrogate or past Unicode is U+FFFD. */
const MAX_HEX_DIGITS = 6;
const isHexDigit = (code: number): boolean =>
  (code >= 0x30 && code <= 0x39) ||
  (code >= 0x41 && code <= 0x46) ||
  (code >= 0x61 && code <= 0x66);
const REPLACEMENT = 0xfffd;
const SURROGATES = { first: 0xd800, last: 0xdfff };
/** An escaped `(` continues a name: it opens no url (4.3.4). */
const ESCAPED_MARK = '\0';

/** A place in the sheet: the piece, and a byte in it (where a character starts or ends). */
interface Place {
  readonly piece: number;
  readonly start: number;
}

/** A run of the sheet that goes: from `opened` to `end`, a byte of the piece `piece`. */
interface Span {
  readonly opened: Place;
  readonly piece: number;
  readonly end: number;
}

/**
 * A string's or url's first characters as written (`text`) and as CSS reads them (`read`, escapes
 * resolved), where its last folder separator ends, in either, and where its last character ends.
 */
interface Value {
  readonly start: Place;
  text: string;
  read: string;
  separatorEnd: Place | null;
  end: Place;
}

/** The sheet's characters one at a time, in the states of CSS's tokenizer that matter here. */
class SheetScanner {
  private state: State = 'css';
  private quote = 0;
  /**
   * The character before, in the `css` state; and how many characters of `url(` the last ones
   * spell, lower case (`url(` repeats no start of itself, so a mismatch starts again from 0, or 1
   * on a `u`): a count, not a string of the last four, which cost a string per character.
   */
  private previous = 0;
  private urlMatched = 0;
  private slash: Place = { piece: 0, start: 0 };
  private opened: Place = this.slash;
  private afterStar = false;
  private value: Value | null = null;
  private escape: Escape | null = null;
  readonly comments: Span[] = [];
  /** The folders of each string or url that starts as a local path, and the whole of it. */
  readonly paths: { folders: Span; whole: Span }[] = [];

  read(code: number, start: number, end: number, piece: number): void {
    if (this.escape && this.readEscape(code, start, end, piece)) return;
    switch (this.state) {
      case 'comment':
        if (this.afterStar && code === SLASH) {
          this.comments.push({ opened: this.opened, piece, end });
          this.toCss();
        } else this.afterStar = code === STAR;
        return;
      case 'string':
        if (code === this.quote || code === NEWLINE) return this.toCss();
        if (code === BACKSLASH)
          return this.openEscape('string', code, start, end, piece);
        return this.addToValue(code, start, end, piece);
      case 'url-open':
        if (CSS_SPACE.has(code)) return;
        if (code === DOUBLE_QUOTE || code === SINGLE_QUOTE) this.toString(code);
        else this.inUrl(code, start, end, piece);
        return;
      case 'url':
        return this.inUrl(code, start, end, piece);
    }
    if (this.previous === SLASH && code === STAR) {
      this.state = 'comment';
      this.afterStar = false;
      this.opened = this.slash;
      return;
    }
    if (code === BACKSLASH)
      return this.openEscape('css', code, start, end, piece);
    if (code === DOUBLE_QUOTE || code === SINGLE_QUOTE) {
      this.toString(code);
      return;
    }
    if (code < 0x80)
      this.nameUnit(code >= 0x41 && code <= 0x5a ? code | 0x20 : code);
    else this.addToName(String.fromCharCode(code).toLowerCase());
    if (this.urlMatched === URL_OPEN.length) {
      this.state = 'url-open';
      return;
    }
    if (code === SLASH) this.slash = { piece, start };
    this.previous = code;
  }

  /** The last few characters of names and delimiters outside strings, to spot `url(`. */
  private addToName(char: string): void {
    for (let i = 0; i < char.length; i++) this.nameUnit(char.charCodeAt(i));
  }

  private nameUnit(unit: number): void {
    this.urlMatched =
      unit === URL_OPEN.charCodeAt(this.urlMatched)
        ? this.urlMatched + 1
        : unit === URL_OPEN.charCodeAt(0)
          ? 1
          : 0;
  }

  private openEscape(
    within: EscapeIn,
    code: number,
    start: number,
    end: number,
    piece: number,
  ): void {
    this.escape = {
      within,
      start: { piece, start },
      hex: '',
      end: { piece, start: end },
    };
    // An escaped character opens no comment (4.3.2) and ends none.
    this.previous = 0;
    if (within !== 'css') this.addWritten(code, start, end, piece);
  }

  /** One character of an escape being read; false when it is not the escape's, but the next. */
  private readEscape(
    code: number,
    start: number,
    end: number,
    piece: number,
  ): boolean {
    const escape = this.escape!;
    const inValue = escape.within !== 'css';
    if (isHexDigit(code) && escape.hex.length < MAX_HEX_DIGITS) {
      escape.hex += String.fromCharCode(code);
      escape.end = { piece, start: end };
      if (inValue) this.addWritten(code, start, end, piece);
      return true;
    }
    this.escape = null;
    if (escape.hex === '') {
      if (inValue) this.addWritten(code, start, end, piece);
      // A `\` before a line break in a string continues the string on the next line (4.3.5).
      if (code !== NEWLINE || escape.within !== 'string')
        this.escaped(escape, code, { piece, start: end });
      return true;
    }
    // One blank after the hex digits belongs to the escape.
    const blank = CSS_SPACE.has(code);
    if (blank && inValue) this.addWritten(code, start, end, piece);
    this.escaped(
      escape,
      hexCodePoint(escape.hex),
      blank ? { piece, start: end } : escape.end,
    );
    return blank;
  }

  /** The character an escape stands for, read where the escape stands. */
  private escaped(escape: Escape, code: number, end: Place): void {
    if (escape.within === 'css') {
      this.addToName(
        code === OPEN_PAREN
          ? ESCAPED_MARK
          : String.fromCodePoint(code).toLowerCase(),
      );
      return;
    }
    const value = this.valueFrom(escape.start);
    // Past the characters kept to read its start, a separator still marks where folders end.
    if (code === SLASH || code === BACKSLASH) value.separatorEnd = end;
    if (value.read.length < MAX_VALUE_CHARS)
      value.read += String.fromCodePoint(code);
  }

  /** The comment left open at the sheet's end, which runs to it (4.3.2). */
  get unclosed(): Place | null {
    return this.state === 'comment' ? this.opened : null;
  }

  /** The string or url being read, at the sheet's end. */
  finish(): void {
    const escape = this.escape;
    if (escape?.hex) this.escaped(escape, hexCodePoint(escape.hex), escape.end);
    this.escape = null;
    if (this.state !== 'comment') this.endValue();
  }

  private toCss(): void {
    this.endValue();
    this.state = 'css';
    this.previous = 0;
    this.urlMatched = 0;
  }

  private valueFrom(start: Place): Value {
    return (this.value ??= {
      start,
      text: '',
      read: '',
      separatorEnd: null,
      end: start,
    });
  }

  /** A character of a string or url, as written and as read. */
  private addToValue(
    code: number,
    start: number,
    end: number,
    piece: number,
  ): void {
    this.addWritten(code, start, end, piece);
    const value = this.value!;
    if (value.read.length < MAX_VALUE_CHARS)
      value.read += String.fromCodePoint(code);
  }

  /** A character of a string or url as written; a `\` is a Windows path's separator there. */
  private addWritten(
    code: number,
    start: number,
    end: number,
    piece: number,
  ): void {
    const value = this.valueFrom({ piece, start });
    value.end = { piece, start: end };
    if (code === SLASH || code === BACKSLASH)
      value.separatorEnd = { piece, start: end };
    if (value.text.length < MAX_VALUE_CHARS)
      value.text += String.fromCodePoint(code);
  }

  private endValue(): void {
    const value = this.value;
    this.value = null;
    if (
      !value?.separatorEnd ||
      (localPathStart(value.text) === 0 && localPathStart(value.read) === 0)
    )
      return;
    const span = (last: Place): Span => ({
      opened: value.start,
      piece: last.piece,
      end: last.start,
    });
    this.paths.push({
      folders: span(value.separatorEnd),
      whole: span(value.end),
    });
  }

  private toString(quote: number): void {
    this.state = 'string';
    this.quote = quote;
  }

  private inUrl(code: number, start: number, end: number, piece: number): void {
    if (code === CLOSE_PAREN) return this.toCss();
    this.state = 'url';
    if (code === BACKSLASH) this.openEscape('url', code, start, end, piece);
    else this.addToValue(code, start, end, piece);
  }
}

function hexCodePoint(hex: string): number {
  const code = parseInt(hex, HEX);
  const surrogate = code >= SURROGATES.first && code <= SURROGATES.last;
  return code === 0 || surrogate || code > MAX_CODE_POINT ? REPLACEMENT : code;
}

/**
 * What goes from the sheet made of `pieces` (in file order) of `bytes`: its comments, and the
 * folders of the paths on the author's disk its strings and urls start with.
 */
export function sheetRemovals(
  bytes: Uint8Array,
  pieces: readonly SheetPiece[],
  location: string,
  entities: ReadonlyMap<string, string> = new Map(),
): SheetRemoval[] {
  const scanner = new SheetScanner();
  pieces.forEach((piece, index) => {
    for (let at = piece.start; at < piece.end;) {
      const reference =
        piece.references && bytes[at] === AMPERSAND
          ? resolveReference(bytes, at, piece.end, entities)
          : null;
      if (!reference) {
        scanner.read(bytes[at]!, at, at + 1, index);
        at++;
        continue;
      }
      for (const char of reference.text)
        scanner.read(char.codePointAt(0)!, at, reference.end, index);
      at = reference.end;
    }
  });
  scanner.finish();
  const comments = [...scanner.comments];
  const unclosed = scanner.unclosed;
  if (unclosed)
    comments.push({
      opened: unclosed,
      piece: pieces.length - 1,
      end: pieces.at(-1)!.end,
    });
  const ranges = (span: Span): Range[] => {
    const out: Range[] = [];
    for (let p = span.opened.piece; p <= span.piece; p++)
      out.push({
        start: p === span.opened.piece ? span.opened.start : pieces[p]!.start,
        end: p === span.piece ? span.end : pieces[p]!.end,
      });
    return out.filter((r) => r.end > r.start);
  };
  const said = (span: Span): Uint8Array =>
    concatBytes(ranges(span).map((r) => bytes.subarray(r.start, r.end)));
  return [
    ...comments.map((span) => {
      const removals = ranges(span);
      return {
        removals,
        finding: finding(
          'content.comment',
          'CSS comment',
          location,
          xmlText(said(span)).replace(COMMENT_MARKS, '').trim(),
        ),
      };
    }),
    // The path as written, decoded from its bytes (a folder may be named in any script).
    ...scanner.paths.map(({ folders, whole }) => ({
      removals: ranges(folders),
      finding: finding(
        'identifier.file-name',
        'CSS path',
        location,
        xmlText(characterStart(said(whole), MAX_VALUE_CHARS)),
      ),
    })),
  ];
}

/** At most `limit` of the UTF-8 `bytes`, cut where a character starts. */
function characterStart(bytes: Uint8Array, limit: number): Uint8Array {
  if (bytes.length <= limit) return bytes;
  let cut = limit;
  while (cut > 0 && (bytes[cut]! & UTF8_LEAD_MASK) === UTF8_CONTINUATION) cut--;
  return bytes.subarray(0, cut);
}

/** The text a reference at `at` stands for and where it ends, or null when it is none. */
function resolveReference(
  bytes: Uint8Array,
  at: number,
  end: number,
  entities: ReadonlyMap<string, string>,
): { text: string; end: number } | null {
  const limit = Math.min(end, at + MAX_REFERENCE_BYTES);
  let semicolon = at + 1;
  while (semicolon < limit && bytes[semicolon] !== SEMICOLON) semicolon++;
  if (semicolon >= limit) return null;
  const name = latin1.decode(bytes.subarray(at + 1, semicolon));
  const number = CHARACTER_REFERENCE.exec(name);
  const code = number
    ? number[1]
      ? parseInt(number[1], HEX)
      : Number(number[2])
    : undefined;
  const text =
    code !== undefined
      ? code > 0 && code <= MAX_CODE_POINT
        ? String.fromCodePoint(code)
        : undefined
      : (PREDEFINED[name] ?? entities.get(name));
  return text === undefined ? null : { text, end: semicolon + 1 };
}
