/**
 * A Word 97-2003 document whose section changed layout while changes were tracked, by patching a
 * LibreOffice-made `.doc`: its one section's Sepx ([MS-DOC] 2.9.254) gains a sprmSPropRMark
 * (2.6.4: cb 7, fPropRMark, the author's index, a DTTM) and is written again at the end of the
 * `WordDocument` stream, the section table's Sed pointed at it.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeCfb } from './cfb-writer';
import { oleStreams } from './legacy-office-fixtures';

const F_WHICH_TABLE = 0x0200;
const FIB_FLAGS_AT = 0x0a;
const FIB_BASE_BYTES = 32;
/** [MS-DOC] 2.5.6 FibRgFcLcb97: fcPlcfSed and lcbPlcfSed are its seventh pair. */
const SED_PAIR = 6;
const FC_LCB_BYTES = 8;
const CP_BYTES = 4;
const SED_BYTES = 12;
const SED_FC_SEPX_AT = 2;
const SPRM_S_PROP_RMARK = 0xd243;
const PROP_RMARK_CB = 7;
/** 2021-02-02 00:00 as a DTTM ([MS-DOC] 2.9.66): day 2 at bit 11, month 2 at 16, 121 years at 20. */
export const SECTION_MARK_DTTM = (2 << 11) | (2 << 16) | (121 << 20);

/** The sprm's bytes: on (fPropRMark 1) or off (0). */
export function sectionMark(on: boolean): Buffer {
  const b = Buffer.alloc(2 + 1 + PROP_RMARK_CB);
  b.writeUInt16LE(SPRM_S_PROP_RMARK, 0);
  b[2] = PROP_RMARK_CB;
  b[3] = on ? 1 : 0;
  b.writeUInt32LE(SECTION_MARK_DTTM, 6);
  return b;
}

/** `doc` with its first section's properties ending in `sprm`; `dir` holds the file olefile reads. */
export function withSectionSprm(
  doc: Uint8Array,
  dir: string,
  sprm: Buffer,
): Uint8Array {
  const path = join(dir, 'section-source.doc');
  writeFileSync(path, doc);
  const streams = oleStreams(path);
  const word = streams.get('WordDocument')!;
  const tableName =
    word.readUInt16LE(FIB_FLAGS_AT) & F_WHICH_TABLE ? '1Table' : '0Table';
  const table = Buffer.from(streams.get(tableName)!);
  let at = FIB_BASE_BYTES;
  at += 2 + word.readUInt16LE(at) * 2;
  at += 2 + word.readUInt16LE(at) * 4;
  const pairAt = at + 2 + SED_PAIR * FC_LCB_BYTES;
  const plc = word.readUInt32LE(pairAt);
  const count =
    (word.readUInt32LE(pairAt + 4) - CP_BYTES) / (CP_BYTES + SED_BYTES);
  if (count < 1) throw new Error('fixture: a document without sections');
  const sedFc = plc + (count + 1) * CP_BYTES + SED_FC_SEPX_AT;
  const fcSepx = table.readUInt32LE(sedFc);
  const cb = word.readUInt16LE(fcSepx);
  const grpprl = Buffer.concat([
    word.subarray(fcSepx + 2, fcSepx + 2 + cb),
    sprm,
  ]);
  const sepx = Buffer.alloc(2 + grpprl.length);
  sepx.writeUInt16LE(grpprl.length, 0);
  grpprl.copy(sepx, 2);
  // A Sepx starts on an even offset, as Word writes them.
  const padded = Buffer.concat([word, Buffer.alloc(word.length % 2)]);
  table.writeUInt32LE(padded.length, sedFc);
  streams.set('WordDocument', Buffer.concat([padded, sepx]));
  streams.set(tableName, table);
  return writeCfb(
    [...streams].map(([name, data]) => ({ path: name.split('/'), data })),
  ).bytes;
}
