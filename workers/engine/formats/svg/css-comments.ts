/**
 * Comments in a `<style>` sheet (CSS Syntax Level 3 section 4.3.2: `/*` to the next `*\/`, not
 * inside a string) say nothing the drawing shows, as XML comments do: they go, and are reported.
 * Strings (section 4.3.5) are skipped with their escapes, and unquoted `url(...)` (4.3.6), so a
 * `/*` inside one stays.
 */
import { finding, type Finding } from '../../findings';
import type { Range } from './tokenizer';
import { xmlText } from './values';

const SLASH = 0x2f;
const STAR = 0x2a;
const BACKSLASH = 0x5c;
const DOUBLE_QUOTE = 0x22;
const SINGLE_QUOTE = 0x27;
const NEWLINE = 0x0a;
const COMMENT_MARK_BYTES = 2;
const URL_OPEN = 'url(';
const CLOSE_PAREN = 0x29;
const latin1 = new TextDecoder('latin1');

export interface CssComment {
  readonly removal: Range;
  readonly finding: Finding;
}

/** The comments in the sheet text at [range.start, range.end) of `bytes`. */
export function cssComments(
  bytes: Uint8Array,
  range: Range,
  location: string,
): CssComment[] {
  const found: CssComment[] = [];
  let at = range.start;
  while (at < range.end) {
    const byte = bytes[at]!;
    if (byte === DOUBLE_QUOTE || byte === SINGLE_QUOTE) {
      at = stringEnd(bytes, at + 1, range.end, byte);
      continue;
    }
    if (isUnquotedUrl(bytes, at, range.end)) {
      at = urlEnd(bytes, at + URL_OPEN.length, range.end);
      continue;
    }
    if (byte !== SLASH || bytes[at + 1] !== STAR || at + 1 >= range.end) {
      at++;
      continue;
    }
    const end = commentEnd(bytes, at + COMMENT_MARK_BYTES, range.end);
    const text = xmlText(
      bytes.subarray(
        at + COMMENT_MARK_BYTES,
        Math.max(at + COMMENT_MARK_BYTES, end - COMMENT_MARK_BYTES),
      ),
    );
    found.push({
      removal: { start: at, end },
      finding: finding('content.comment', 'CSS comment', location, text),
    });
    at = end;
  }
  return found;
}

/** After the closing quote; an unescaped newline or the end also ends a string (4.3.5). */
function stringEnd(
  bytes: Uint8Array,
  from: number,
  end: number,
  quote: number,
): number {
  for (let at = from; at < end; at++) {
    const byte = bytes[at]!;
    if (byte === BACKSLASH) at++;
    else if (byte === quote) return at + 1;
    else if (byte === NEWLINE) return at;
  }
  return end;
}

/** After the closing `*\/`, or the end of the sheet for a comment left open. */
function commentEnd(bytes: Uint8Array, from: number, end: number): number {
  for (let at = from; at + 1 < end; at++)
    if (bytes[at] === STAR && bytes[at + 1] === SLASH)
      return at + COMMENT_MARK_BYTES;
  return end;
}

/** `url(` (any case) not followed by a quote, after optional whitespace. */
function isUnquotedUrl(bytes: Uint8Array, at: number, end: number): boolean {
  if (at + URL_OPEN.length > end) return false;
  const word = latin1.decode(bytes.subarray(at, at + URL_OPEN.length));
  if (word.toLowerCase() !== URL_OPEN) return false;
  let next = at + URL_OPEN.length;
  while (next < end && /\s/.test(String.fromCharCode(bytes[next]!))) next++;
  return bytes[next] !== DOUBLE_QUOTE && bytes[next] !== SINGLE_QUOTE;
}

/** After the `)` closing an unquoted url, escapes skipped; the end if none does. */
function urlEnd(bytes: Uint8Array, from: number, end: number): number {
  for (let at = from; at < end; at++) {
    if (bytes[at] === BACKSLASH) at++;
    else if (bytes[at] === CLOSE_PAREN) return at + 1;
  }
  return end;
}
