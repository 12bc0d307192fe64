/**
 * Attributes that hold several URLs (HTML Living Standard): `srcset` and `imagesrcset`, image
 * candidates separated by commas, each a URL then its descriptors (4.8.4.3.1, the parse of a
 * srcset attribute); `ping`, URLs separated by blanks. Each URL is judged on its own, so one on
 * the author's disk is found behind a web address too, and cut to its file name alone, the rest
 * of the list as it was.
 */
import { linksToLocalPlace, withoutFolders } from '../../shared/xml';

const BLANK = /[\t\n\f\r ]/;

interface Token {
  readonly start: number;
  readonly end: number;
}

/** The URLs of a srcset (4.8.4.3.1): a run of non-blanks, trailing commas not part of it. */
function candidateUrls(text: string): Token[] {
  const urls: Token[] = [];
  let at = 0;
  while (at < text.length) {
    while (at < text.length && (BLANK.test(text[at]!) || text[at] === ','))
      at++;
    const start = at;
    while (at < text.length && !BLANK.test(text[at]!)) at++;
    let end = at;
    while (end > start && text[end - 1] === ',') end--;
    if (end > start) urls.push({ start, end });
    if (end < at) continue;
    // The descriptors run to the next comma outside parentheses.
    let depth = 0;
    while (at < text.length && (depth > 0 || text[at] !== ',')) {
      if (text[at] === '(') depth++;
      else if (text[at] === ')' && depth > 0) depth--;
      at++;
    }
  }
  return urls;
}

function blankSeparated(text: string): Token[] {
  return [...text.matchAll(/[^\t\n\f\r ]+/g)].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
  }));
}

const LISTS: Readonly<Record<string, (text: string) => Token[]>> = {
  srcset: candidateUrls,
  imagesrcset: candidateUrls,
  ping: blankSeparated,
};

export const isUrlList = (attribute: string): boolean => attribute in LISTS;

/** The list (decoded) with each local URL cut to its file name; null when none is local. */
export function withoutLocalUrls(
  attribute: string,
  text: string,
): { text: string; local: string[] } | null {
  const local: string[] = [];
  let out = '';
  let at = 0;
  for (const { start, end } of LISTS[attribute]!(text)) {
    const url = text.slice(start, end);
    if (!linksToLocalPlace(url)) continue;
    local.push(url);
    out += text.slice(at, start) + withoutFolders(url);
    at = end;
  }
  return local.length ? { text: out + text.slice(at), local } : null;
}
