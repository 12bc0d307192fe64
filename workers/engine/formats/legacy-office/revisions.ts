/**
 * Tracked changes in a Word 97-2003 document ([MS-DOC]): a run deleted, inserted or reformatted
 * with change tracking on keeps a revision mark in its character or paragraph properties, and a
 * deleted run's text stays in the `WordDocument` stream. Text cannot be taken out of a `.doc` in
 * place (every character position after it would move), so a document with revision marks is
 * refused with `tracked-changes`: accepting or rejecting the changes in Word or LibreOffice, then
 * saving, gives a file that cleans.
 *
 * The marks are read here in the FKP runs; a fast-saved file can also carry them in its piece
 * table, which `piece-revisions.ts` reads with the same classifier (`revisionIn`).
 *
 * Inserted and reformatted runs are refused too, not only deleted ones: their marks keep when each
 * change was made (dttmRMark) and the formatting before it, and the same step (accept or reject
 * all) removes them, so one rule and one piece of advice cover every tracked change.
 */
import { u16le, u32le } from '../../bytes';
import { corrupt, EngineError } from '../../errors';
import type { Extent } from '../../shared/cfb/compound-file';
import { readExtents } from '../../shared/cfb/compound-file';
import type { ByteReader } from '../../byte-source';

/** [MS-DOC] 2.9.xx ChpxFkp and PapxFkp: a 512-byte page, its run count in the last byte. */
const FKP_BYTES = 512;
const FKP_COUNT_AT = FKP_BYTES - 1;
/** [MS-DOC] 2.9.33 ChpxFkp: crun is 0x01 to 0x65. */
const MAX_CHPX_RUNS = 0x65;
/** [MS-DOC] 2.9.175 PapxFkp: cpara is 0x01 to 0x1d; each BxPap is bOffset and a 12-byte PHE. */
const MAX_PAPX_RUNS = 0x1d;
const BX_PAP_BYTES = 13;
const FC_BYTES = 4;
/** [MS-DOC] 2.8.x PlcBteChpx/PlcBtePapx: n + 1 FCs, then n 4-byte PnFkp whose low 22 bits are pn. */
const PN_BYTES = 4;
const PN_MASK = 0x3fffff;
/** [MS-DOC] 2.9.x GrpPrlAndIstd: the paragraph's style index (2 bytes) before its sprms. */
const ISTD_BYTES = 2;

/** [MS-DOC] 2.6.1 and 2.6.2: the sprms that mark a tracked change. */
const SPRM_C_F_RMARK_DEL = 0x0800;
const SPRM_C_F_RMARK_INS = 0x0801;
const SPRM_C_PROP_RMARK90 = 0xca57;
const SPRM_C_PROP_RMARK = 0xca89;
const SPRM_P_PROP_RMARK90 = 0xc63f;
const SPRM_P_PROP_RMARK = 0xc66f;
/** [MS-DOC] 2.6.4: a section's properties changed while changes were tracked (Word 97's code, then the later one). */
const SPRM_S_PROP_RMARK90 = 0xd227;
const SPRM_S_PROP_RMARK = 0xd243;
/** [MS-DOC] 2.9.54 DispFldRmOperand: a LISTNUM field's result changed (cb, then its flag f). */
const SPRM_C_DISP_FLD_RMARK = 0xca62;
/**
 * [MS-DOC] 2.9.159 NumRM: a paragraph's numbering changed while changes were tracked. Its author
 * (ibstNumRM) and date (dttmNumRM) are there whatever fNumRM says (fNumRM only says whether the
 * paragraph was numbered before), so the sprm is a tracked change wherever it is.
 */
const SPRM_P_NUM_RM = 0xc645;
/** Toggle sprms ([MS-DOC] 2.9.328 ToggleOperand): 0 is off; 1, 0x80 and 0x81 can turn it on. */
const TOGGLES = new Set([SPRM_C_F_RMARK_DEL, SPRM_C_F_RMARK_INS]);
/** Property-change sprms: their operand's first byte after the size is fPropRMark. */
const PROP_MARKS = new Set([
  SPRM_C_PROP_RMARK90,
  SPRM_C_PROP_RMARK,
  SPRM_P_PROP_RMARK90,
  SPRM_P_PROP_RMARK,
  SPRM_S_PROP_RMARK90,
  SPRM_S_PROP_RMARK,
  SPRM_C_DISP_FLD_RMARK,
]);

