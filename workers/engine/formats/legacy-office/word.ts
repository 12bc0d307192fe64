/**
 * Word 97-2003 ([MS-DOC]): the FIB at the start of the `WordDocument` stream says where the
 * `Table` stream keeps the save history, the associated strings, the tracked changes' and the
 * comments' authors; each is blanked where it lies, and the comments' text and dates with them
 * (`word-comments.ts`).
 */
import { u16le, u32le } from '../../bytes';
import { corrupt, EngineError } from '../../errors';
import type { FieldId } from '../../fields';
import { finding } from '../../findings';
import type { AnalysisContext } from '../../format-module';
import type { DirEntry } from '../../shared/cfb/directory';
import { readExtents } from '../../shared/cfb/compound-file';
import { Cleaning, isBlank, readStream, type Storage } from './storage';
import { pieceRevision } from './piece-revisions';
import { sectionRevision } from './section-revisions';
import { firstDeletion, trackedChange, trackedChangesError } from './revisions';
import { readSttb, readXsts, type SttbString } from './sttb';
import { emptyComments } from './word-comments';
import { cleanWordPictures, DGG_INFO } from './word-pictures';
import { dttmIso, fileTimeIso } from './word-dates';

/** [MS-DOC] 2.5.2 FibBase. */
const FIB_IDENT = 0xa5ec;
const FIB_FLAGS_OFFSET = 0x0a;
const F_ENCRYPTED = 0x0100;
const F_WHICH_TABLE = 0x0200;
/** Word 97 writes nFib 0xC1 and later; Word 6 and 95 files have another FIB. */
const MIN_NFIB = 0xc1;
const FIB_BASE_BYTES = 32;
/** The FIB is read whole: it is well under this in every version of Word. */
const MAX_FIB_BYTES = 4096;
/** [MS-DOC] 2.5.6 FibRgFcLcb97: the index of each fc/lcb pair read here. */
const PLCFAND_REF = 4;
const PLCFAND_TXT = 5;
/** The section table, whose Sepxs can hold a section's tracked change. */
const PLCF_SED = 6;
const PLCF_BTE_CHPX = 12;
const PLCF_BTE_PAPX = 13;
const DOP = 31;
const STTBF_ASSOC = 32;
/** The piece table, whose Prms can mark a whole piece as a tracked change. */
const CLX = 33;
const GRPXST_ATN_OWNERS = 36;
const STTBF_RMARK = 51;
const STTB_SAVED_BY = 71;
/** dwLowDateTime/dwHighDateTime: when the document was last saved, a FILETIME in the FIB. */
const LAST_SAVED = 87;
/** [MS-DOC] 2.5.9 FibRgFcLcb2002: the AtrdExtra, each comment's date. */
const ATRD_EXTRA = 112;
const FC_LCB_BYTES = 8;
/**
 * [MS-DOC] 2.5.1 Fib: csw MUST be 0x000E and cslw 0x0016, and cbRgFcLcb is one of the sizes
 * of FibRgFcLcb97 to FibRgFcLcb2007. Any other count moves every fc/lcb pair read after it, so
 * the author tables would be looked for in the wrong place and left where they are.
 */
const FIB_CSW = 0x000e;
const FIB_CSLW = 0x0016;
const FIB_PAIR_COUNTS = new Set([0x005d, 0x006c, 0x0088, 0x00a4, 0x00b7]);
/** [MS-DOC] 2.9.8 ATRDPre10: 30 bytes, starting with xstUsrInitl (a count and 9 characters). */
const ATRD_BYTES = 30;
const ATRD_INITIALS_BYTES = 20;
const CP_BYTES = 4;
/**
 * [MS-DOC] 2.7.2 DopBase: dttmCreated, dttmRevised and dttmLastPrint (DTTMs) at 20, 24 and 28,
 * then nRevision (2 bytes) and tmEdited (4 bytes, minutes): zeroed together.
 */
const DOP_HISTORY_AT = 20;
const DOP_HISTORY_BYTES = 18;
/** The DOP's three dates, in order, and what each is. */
const DOP_DATES: readonly [string, FieldId][] = [
  ['dttmCreated', 'time.created'],
  ['dttmRevised', 'time.modified'],
  ['dttmLastPrint', 'time.printed'],
];
const DTTM_BYTES = 4;

