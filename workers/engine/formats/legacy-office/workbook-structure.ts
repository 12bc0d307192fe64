/**
 * The shape every BIFF8 `Workbook` stream has ([MS-XLS] 2.1.7.20): substreams, each from a BOF to
 * its EOF (a chart's nested inside the sheet that holds it), one after another, with only zero
 * padding after the last. A record whose size was damaged swallows the records after it, and the
 * walk then reads on from a place no writer put a record: the names those records held would pass
 * unread. So a stream that does not keep this shape is refused, and each comment's drawing object
 * ([MS-XLS] 2.4.181 Obj, FtCmo ot 0x19) must meet its Note record (2.4.179, idObj) before its sheet
 * ends, or the author the Note names could be hidden where the walk did not look.
 */
import { u16le } from '../../bytes';
import { corrupt, EngineError } from '../../errors';

const BOF = 0x0809;
const EOF = 0x000a;
const OBJ = 0x005d;
const NOTE = 0x001c;
/** [MS-XLS] 2.5.143 FtCmo: ft 0x15, cb 0x12, then ot and id. */
const FT_CMO = 0x0015;
const OT_COMMENT = 0x0019;
const FT_CMO_MIN_BYTES = 8;
/** A NoteSh's idObj follows rw, col and its flags. */
const NOTE_ID_AT = 6;
const NOTE_ID_END = NOTE_ID_AT + 2;
/** Deeper than a chart inside a sheet is no shape Excel writes. */
const MAX_DEPTH = 4;

export class WorkbookStructure {
  /** The comment objects of each open substream still waiting for their Note. */
  private readonly open: Set<number>[] = [];
  private closedAny = false;

  /** Whether the walk needs this record's data (the first bytes suffice). */
  static wants(type: number): boolean {
    return type === OBJ || type === NOTE;
  }

  /** One record, in order; `data` is its data when `wants(type)`, otherwise empty. */
  record(type: number, size: number, data: Uint8Array, location: string): void {
    if (this.open.length === 0) {
      if (type === BOF) {
        this.open.push(new Set());
        return;
      }
      // Zero padding after the last substream reads as records of type 0 and size 0.
      if (this.closedAny && type === 0 && size === 0) return;
      throw corrupt(`BIFF record ${type} outside any substream`);
    }
    if (type === BOF) {
      if (this.open.length >= MAX_DEPTH)
        throw corrupt('BIFF substreams nested too deep');
      this.open.push(new Set());
      return;
    }
    const waiting = this.open[this.open.length - 1]!;
    if (
      type === OBJ &&
      data.length >= FT_CMO_MIN_BYTES &&
      u16le(data, 0) === FT_CMO
    ) {
      if (u16le(data, 4) === OT_COMMENT) waiting.add(u16le(data, 6));
    } else if (type === NOTE && data.length >= NOTE_ID_END) {
      waiting.delete(u16le(data, NOTE_ID_AT));
    } else if (type === EOF) {
      if (waiting.size > 0)
        throw new EngineError(
          'unclean',
          `${location}: a comment whose Note record, which names its author, is missing`,
        );
      this.open.pop();
      this.closedAny = true;
    }
  }

  /** After the last record: every substream closed, and what follows it only zero bytes. */
  end(tail: Uint8Array): void {
    if (this.open.length > 0)
      throw corrupt('the workbook stream ends inside a substream');
    if (tail.some((b) => b !== 0))
      throw corrupt('bytes after the last BIFF record');
  }
}
