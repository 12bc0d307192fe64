/** Text and field helpers for ID3v2 frames (id3.org "ID3 tag version 2.3.0" 4.2, "2.4.0-frames"). */
import { decodeLatin1, decodeText } from '../../bytes';
import type { FieldId } from '../../fields';

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

const FRAME_FIELDS: Record<string, FieldId> = {};
function assign(field: FieldId, ids: string): void {
  for (const id of ids.split(' ')) FRAME_FIELDS[id] = field;
}
assign('time.created', 'TDRC TYER TYE');
assign('time.date', 'TDRL TDOR TDEN TDTG TORY TRDA TOR TRD');
// TDAT (DDMM) and TIME (HHMM) are parts of the year's date, meaningless alone.
assign('time.detail', 'TDAT TIME TDA TIM');
assign(
  'author.name',
  'TPE1 TPE2 TPE3 TPE4 TCOM TEXT TOLY TOPE TOWN TENC IPLS TIPL TMCL ' +
    'TP1 TP2 TP3 TP4 TCM TXT TOL TOA TEN IPL',
);
assign('author.copyright', 'TCOP TCR');
assign('author.organization', 'TPUB TPB');
assign('software.encoder', 'TSSE TSS');
assign('content.title', 'TIT2 TT2');
assign('content.comment', 'COMM COM USLT ULT SYLT SLT');
assign('thumbnail.image', 'APIC PIC');
assign('identifier.unique', 'PRIV UFID UFI MCDI MCI TSRC TRC');

/** The field an ID3v2 frame holds; album, genre, track numbers and the like are details. */
export function frameField(id: string): FieldId {
  return FRAME_FIELDS[id] ?? 'content.detail';
}