interface Fib {
  readonly table: string;
  /** Offset in `WordDocument` of the fc/lcb pairs, and how many there are. */
  readonly pairsAt: number;
  readonly pairs: number;
}

function readFib(b: Uint8Array): Fib {
  if (b.length < FIB_BASE_BYTES || u16le(b, 0) !== FIB_IDENT)
    throw corrupt('WordDocument stream without a FIB');
  if (u16le(b, 2) < MIN_NFIB)
    throw new EngineError('unsupported', 'a Word 6 or Word 95 document');
  const flags = u16le(b, FIB_FLAGS_OFFSET);
  if (flags & F_ENCRYPTED)
    throw new EngineError('encrypted', 'a password-protected Word document');
  // [MS-DOC] 2.5.1: csw 16-bit words, cslw 32-bit longs, then cbRgFcLcb fc/lcb pairs.
  let at = FIB_BASE_BYTES;
  const need = (n: number): void => {
    if (at + n > b.length) throw corrupt('FIB runs past its stream');
  };
  need(2);
  if (u16le(b, at) !== FIB_CSW) throw corrupt('FIB with an unknown csw');
  at += 2 + FIB_CSW * 2;
  need(2);
  if (u16le(b, at) !== FIB_CSLW) throw corrupt('FIB with an unknown cslw');
  at += 2 + FIB_CSLW * 4;
  need(2);
  const pairs = u16le(b, at);
  if (!FIB_PAIR_COUNTS.has(pairs))
    throw corrupt('FIB with an unknown cbRgFcLcb');
  at += 2;
  need(pairs * FC_LCB_BYTES);
  return {
    table: flags & F_WHICH_TABLE ? '1Table' : '0Table',
    pairsAt: at,
    pairs,
  };
}

/** The string tables that name people; SttbfAssoc mixes names, titles and paths. */
const LABELS: Record<number, [string, FieldId]> = {
  [STTB_SAVED_BY]: ['SttbSavedBy', 'author.person'],
  [STTBF_ASSOC]: ['SttbfAssoc', 'other.data'],
  [STTBF_RMARK]: ['SttbfRMark', 'author.person'],
  [GRPXST_ATN_OWNERS]: ['GrpXstAtnOwners', 'author.person'],
};

/** Blanks each string: its characters become NULs, its length stays. */
function blankStrings(
  strings: readonly SttbString[],
  index: number,
  fc: number,
  table: DirEntry,
  storage: Storage,
  out: Cleaning,
): void {
  const [label, field] = LABELS[index]!;
  const location = `${storage.location}/${table.name}`;
  for (const s of strings) {
    if (isBlank(s.text)) continue;
    out.findings.push(finding(field, label, location, s.text.trim()));
    out.write(storage, table, fc + s.at, new Uint8Array(s.bytes));
  }
}

/** Comment initials sit in each comment's ATRDPre10 of PlcfandRef ([MS-DOC] 2.8.25). */
function blankInitials(
  plc: Uint8Array,
  fc: number,
  table: DirEntry,
  storage: Storage,
  out: Cleaning,
): void {
  const count = Math.floor((plc.length - CP_BYTES) / (CP_BYTES + ATRD_BYTES));
  const start = (count + 1) * CP_BYTES;
  for (let i = 0; i < count; i++) {
    const at = start + i * ATRD_BYTES;
    const initials = plc.subarray(at, at + ATRD_INITIALS_BYTES);
    if (initials.every((x) => x === 0)) continue;
    const chars = Math.min(u16le(initials, 0), (ATRD_INITIALS_BYTES - 2) / 2);
    const text = new TextDecoder('utf-16le').decode(
      initials.subarray(2, 2 + chars * 2),
    );
    if (!isBlank(text))
      out.findings.push(
        finding(
          'author.person',
          'xstUsrInitl',
          `${storage.location}/${table.name}`,
          text,
        ),
      );
    out.write(storage, table, fc + at, new Uint8Array(ATRD_INITIALS_BYTES));
  }
}