/** [MS-DOC] 2.2.5.1 Sprm: spra, the top 3 bits, gives the operand's size; 6 is variable. */
const SPRA_SHIFT = 13;
const OPERAND_BYTES = [1, 1, 2, 4, 2, 2, -1, 3] as const;
const SPRM_BYTES = 2;
/** [MS-DOC] 2.6.4 sprmTDefTable and 2.6.2 sprmPChgTabs: variable operands with their own size. */
const SPRM_T_DEF_TABLE = 0xd608;
const SPRM_P_CHG_TABS = 0xc615;
/** sprmPChgTabs with cb 255 is followed by its own counts of deleted and added tabs. */
const CHG_TABS_LONG = 255;
const CHG_TABS_DEL_BYTES = 4;
const CHG_TABS_ADD_BYTES = 3;

export type RevisionKind = 'deleted' | 'inserted' | 'formatting';

/** The size of a sprm's operand at `at` (just after the opcode) in `g`, or throws `corrupt`. */
function operandBytes(g: Uint8Array, at: number, sprm: number): number {
  const fixed = OPERAND_BYTES[sprm >> SPRA_SHIFT]!;
  if (fixed >= 0) return fixed;
  if (sprm === SPRM_T_DEF_TABLE) {
    if (at + 2 > g.length) throw corrupt('sprmTDefTable past its properties');
    // cb counts the rest of the operand plus one.
    return 2 + Math.max(u16le(g, at) - 1, 0);
  }
  if (at + 1 > g.length) throw corrupt('a sprm past its properties');
  const cb = g[at]!;
  if (sprm === SPRM_P_CHG_TABS && cb === CHG_TABS_LONG) {
    const del = g[at + 1] ?? 0;
    const addAt = at + 2 + del * CHG_TABS_DEL_BYTES;
    return (
      2 + del * CHG_TABS_DEL_BYTES + 1 + (g[addAt] ?? 0) * CHG_TABS_ADD_BYTES
    );
  }
  return 1 + cb;
}

/** The tracked change a list of sprms ([MS-DOC] 2.2.5 Prl) marks, if any. */
export function revisionIn(g: Uint8Array): RevisionKind | null {
  let found: RevisionKind | null = null;
  for (let at = 0; at + SPRM_BYTES <= g.length;) {
    const sprm = u16le(g, at);
    at += SPRM_BYTES;
    const size = operandBytes(g, at, sprm);
    if (at + size > g.length) throw corrupt('a sprm runs past its properties');
    const on = size > 0 && g[at] !== 0;
    if (TOGGLES.has(sprm) && on) {
      if (sprm === SPRM_C_F_RMARK_DEL) return 'deleted';
      found = 'inserted';
    } else if (
      (PROP_MARKS.has(sprm) && size > 1 && g[at + 1] !== 0) ||
      sprm === SPRM_P_NUM_RM
    )
      found ??= 'formatting';
    at += size;
  }
  return found;
}

/** The property lists of a ChpxFkp page ([MS-DOC] 2.9.33): rgb gives each Chpx in words. */
function chpxLists(page: Uint8Array): Uint8Array[] {
  const runs = page[FKP_COUNT_AT]!;
  if (runs === 0 || runs > MAX_CHPX_RUNS)
    throw corrupt('ChpxFkp with a bad crun');
  const rgbAt = (runs + 1) * FC_BYTES;
  const lists: Uint8Array[] = [];
  for (let i = 0; i < runs; i++) {
    const at = page[rgbAt + i]! * 2;
    if (at === 0) continue;
    if (at < rgbAt + runs || at >= FKP_COUNT_AT)
      throw corrupt('Chpx outside its page');
    const end = at + 1 + page[at]!;
    if (end > FKP_COUNT_AT) throw corrupt('Chpx runs past its page');
    lists.push(page.subarray(at + 1, end));
  }
  return lists;
}

