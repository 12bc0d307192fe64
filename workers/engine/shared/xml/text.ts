const utf8 = new TextDecoder('utf-8');
const encoder = new TextEncoder();

/** An XML part's text: UTF-8, or UTF-16 when it starts with a byte order mark. */
export function decodeXml(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  return utf8.decode(bytes);
}

/** Rewritten parts are always written as UTF-8, with the declaration saying so. */
export function encodeXml(text: string): Uint8Array {
  return encoder.encode(
    text.replace(
      /^(<\?xml[^>]*encoding=)(["'])[^"']*\2/,
      (_m, head: string, q: string) => `${head}${q}UTF-8${q}`,
    ),
  );
}

const NAMED: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

/** The longest value `shortAscii` reads itself: past it, one call of a decoder costs less. */
const SHORT_TEXT = 128;

/**
 * The text of a short run of ASCII bytes, which UTF-8, Latin-1 and windows-1252 all read as the
 * same characters; null for anything longer or holding a byte above 0x7F, for a decoder to read.
 * A drawing's attribute values are mostly like this, and a decoder's call cost about a
 * microsecond each: the SVG bench file's 100,000 shapes made some 800,000 of them.
 */
export function shortAscii(bytes: Uint8Array): string | null {
  if (bytes.length > SHORT_TEXT) return null;
  // Through a plain array: `apply` reads one several times faster than a typed array.
  const codes: number[] = new Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b > 0x7f) return null;
    codes[i] = b;
  }
  return String.fromCharCode.apply(null, codes);
}

/**
 * What `xmlText` would change in ASCII text: a reference (`&`), a CDATA mark (`[`, `]`), and
 * white space other than single spaces between words.
 */
const NOT_PLAIN = /[&[\]\t\n\v\f\r]|^ | $| {2}/;

/** Character data as text: UTF-8, the five predefined entities and character references resolved. */
export function xmlText(bytes: Uint8Array): string {
  const ascii = shortAscii(bytes);
  if (ascii !== null && !NOT_PLAIN.test(ascii)) return ascii;
  return utf8
    .decode(bytes)
    .replace(/<!\[CDATA\[|\]\]>/g, '')
    .replace(
      /&#x([0-9a-f]+);|&#(\d+);|&(amp|lt|gt|quot|apos);/gi,
      (ref, hex?: string, dec?: string, name?: string) => {
        if (name) return NAMED[name] ?? ref;
        const code = hex ? parseInt(hex, 16) : Number(dec);
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
      },
    )
    .replace(/\s+/g, ' ')
    .trim();
}