export async function cleanWord(
  storage: Storage,
  word: DirEntry,
  out: Cleaning,
  ctx: AnalysisContext,
): Promise<string> {
  const head = await readStream(storage, word, MAX_FIB_BYTES);
  const fib = readFib(head);
  const pair = (i: number): [number, number] =>
    i < fib.pairs
      ? [
          u32le(head, fib.pairsAt + i * FC_LCB_BYTES),
          u32le(head, fib.pairsAt + i * FC_LCB_BYTES + 4),
        ]
      : [0, 0];

  const [low, high] = pair(LAST_SAVED);
  if (low !== 0 || high !== 0) {
    out.findings.push(
      finding(
        'time.modified',
        'FIB last saved',
        `${storage.location}/WordDocument`,
        fileTimeIso(low, high),
      ),
    );
    out.write(
      storage,
      word,
      fib.pairsAt + LAST_SAVED * FC_LCB_BYTES,
      new Uint8Array(FC_LCB_BYTES),
    );
  }

  const table = storage.stream(fib.table);
  if (!table) throw corrupt(`Word document without its ${fib.table} stream`);
  const extents = storage.cfb.extents(table);
  const read = async (i: number): Promise<[number, Uint8Array] | null> => {
    const [fc, lcb] = pair(i);
    if (lcb === 0) return null;
    if (fc + lcb > table.size)
      throw corrupt(`FIB pair ${i} runs past ${table.name}`);
    return [fc, await readExtents(storage.src, extents, fc, lcb)];
  };
  const fkp = {
    src: storage.src,
    word: storage.cfb.extents(word),
    wordSize: word.size,
  };
  const revision = await trackedChange(
    (await read(PLCF_BTE_CHPX))?.[1] ?? null,
    (await read(PLCF_BTE_PAPX))?.[1] ?? null,
    fkp,
  );
  const sections = await sectionRevision(
    (await read(PLCF_SED))?.[1] ?? null,
    fkp,
  );
  const clx = await read(CLX);
  const pieces = clx ? pieceRevision(clx[1]) : null;
  const change = firstDeletion(firstDeletion(revision, pieces), sections);
  if (change) throw trackedChangesError(change);
  for (const i of [STTB_SAVED_BY, STTBF_ASSOC, STTBF_RMARK]) {
    const got = await read(i);
    if (got) blankStrings(readSttb(got[1]), i, got[0], table, storage, out);
  }
  const owners = await read(GRPXST_ATN_OWNERS);
  if (owners)
    blankStrings(
      readXsts(owners[1]),
      GRPXST_ATN_OWNERS,
      owners[0],
      table,
      storage,
      out,
    );
  const dop = await read(DOP);
  if (dop && dop[1].length >= DOP_HISTORY_AT + DOP_HISTORY_BYTES) {
    const history = dop[1].subarray(
      DOP_HISTORY_AT,
      DOP_HISTORY_AT + DOP_HISTORY_BYTES,
    );
    DOP_DATES.forEach(([label, field], i) => {
      const dttm = u32le(history, i * DTTM_BYTES);
      if (dttm !== 0)
        out.findings.push(
          finding(
            field,
            label,
            `${storage.location}/${table.name}`,
            dttmIso(dttm),
          ),
        );
    });
    if (history.some((x) => x !== 0))
      out.write(
        storage,
        table,
        dop[0] + DOP_HISTORY_AT,
        new Uint8Array(DOP_HISTORY_BYTES),
      );
  }
  const plc = await read(PLCFAND_REF);
  if (plc) blankInitials(plc[1], plc[0], table, storage, out);
  await emptyComments(
    {
      storage,
      word,
      table,
      fib: head,
      clx: clx?.[1] ?? null,
      plcfandTxt: (await read(PLCFAND_TXT))?.[1] ?? null,
      atrdExtra: await read(ATRD_EXTRA),
    },
    out,
  );
  await cleanWordPictures(
    { storage, word, table, dggInfo: pair(DGG_INFO) },
    out,
    ctx,
  );
  return fib.table;
}