/** The property lists of a PapxFkp page ([MS-DOC] 2.9.175, 2.9.176 PapxInFkp). */
function papxLists(page: Uint8Array): Uint8Array[] {
  const runs = page[FKP_COUNT_AT]!;
  if (runs === 0 || runs > MAX_PAPX_RUNS)
    throw corrupt('PapxFkp with a bad cpara');
  const bxAt = (runs + 1) * FC_BYTES;
  const lists: Uint8Array[] = [];
  for (let i = 0; i < runs; i++) {
    const at = page[bxAt + i * BX_PAP_BYTES]! * 2;
    if (at === 0) continue;
    if (at < bxAt + runs * BX_PAP_BYTES || at >= FKP_COUNT_AT)
      throw corrupt('Papx outside its page');
    // cb != 0: 2 * cb - 1 bytes follow; cb == 0: a second byte cb' and 2 * cb' bytes.
    const cb = page[at]!;
    const start = cb !== 0 ? at + 1 : at + 2;
    const size = cb !== 0 ? 2 * cb - 1 : 2 * (page[at + 1] ?? 0);
    if (start + size > FKP_COUNT_AT) throw corrupt('Papx runs past its page');
    if (size < ISTD_BYTES) continue;
    lists.push(page.subarray(start + ISTD_BYTES, start + size));
  }
  return lists;
}

export interface FkpSource {
  readonly src: ByteReader;
  /** The `WordDocument` stream, where the FKP pages lie. */
  readonly word: readonly Extent[];
  readonly wordSize: number;
}

/**
 * Walks one bin table (PlcBteChpx or PlcBtePapx, read from the Table stream) and the FKP pages
 * it points at: each distinct page is read once, and a table naming more pages than the stream
 * holds is `corrupt`.
 */
async function binTableRevision(
  plc: Uint8Array,
  fkp: FkpSource,
  lists: (page: Uint8Array) => Uint8Array[],
): Promise<RevisionKind | null> {
  if (plc.length < FC_BYTES || (plc.length - FC_BYTES) % (FC_BYTES + PN_BYTES))
    throw corrupt('a bin table of the wrong size');
  const count = (plc.length - FC_BYTES) / (FC_BYTES + PN_BYTES);
  if (count > Math.ceil(fkp.wordSize / FKP_BYTES))
    throw corrupt('a bin table naming more pages than the document holds');
  const pnAt = (count + 1) * FC_BYTES;
  const seen = new Set<number>();
  let found: RevisionKind | null = null;
  for (let i = 0; i < count; i++) {
    const pn = u32le(plc, pnAt + i * PN_BYTES) & PN_MASK;
    if (seen.has(pn)) continue;
    seen.add(pn);
    const offset = pn * FKP_BYTES;
    if (offset + FKP_BYTES > fkp.wordSize)
      throw corrupt('an FKP page past the WordDocument stream');
    const page = await readExtents(fkp.src, fkp.word, offset, FKP_BYTES);
    for (const g of lists(page)) {
      const kind = revisionIn(g);
      if (kind === 'deleted') return kind;
      found ??= kind;
    }
  }
  return found;
}

/** Of two places' tracked changes, the one to refuse with: a deletion first (its text is in the file). */
export const firstDeletion = (
  a: RevisionKind | null,
  b: RevisionKind | null,
): RevisionKind | null =>
  a === 'deleted' || b === 'deleted' ? 'deleted' : (a ?? b);

/** The tracked change the document's character and paragraph runs hold, deletions first. */
export async function trackedChange(
  chpxBins: Uint8Array | null,
  papxBins: Uint8Array | null,
  fkp: FkpSource,
): Promise<RevisionKind | null> {
  const chars = chpxBins
    ? await binTableRevision(chpxBins, fkp, chpxLists)
    : null;
  if (chars === 'deleted') return chars;
  const paras = papxBins
    ? await binTableRevision(papxBins, fkp, papxLists)
    : null;
  return firstDeletion(chars, paras);
}

/** The refusal for a document with tracked changes, saying what to do about it. */
export function trackedChangesError(kind: RevisionKind): EngineError {
  const what =
    kind === 'deleted'
      ? 'deleted text'
      : kind === 'inserted'
        ? 'insertions with their dates'
        : 'formatting changes with their dates';
  return new EngineError(
    'tracked-changes',
    `a Word 97-2003 file's tracked changes (${what}) cannot be removed from it: accept or reject all changes in Word or LibreOffice, save, and clean again`,
  );
}
