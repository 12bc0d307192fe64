/**
 * A note's text in an Excel 97-2003 sheet ([MS-XLS] 2.4.329 TxO): the comment's drawing object
 * (2.4.181 Obj, FtCmo ot 0x19) is followed by the TxO of its text box, whose cchText characters
 * lie in the Continue records right after it, each starting with its fHighByte flag; then come
 * the formatting runs (2.5.272 TxORuns), which index characters and so stay valid when every
 * character is replaced by a space of the same width. The note stays, empty, with its author
 * already blanked by the Note record's rule.
 */
import { u16le } from '../../bytes';
import { corrupt } from '../../errors';

const OBJ = 0x005d;
const TXO = 0x01b6;
const CONTINUE = 0x003c;
const BOF = 0x0809;
const EOF = 0x000a;
/** [MS-XLS] 2.5.143 FtCmo: ft 0x15, cb, then ot. */
const FT_CMO = 0x0015;
const OT_AT = 4;
const OT_COMMENT = 0x0019;
const FT_CMO_MIN_BYTES = 6;
/** [MS-XLS] 2.4.329 TxO: cchText after grbit, rot and 6 reserved bytes. */
const CCH_TEXT_AT = 10;
const TXO_MIN_BYTES = CCH_TEXT_AT + 2;
const HIGH_BYTE_FLAG = 0x01;
const SPACE = 0x20;

/** Characters of one note's text found in one Continue record, and their replacement. */
export interface NoteTextPart {
  /** Where the characters start in the record's data. */
  readonly at: number;
  readonly text: string;
  readonly blank: Uint8Array;
  /** Whether `blank` differs from what lies there. */
  readonly changed: boolean;
  /** How many bytes the record holds past the text's characters, when any is not zero. */
  readonly past: number;
}

export class NoteTexts {
  /** The last Obj of this substream was a comment's: its TxO is the note's text. */
  private commentObj = false;
  /** Characters of a note's text still to come in Continue records. */
  private pending = 0;

  /** Whether a note's text has characters still to come. */
  get open(): boolean {
    return this.pending > 0;
  }

  /** Whether the walk needs this record's whole data. */
  wants(type: number): boolean {
    return (
      type === OBJ || type === TXO || (type === CONTINUE && this.pending > 0)
    );
  }

  /**
   * One record, in order, `data` given when `wants(type)`; returns the note text it holds, if
   * any. A record other than Continue before the text is complete is refused: the characters
   * the TxO counts would lie where this walk does not look.
   */
  record(type: number, data: Uint8Array): NoteTextPart | null {
    if (this.pending > 0 && type !== CONTINUE)
      throw corrupt('a note whose text ends before its TxO says');
    if (type === BOF || type === EOF) this.commentObj = false;
    else if (type === OBJ)
      this.commentObj =
        data.length >= FT_CMO_MIN_BYTES &&
        u16le(data, 0) === FT_CMO &&
        u16le(data, OT_AT) === OT_COMMENT;
    else if (type === TXO) {
      if (this.commentObj) {
        if (data.length < TXO_MIN_BYTES)
          throw corrupt('a TxO record too short');
        this.pending = u16le(data, CCH_TEXT_AT);
      }
      this.commentObj = false;
    } else if (type === CONTINUE && this.pending > 0) return this.text(data);
    return null;
  }

  /** The note's characters in one Continue record: its fHighByte, then as many as it holds. */
  private text(data: Uint8Array): NoteTextPart {
    if (data.length < 1) throw corrupt('an empty Continue record in a note');
    const wide = (data[0]! & HIGH_BYTE_FLAG) !== 0;
    const width = wide ? 2 : 1;
    const chars = Math.min(this.pending, Math.floor((data.length - 1) / width));
    if (chars === 0) throw corrupt('a Continue record with no note text');
    this.pending -= chars;
    const raw = data.subarray(1, 1 + chars * width);
    // Bytes past the text's last character are no character a reader shows: zeroed.
    const rest = data.subarray(1 + raw.length);
    const blank = new Uint8Array(data.length - 1);
    for (let i = 0; i < raw.length; i += width) blank[i] = SPACE;
    return {
      at: 1,
      text: new TextDecoder(wide ? 'utf-16le' : 'latin1').decode(raw),
      blank,
      changed: blank.some((b, i) => b !== data[1 + i]),
      past: rest.some((b) => b !== 0) ? rest.length : 0,
    };
  }
}
