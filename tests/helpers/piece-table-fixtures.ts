/**
 * A "fast-saved" Word 97-2003 document by patching: the piece table ([MS-DOC] 2.9.38 Clx) of a
 * LibreOffice-made `.doc` gets properties applied to every piece through each Pcd's Prm (2.9.217),
 * either a Prc appended to the Clx (Prm1) or one inline sprm (Prm0). The compound file is
 * rewritten with the Clx grown at the end of the Table stream and the FIB pointed at it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeCfb } from './cfb-writer';
import { convertAll, oleStreams } from './legacy-office-fixtures';

/** [MS-DOC] 2.5.1 Fib: FibBase (32 bytes), csw and its words, cslw and its longs, cbRgFcLcb. */
const FIB_BASE_BYTES = 32;
const F_WHICH_TABLE = 0x0200;
const FIB_FLAGS_AT = 0x0a;
/** [MS-DOC] 2.5.6 FibRgFcLcb97: fcClx and lcbClx are its 34th pair. */
const CLX_PAIR = 33;
const FC_LCB_BYTES = 8;
const CLXT_PRC = 0x01;
const CLXT_PCDT = 0x02;
const PCDT_HEAD_BYTES = 5;
const CP_BYTES = 4;
const PCD_BYTES = 8;
const PCD_PRM_AT = 6;

/** What each piece gets: a GrpPrl in a new Prc, or a Prm0's isprm and val. */
export type PieceProperties =
  | { readonly grpprl: Uint8Array }
  | { readonly isprm: number; readonly val: number };

function clxPairAt(word: Buffer): number {
  let at = FIB_BASE_BYTES;
  at += 2 + word.readUInt16LE(at) * 2;
  at += 2 + word.readUInt16LE(at) * 4;
  return at + 2 + CLX_PAIR * FC_LCB_BYTES;
}

/** `doc` with every piece's Prm set to apply `props`; `dir` holds the file olefile reads. */
export function withPieceProperties(
  doc: Uint8Array,
  dir: string,
  props: PieceProperties,
): Uint8Array {
  const path = join(dir, 'piece-source.doc');
  writeFileSync(path, doc);
  const streams = oleStreams(path);
  const word = Buffer.from(streams.get('WordDocument')!);
  const tableName =
    word.readUInt16LE(FIB_FLAGS_AT) & F_WHICH_TABLE ? '1Table' : '0Table';
  const table = streams.get(tableName)!;
  const pairAt = clxPairAt(word);
  const fc = word.readUInt32LE(pairAt);
  const lcb = word.readUInt32LE(pairAt + 4);
  const clx = Buffer.from(table.subarray(fc, fc + lcb));

  // The Prcs already there keep their indexes; a new one goes after them.
  let pcdt = 0;
  let prcs = 0;
  while (clx[pcdt] === CLXT_PRC) {
    pcdt += 3 + clx.readUInt16LE(pcdt + 1);
    prcs++;
  }
  if (clx[pcdt] !== CLXT_PCDT) throw new Error('fixture: a Clx without Pcdt');
  let prm: number;
  let added = Buffer.alloc(0);
  if ('grpprl' in props) {
    added = Buffer.concat([
      Buffer.from([
        CLXT_PRC,
        props.grpprl.length & 0xff,
        props.grpprl.length >> 8,
      ]),
      props.grpprl,
    ]);
    prm = (prcs << 1) | 1;
  } else prm = (props.val << 8) | (props.isprm << 1);
  const pieces = clx.subarray(pcdt);
  const plcBytes = pieces.readUInt32LE(1);
  const count = (plcBytes - CP_BYTES) / (CP_BYTES + PCD_BYTES);
  const pcdAt = PCDT_HEAD_BYTES + (count + 1) * CP_BYTES;
  for (let i = 0; i < count; i++)
    pieces.writeUInt16LE(prm, pcdAt + i * PCD_BYTES + PCD_PRM_AT);
  const grown = Buffer.concat([clx.subarray(0, pcdt), added, pieces]);

  word.writeUInt32LE(table.length, pairAt);
  word.writeUInt32LE(grown.length, pairAt + 4);
  streams.set('WordDocument', word);
  streams.set(tableName, Buffer.concat([table, grown]));
  return writeCfb(
    [...streams].map(([name, data]) => ({ path: name.split('/'), data })),
  ).bytes;
}

