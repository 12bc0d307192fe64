/**
 * The text a content stream draws (ISO 32000-2, 9.4.3): the strings given to `Tj`, `'`, `"` and
 * the arrays given to `TJ`, the pieces of one array joined (kerning splits words between them).
 * Inline image data (8.9.7, between `ID` and `EI`) is skipped. Fonts with their own encodings
 * (CID fonts without a ToUnicode map) draw bytes no text decoder reads; those are searched as
 * bytes by the raw layer.
 */
import { indexOfBytes } from '../bytes';
import { Lexer } from '../formats/pdf/lexer';
import { pdfStringText } from './pdf-strings';

const INLINE_END = new TextEncoder().encode('EI');

export function contentText(data: Uint8Array): string {
  const out: string[] = [];
  const lx = new Lexer(data, 0, true);
  let inArray = 0;
  let piece: string[] = [];
  try {
    for (;;) {
      const tok = lx.next();
      if (tok.t === 'eof') break;
      if (tok.t === 'open-array') inArray++;
      else if (tok.t === 'close-array') {
        inArray = Math.max(0, inArray - 1);
        if (inArray === 0) {
          out.push(piece.join(''));
          piece = [];
        }
      } else if (tok.t === 'str') {
        const text = pdfStringText(tok.bytes);
        if (inArray > 0) piece.push(text);
        else out.push(text);
      } else if (tok.t === 'word' && tok.word === 'ID') {
        const end = indexOfBytes(data, INLINE_END, lx.pos);
        if (end < 0) break;
        lx.pos = end + INLINE_END.length;
      }
    }
  } catch {
    // A damaged stream: what was read so far is searched, and the raw layer reads the rest.
  }
  if (piece.length > 0) out.push(piece.join(''));
  return out.join(' ');
}
