/**
 * A PDF string's text (ISO 32000-2, 7.9.2.2): UTF-16BE or UTF-8 after their byte-order marks,
 * otherwise PDFDocEncoding, which matches Latin-1 in the letters a name is written with. The
 * lexer has already undone the literal form's escapes (`\ddd` octal, `\(`) and the hex form.
 */
const utf16be = new TextDecoder('utf-16be');
const utf8 = new TextDecoder('utf-8');
const latin1 = new TextDecoder('latin1');

export function pdfStringText(b: Uint8Array): string {
  if (b[0] === 0xfe && b[1] === 0xff) return utf16be.decode(b.subarray(2));
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf)
    return utf8.decode(b.subarray(3));
  return latin1.decode(b);
}