/**
 * The independent reader: LibreOffice converts each named `.doc` to flat ODF in one run, and
 * this says which of them it reads a tracked deletion (`<text:deletion>`) in.
 */
export function libreOfficeDeletions(
  dir: string,
  docs: Record<string, Uint8Array>,
): Record<string, boolean> {
  const names = Object.keys(docs);
  for (const name of names)
    writeFileSync(join(dir, `${name}.doc`), docs[name]!);
  convertAll(
    dir,
    'fodt',
    names.map((name) => join(dir, `${name}.doc`)),
  );
  return Object.fromEntries(
    names.map((name) => [
      name,
      readFileSync(join(dir, `${name}.fodt`), 'utf8').includes(
        '<text:deletion>',
      ),
    ]),
  );
}

/** [MS-DOC] 2.9.73 FcCompressed: bit 30 says the piece is 8-bit, its fc then twice its offset. */
const F_COMPRESSED = 0x40000000;
const PCD_FC_AT = 2;
const MAX_COMPRESSED_CHAR = 0x7f;

/**
 * `doc`, whose text LibreOffice wrote as one UTF-16 piece, with that text stored 8-bit in its
 * place ([MS-DOC] 2.4.1: a compressed piece holds one byte a character), the bytes it no longer
 * needs zeroed: how Word stores text that fits in cp1252. Every character must be ASCII.
 */
export function withCompressedText(doc: Uint8Array, dir: string): Uint8Array {
  const path = join(dir, 'compressed-source.doc');
  writeFileSync(path, doc);
  const streams = oleStreams(path);
  const word = Buffer.from(streams.get('WordDocument')!);
  const tableName =
    word.readUInt16LE(FIB_FLAGS_AT) & F_WHICH_TABLE ? '1Table' : '0Table';
  const table = Buffer.from(streams.get(tableName)!);
  const pairAt = clxPairAt(word);
  let at = word.readUInt32LE(pairAt);
  while (table[at] === CLXT_PRC) at += 3 + table.readUInt16LE(at + 1);
  if (table[at] !== CLXT_PCDT) throw new Error('fixture: a Clx without Pcdt');
  const plc = at + PCDT_HEAD_BYTES;
  const count =
    (table.readUInt32LE(at + 1) - CP_BYTES) / (CP_BYTES + PCD_BYTES);
  for (let i = 0; i < count; i++) {
    const chars =
      table.readUInt32LE(plc + (i + 1) * CP_BYTES) -
      table.readUInt32LE(plc + i * CP_BYTES);
    const pcd = plc + (count + 1) * CP_BYTES + i * PCD_BYTES;
    const fc = table.readUInt32LE(pcd + PCD_FC_AT);
    if (fc & F_COMPRESSED) continue;
    const wide = word.subarray(fc, fc + chars * 2);
    const narrow = Buffer.alloc(wide.length);
    for (let c = 0; c < chars; c++) {
      const code = wide.readUInt16LE(c * 2);
      if (code > MAX_COMPRESSED_CHAR) throw new Error('fixture: not ASCII');
      narrow[c] = code;
    }
    narrow.copy(word, fc);
    table.writeUInt32LE((fc * 2) | F_COMPRESSED, pcd + PCD_FC_AT);
  }
  streams.set('WordDocument', word);
  streams.set(tableName, table);
  return writeCfb(
    [...streams].map(([name, data]) => ({ path: name.split('/'), data })),
  ).bytes;
}
