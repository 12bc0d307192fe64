/**
 * Word's string tables ([MS-DOC] 2.2.4 STTB): a count, then counted strings, each followed by
 * `cbExtra` bytes. Blanking keeps every count and length, and fills the characters with NULs, so
 * the table's size and everything after it stay where they are.
 */
import { u16le } from '../../bytes';
import { corrupt } from '../../errors';

/** [MS-DOC] 2.2.4: 0xFFFF first means 16-bit characters with 16-bit lengths. */
const EXTENDED = 0xffff;
/** A cData of 0xFFFF... is not used by the tables read here; a bound on strings keeps work small. */
const MAX_STRINGS = 0xffff;

export interface SttbString {
  /** Offset of the characters within the table's bytes. */
  readonly at: number;
  readonly bytes: number;
  readonly text: string;
}

/** The strings of an STTB of `b` (the table's `lcb` bytes), or `corrupt` if they overrun it. */
export function readSttb(b: Uint8Array): SttbString[] {
  if (b.length < 4) throw corrupt('string table too short');
  const extended = u16le(b, 0) === EXTENDED;
  let at = extended ? 2 : 0;
  const count = u16le(b, at);
  const extra = u16le(b, at + 2);
  at += 4;
  if (count > MAX_STRINGS) throw corrupt('string table too long');
  const out: SttbString[] = [];
  for (let i = 0; i < count; i++) {
    if (at + (extended ? 2 : 1) > b.length)
      throw corrupt('string table overruns');
    const chars = extended ? u16le(b, at) : b[at]!;
    at += extended ? 2 : 1;
    const bytes = extended ? chars * 2 : chars;
    if (at + bytes + extra > b.length) throw corrupt('string table overruns');
    const raw = b.subarray(at, at + bytes);
    const text = extended
      ? new TextDecoder('utf-16le').decode(raw)
      : new TextDecoder('windows-1252').decode(raw);
    out.push({ at, bytes, text });
    at += bytes + extra;
  }
  return out;
}

/**
 * [MS-DOC] 2.9.122 GrpXstAtnOwners: the comment authors, Xst after Xst (a 16-bit count, then
 * UTF-16 characters) filling the table.
 */
export function readXsts(b: Uint8Array): SttbString[] {
  const out: SttbString[] = [];
  let at = 0;
  while (at + 2 <= b.length) {
    const bytes = u16le(b, at) * 2;
    at += 2;
    if (at + bytes > b.length) throw corrupt('comment authors overrun');
    out.push({
      at,
      bytes,
      text: new TextDecoder('utf-16le').decode(b.subarray(at, at + bytes)),
    });
    at += bytes;
  }
  return out;
}
