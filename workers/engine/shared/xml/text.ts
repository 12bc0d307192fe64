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

/** Character data as text: UTF-8, the five predefined entities and character references resolved. */
export function xmlText(bytes: Uint8Array): string {
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
