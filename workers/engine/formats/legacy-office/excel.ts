/**
 * Excel 97-2003 ([MS-XLS]): the `Workbook` stream's records are walked once. The user who saved
 * (`WriteAccess`), the one who reserved the file (`FileSharing`), custom views' names
 * (`UserBView`, "<user> - Personal view" in shared workbooks) and comment authors (`Note`) are
 * overwritten with spaces where they lie, and so is each note's text (`excel-note-text.ts`).
 */
import { u16le } from '../../bytes';
import { corrupt, EngineError } from '../../errors';
import { finding } from '../../findings';
import { StreamReader } from '../../shared/cfb/compound-file';
import type { DirEntry } from '../../shared/cfb/directory';
import { biffRecords, readXlString, spaces } from './biff';
import { NoteTexts } from './excel-note-text';
import { Cleaning, isBlank, type Storage } from './storage';
import { WorkbookStructure } from './workbook-structure';

/** [MS-XLS] 2.3: record types. */
const BOF = 0x0809;
const FILE_PASS = 0x002f;
const WRITE_ACCESS = 0x005c;
const FILE_SHARING = 0x005b;
const USER_BVIEW = 0x01a9;
const NOTE = 0x001c;
/** [MS-XLS] 2.4.21: BIFF8 writes version 0x0600 in its BOF records. */
const BIFF8 = 0x0600;
/** Where each record's user name starts in its data. */
const NAME_AT: ReadonlyMap<number, [number, string]> = new Map([
  [WRITE_ACCESS, [0, 'WriteAccess']],
  [FILE_SHARING, [4, 'FileSharing']],
  [USER_BVIEW, [48, 'UserBView']],
  [NOTE, [8, 'Note author']],
]);
/** FileSharing's wResPass, and where its name stands after iNoResPass. */
const RES_PASS_AT = 2;
const NO_PASSWORD_NAME_AT = 6;
/** A Note record in a worksheet is 8 bytes of position and flags before its author. */
const NOTE_MIN_BYTES = 11;
const EMPTY = new Uint8Array(0);
/** The first bytes of an Obj or Note record the structure check reads. */
const STRUCTURE_BYTES = 8;
/** Streams of a shared workbook whose records this module does not rewrite. */
export const SHARED_WORKBOOK_STREAMS = ['User Names', 'Revision Log'];

/**
 * Where a record's user name may start. FileSharing ([MS-XLS] 2.4.118) has two layouts: with a
 * write-reservation password (wResPass not 0) the name follows it at 4; without one, iNoResPass
 * (2 bytes, 0) stands at 4 and a name written after it, at 6, is one no reader shows but any
 * reader of the bytes finds. Writers that ignore the rule (LibreOffice) put the name at 4 always.
 */
function nameOffsets(type: number, data: Uint8Array, at: number): number[] {
  if (type !== FILE_SHARING || data.length < NO_PASSWORD_NAME_AT) return [at];
  const noPassword = u16le(data, RES_PASS_AT) === 0 && u16le(data, at) === 0;
  return noPassword ? [at, NO_PASSWORD_NAME_AT] : [at];
}

export async function cleanExcel(
  storage: Storage,
  workbook: DirEntry,
  out: Cleaning,
  signal?: AbortSignal,
): Promise<void> {
  for (const name of SHARED_WORKBOOK_STREAMS)
    if (storage.stream(name))
      throw new EngineError(
        'shared-workbook',
        'a shared workbook or one that records changes: its revision log (earlier cell values, who changed them and when) and user list cannot be removed from an Excel 97-2003 file; stop sharing it and accept or reject all changes in Excel or LibreOffice, save, and clean again',
      );
  const stream = new StreamReader(storage.src, storage.cfb.extents(workbook));
  const location = `${storage.location}/${workbook.name}`;
  let first = true;
  const structure = new WorkbookStructure();
  let end = 0;
  const texts = new NoteTexts();
  let text = '';
  for await (const r of biffRecords(stream, signal)) {
    if (first) {
      const bof = await stream.readExact(r.at, Math.min(r.size, 2));
      if (r.type !== BOF || bof.length < 2 || u16le(bof, 0) !== BIFF8)
        throw new EngineError(
          'unsupported',
          'an Excel file older than Excel 97',
        );
      first = false;
    }
    end = r.at + r.size;
    structure.record(
      r.type,
      r.size,
      WorkbookStructure.wants(r.type)
        ? await stream.readExact(r.at, Math.min(r.size, STRUCTURE_BYTES))
        : EMPTY,
      location,
    );
    if (r.type === FILE_PASS)
      throw new EngineError('encrypted', 'a password-protected Excel workbook');
    const part = texts.record(
      r.type,
      texts.wants(r.type) ? await stream.readExact(r.at, r.size) : EMPTY,
    );
    if (part) {
      text += part.text;
      if (part.changed)
        out.write(storage, workbook, r.at + part.at, part.blank);
      if (part.past > 0)
        out.findings.push(
          finding(
            'other.data',
            'bytes past a note text',
            location,
            `${part.past} bytes`,
          ),
        );
      if (!texts.open) {
        if (!isBlank(text))
          out.findings.push(
            finding('content.emptied-comment', 'TxO', location, text.trim()),
          );
        text = '';
      }
    }
    const named = NAME_AT.get(r.type);
    if (!named || (r.type === NOTE && r.size < NOTE_MIN_BYTES)) continue;
    const data = await stream.readExact(r.at, r.size);
    for (const at of nameOffsets(r.type, data, named[0])) {
      const s = readXlString(data, at);
      if (!s || isBlank(s.text)) continue;
      out.findings.push(
        finding('author.person', named[1], location, s.text.trim()),
      );
      out.write(storage, workbook, r.at + s.at, spaces(s));
    }
  }
  if (first)
    throw new EngineError('unsupported', 'an empty Excel workbook stream');
  if (texts.open) throw corrupt('the workbook stream ends inside a note');
  structure.end(await stream.readExact(end, stream.size - end));
}
