/**
 * Tracked changes carried by the piece table ([MS-DOC] 2.9.38 Clx). A "fast-saved" (complex,
 * FibBase.fComplex) Word document can apply properties to a whole piece of text through the
 * piece's Prm instead of its FKP runs, so a deletion mark there hides from the bin tables that
 * `revisions.ts` reads. Each Pcd's Prm is read here: a Prm1 names a Prc's GrpPrl, a Prm0 holds
 * one sprm inline, and both go through the same classifier (`revisionIn`).
 */
import { u16le, u32le } from '../../bytes';
import { corrupt } from '../../errors';
import { revisionIn, type RevisionKind } from './revisions';

/** [MS-DOC] 2.9.209 Prc: clxt 0x01, cbGrpprl (a signed 16-bit size), then the GrpPrl. */
const CLXT_PRC = 0x01;
const PRC_HEAD_BYTES = 3;
/** [MS-DOC] 2.9.209: cbGrpprl MUST be at most 0x3FA2. */
const MAX_GRPPRL_BYTES = 0x3fa2;
/** [MS-DOC] 2.9.178 Pcdt: clxt 0x02, lcb (4 bytes), then the PlcPcd. */
const CLXT_PCDT = 0x02;
const PCDT_HEAD_BYTES = 5;
/** [MS-DOC] 2.8.35 PlcPcd: n + 1 CPs (4 bytes), then n Pcds of 8 bytes whose Prm is the last 2. */
const CP_BYTES = 4;
const PCD_BYTES = 8;
const PCD_PRM_AT = 6;
const PCD_FC_AT = 2;
/** [MS-DOC] 2.9.217 Prm: bit 0 is fComplex. Prm1: igrpprl, the Prc index, in the other 15 bits. */
const PRM_F_COMPLEX = 0x0001;
/** [MS-DOC] 2.9.215 Prm0: isprm in bits 1 to 7, its one-byte operand val in bits 8 to 15. */
const ISPRM_MASK = 0x7f;
const VAL_SHIFT = 8;
const BYTE_MASK = 0xff;
/**
 * [MS-DOC] 2.9.215 Prm0, its table of isprm values: 0x41 is sprmCFRMarkDel and 0x42 is
 * sprmCFRMarkIns. No other isprm in that table names a revision sprm (the property-change
 * sprms take variable operands, which a Prm0 cannot hold).
 */
const PRM0_REVISION_SPRMS = new Map([
  [0x41, 0x0800],
  [0x42, 0x0801],
]);

/** What a Clx holds: the Prcs' GrpPrls, and each piece's first CP, FcCompressed and Prm. */
export interface Clx {
  readonly prcs: Uint8Array[];
  /** n + 1 CPs: piece i holds the characters [cps[i], cps[i + 1]). */
  readonly cps: number[];
  /** [MS-DOC] 2.9.73 FcCompressed of each piece, as written. */
  readonly fcs: number[];
  readonly prms: number[];
}

/** The Clx read from its bytes. */
export function readClx(clx: Uint8Array): Clx {
  const prcs: Uint8Array[] = [];
  let at = 0;
  while (at < clx.length && clx[at] === CLXT_PRC) {
    if (at + PRC_HEAD_BYTES > clx.length) throw corrupt('a Prc past its Clx');
    const cb = u16le(clx, at + 1);
    if (cb > MAX_GRPPRL_BYTES) throw corrupt('a Prc with a bad cbGrpprl');
    const start = at + PRC_HEAD_BYTES;
    if (start + cb > clx.length) throw corrupt('a Prc runs past its Clx');
    prcs.push(clx.subarray(start, start + cb));
    at = start + cb;
  }
  if (at + PCDT_HEAD_BYTES > clx.length || clx[at] !== CLXT_PCDT)
    throw corrupt('a Clx without its Pcdt');
  const lcb = u32le(clx, at + 1);
  const plc = at + PCDT_HEAD_BYTES;
  if (plc + lcb > clx.length) throw corrupt('a PlcPcd runs past its Clx');
  if (lcb < CP_BYTES || (lcb - CP_BYTES) % (CP_BYTES + PCD_BYTES))
    throw corrupt('a PlcPcd of the wrong size');
  const count = (lcb - CP_BYTES) / (CP_BYTES + PCD_BYTES);
  const pcdAt = plc + (count + 1) * CP_BYTES;
  const cps: number[] = [];
  for (let i = 0; i <= count; i++) cps.push(u32le(clx, plc + i * CP_BYTES));
  const fcs: number[] = [];
  const prms: number[] = [];
  for (let i = 0; i < count; i++) {
    fcs.push(u32le(clx, pcdAt + i * PCD_BYTES + PCD_FC_AT));
    prms.push(u16le(clx, pcdAt + i * PCD_BYTES + PCD_PRM_AT));
  }
  return { prcs, cps, fcs, prms };
}

/** The tracked change the pieces' Prms apply, deletions first; a Prm naming no Prc is corrupt. */
export function pieceRevision(clx: Uint8Array): RevisionKind | null {
  const { prcs, prms } = readClx(clx);
  const seen = new Set<number>();
  let found: RevisionKind | null = null;
  for (const prm of prms) {
    let kind: RevisionKind | null;
    if (prm & PRM_F_COMPLEX) {
      const index = prm >> 1;
      if (index >= prcs.length) throw corrupt('a Prm naming no Prc');
      if (seen.has(index)) continue;
      seen.add(index);
      kind = revisionIn(prcs[index]!);
    } else {
      const sprm = PRM0_REVISION_SPRMS.get((prm >> 1) & ISPRM_MASK);
      kind = sprm
        ? revisionIn(
            new Uint8Array([
              sprm & BYTE_MASK,
              sprm >> VAL_SHIFT,
              prm >> VAL_SHIFT,
            ]),
          )
        : null;
    }
    if (kind === 'deleted') return kind;
    found ??= kind;
  }
  return found;
}
