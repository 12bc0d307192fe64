/** Text and category helpers for ID3v2 frames (id3.org "ID3 tag version 2.3.0" 4.2, "2.4.0-frames"). */
import { decodeLatin1, decodeText } from '../../bytes';
import type { FindingCategory } from '../../findings';

const ENCODING_LATIN1 = 0;
const ENCODING_UTF16_BOM = 1;
const ENCODING_UTF16BE = 2;

const utf16le = new TextDecoder('utf-16le');
const utf16be = new TextDecoder('utf-16be');

/** Decodes an ID3 string in the frame's text encoding; NULs between values become ', '. */
export function id3Text(encoding: number, bytes: Uint8Array): string {
  const text = decodeRaw(encoding, bytes);
  return text
    .split('\0')
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .join(', ');
}

function decodeRaw(encoding: number, bytes: Uint8Array): string {
  if (encoding === ENCODING_LATIN1) return decodeLatin1(bytes);
  if (encoding === ENCODING_UTF16BE) return utf16be.decode(bytes);
  if (encoding === ENCODING_UTF16_BOM) {
    const bigEndian = bytes[0] === 0xfe && bytes[1] === 0xff;
    return (bigEndian ? utf16be : utf16le).decode(bytes).replace(/^\uFEFF/, '');
  }
  return decodeText(bytes);
}

/** Where a text's terminator ends: one NUL for Latin-1/UTF-8, two aligned NULs for UTF-16. */
export function terminatorEnd(
  encoding: number,
  bytes: Uint8Array,
  from: number,
): number {
  const wide = encoding === ENCODING_UTF16_BOM || encoding === ENCODING_UTF16BE;
  const step = wide ? 2 : 1;
  for (let i = from; i + step <= bytes.length; i += step) {
    if (bytes[i] === 0 && (!wide || bytes[i + 1] === 0)) return i + step;
  }
  return bytes.length;
}

const FRAME_CATEGORIES: Record<string, FindingCategory> = {};
function assign(category: FindingCategory, ids: string): void {
  for (const id of ids.split(' ')) FRAME_CATEGORIES[id] = category;
}
assign(
  'time',
  'TDRC TDRL TDOR TDEN TDTG TYER TDAT TIME TORY TRDA TYE TDA TIM TOR TRD',
);
assign(
  'author',
  'TPE1 TPE2 TPE3 TPE4 TCOM TEXT TOLY TOPE TOWN TCOP TPUB TENC IPLS TIPL TMCL ' +
    'TP1 TP2 TP3 TP4 TCM TXT TOL TOA TCR TPB TEN IPL',
);
assign('software', 'TSSE TSS');
assign('comment', 'COMM COM USLT ULT SYLT SLT');
assign('thumbnail', 'APIC PIC');
assign('identifier', 'PRIV UFID UFI MCDI MCI TSRC TRC');

export function frameCategory(id: string): FindingCategory {
  return FRAME_CATEGORIES[id] ?? 'other';
}
