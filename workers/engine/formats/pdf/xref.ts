/**
 * Cross-reference reading (ISO 32000-1, 7.5.4 tables, 7.5.8 streams, 7.5.6 incremental
 * updates): which offset, or which object stream, holds each object. Newest section wins.
 */
import { corrupt } from '../../errors';
import { MAX_ENTRIES } from '../../limits';
import { readObjectHeader, readValue, streamStart, type Lexer } from './lexer';
import { intOf, isArray, isDict, isRef, nameOf, type PdfDict } from './objects';
import type { PdfWindow } from './window';

export type XrefEntry =
  | { readonly kind: 'offset'; readonly offset: number }
  | {
      readonly kind: 'compressed';
      readonly stream: number;
      readonly index: number;
    }
  | { readonly kind: 'free' };

/** Stream sections are decoded by the caller, which owns the decoding budget. */
export type DecodeXrefStream = (
  dict: PdfDict,
  dataStart: number,
) => Promise<Uint8Array>;

export interface XrefTable {
  readonly entries: Map<number, XrefEntry>;
  /** The newest trailer (a stream section's dictionary serves as its trailer). */
  readonly trailer: PdfDict;
  /** Sections in the /Prev chain: 1 for a file saved once, more after incremental updates. */
  readonly sections: number;
  /** Document information of earlier revisions: where each older trailer's /Info was stored. */
  readonly olderInfo: { readonly num: number; readonly entry: XrefEntry }[];
}

/** How far back from the end `startxref` is looked for. */
const TAIL_BYTES = 2048;
/** Sections followed through /Prev before the chain is called hostile. */
const MAX_SECTIONS = 4096;

async function startxref(win: PdfWindow): Promise<number> {
  const from = Math.max(0, win.size - TAIL_BYTES);
  const tail = new TextDecoder('latin1').decode(
    await win.read(from, TAIL_BYTES),
  );
  const at = tail.lastIndexOf('startxref');
  const m = at >= 0 ? /^startxref\s+(\d+)/.exec(tail.slice(at)) : null;
  if (!m) throw corrupt('no startxref');
  return Number(m[1]);
}

export async function readXref(
  win: PdfWindow,
  decode: DecodeXrefStream,
): Promise<XrefTable> {
  const entries = new Map<number, XrefEntry>();
  const seen = new Set<number>();
  let trailer: PdfDict | undefined;
  let offset: number | undefined = await startxref(win);
  let sections = 0;
  const olderInfo: XrefTable['olderInfo'][number][] = [];
  while (offset !== undefined) {
    if (seen.has(offset)) throw corrupt('cross-reference sections form a loop');
    if (seen.size >= MAX_SECTIONS)
      throw corrupt('too many cross-reference sections');
    seen.add(offset);
    sections++;
    const section = await readSection(win, offset, decode);
    const info = section.trailer.map.get('Info');
    const entry = isRef(info) ? section.entries.get(info.num) : undefined;
    if (trailer && isRef(info) && entry)
      olderInfo.push({ num: info.num, entry });
    trailer ??= section.trailer;
    for (const [n, e] of section.entries)
      if (!entries.has(n)) entries.set(n, e);
    if (entries.size > MAX_ENTRIES) throw corrupt('too many PDF objects');
    offset = intOf(section.trailer.map.get('Prev'));
  }
  if (!trailer) throw corrupt('no trailer');
  return { entries, trailer, sections, olderInfo };
}

interface Section {
  entries: Map<number, XrefEntry>;
  trailer: PdfDict;
}

async function readSection(
  win: PdfWindow,
  offset: number,
  decode: DecodeXrefStream,
): Promise<Section> {
  const head = await win.read(offset, 8);
  const text = new TextDecoder('latin1').decode(head).trimStart();
  if (text.startsWith('xref')) {
    const { result } = await win.parse(offset, classicSection);
    const stm = intOf(result.trailer.map.get('XRefStm'));
    if (stm === undefined) return result;
    // A hybrid file: its stream lists the compressed objects, read after the table's entries
    // that are in use and before the ones it marks free (ISO 32000-1, 7.5.8.4).
    const hidden = await streamSection(win, stm, decode);
    const merged = new Map<number, XrefEntry>();
    for (const [n, e] of result.entries)
      if (e.kind !== 'free') merged.set(n, e);
    for (const [n, e] of hidden.entries) if (!merged.has(n)) merged.set(n, e);
    for (const [n, e] of result.entries) if (!merged.has(n)) merged.set(n, e);
    return { entries: merged, trailer: result.trailer };
  }
  return streamSection(win, offset, decode);
}

function classicSection(lx: Lexer): Section {
  const entries = new Map<number, XrefEntry>();
  const first = lx.next();
  if (first.t !== 'word' || first.word !== 'xref')
    throw corrupt('xref keyword missing');
  for (;;) {
    const t = lx.next();
    if (t.t === 'word' && t.word === 'trailer') {
      const trailer = readValue(lx);
      if (!isDict(trailer)) throw corrupt('trailer is not a dictionary');
      return { entries, trailer };
    }
    const c = lx.next();
    if (
      t.t !== 'num' ||
      c.t !== 'num' ||
      !t.int ||
      !c.int ||
      t.value < 0 ||
      c.value < 0
    )
      throw corrupt('bad xref subsection header');
    if (entries.size + c.value > MAX_ENTRIES)
      throw corrupt('too many xref entries');
    for (let i = 0; i < c.value; i++) {
      const off = lx.next();
      const gen = lx.next();
      const type = lx.next();
      if (off.t !== 'num' || gen.t !== 'num' || type.t !== 'word')
        throw corrupt('bad xref entry');
      const n = t.value + i;
      if (entries.has(n)) continue;
      if (type.word === 'n' && off.value > 0)
        entries.set(n, { kind: 'offset', offset: off.value });
      else entries.set(n, { kind: 'free' });
    }
  }
}

async function streamSection(
  win: PdfWindow,
  offset: number,
  decode: DecodeXrefStream,
): Promise<Section> {
  const { result } = await win.parse(offset, (lx) => {
    if (!readObjectHeader(lx)) throw corrupt('xref stream header missing');
    const dict = readValue(lx);
    const start = streamStart(lx);
    return { dict, start };
  });
  const { dict, start } = result;
  if (
    !isDict(dict) ||
    start === null ||
    nameOf(dict.map.get('Type')) !== 'XRef'
  )
    throw corrupt('not a cross-reference stream');
  const data = await decode(dict, offset + start);
  const w = dict.map.get('W');
  const widths = isArray(w) ? w.items.map((i) => intOf(i) ?? -1) : [];
  if (widths.length !== 3 || widths.some((x) => x < 0 || x > 8))
    throw corrupt('bad /W in xref stream');
  const rowBytes = widths[0]! + widths[1]! + widths[2]!;
  if (rowBytes === 0) throw corrupt('empty xref stream rows');
  const size = intOf(dict.map.get('Size')) ?? 0;
  const index = dict.map.get('Index');
  const ranges = isArray(index)
    ? index.items.map((i) => intOf(i) ?? -1)
    : [0, size];
  const entries = new Map<number, XrefEntry>();
  let row = 0;
  for (let r = 0; r + 1 < ranges.length; r += 2) {
    const [from, count] = [ranges[r]!, ranges[r + 1]!];
    if (from < 0 || count < 0) throw corrupt('bad /Index in xref stream');
    for (let i = 0; i < count; i++, row++) {
      const at = row * rowBytes;
      if (at + rowBytes > data.length) return { entries, trailer: dict };
      const field = (k: number, skip: number) =>
        readBe(data, at + skip, widths[k]!);
      const type = widths[0] === 0 ? 1 : field(0, 0);
      const a = field(1, widths[0]!);
      const b = field(2, widths[0]! + widths[1]!);
      const n = from + i;
      if (entries.has(n)) continue;
      if (type === 1 && a > 0) entries.set(n, { kind: 'offset', offset: a });
      else if (type === 2)
        entries.set(n, { kind: 'compressed', stream: a, index: b });
      else entries.set(n, { kind: 'free' });
    }
  }
  return { entries, trailer: dict };
}

function readBe(b: Uint8Array, at: number, width: number): number {
  let v = 0;
  for (let i = 0; i < width; i++) v = v * 256 + b[at + i]!;
  return v;
}

/** Bytes read per step of the rebuild scan. */
const SCAN_STEP = 1024 * 1024;
const SCAN_OVERLAP = 64;
const OBJ_HEADER =
  /(?<![0-9])(\d{1,10})[\0\t\n\f\r ]+(\d{1,5})[\0\t\n\f\r ]+obj(?![A-Za-z])/g;
const TRAILER = /trailer[\0\t\n\f\r ]*<</g;

/**
 * Rebuilds the cross-reference by scanning the whole file for `N G obj` as viewers do with a
 * broken table: the last definition of a number wins. Trailers are found by their keyword.
 */
export async function scanObjects(
  win: PdfWindow,
): Promise<{ offsets: Map<number, number>; trailers: number[] }> {
  const offsets = new Map<number, number>();
  const trailers: number[] = [];
  const decoder = new TextDecoder('latin1');
  for (let at = 0; at < win.size; at += SCAN_STEP) {
    const text = decoder.decode(
      await win.src.read(at, SCAN_STEP + SCAN_OVERLAP),
    );
    for (const m of text.matchAll(OBJ_HEADER)) {
      if (m.index >= SCAN_STEP) break;
      offsets.set(Number(m[1]), at + m.index);
      if (offsets.size > MAX_ENTRIES) throw corrupt('too many PDF objects');
    }
    for (const m of text.matchAll(TRAILER))
      if (m.index < SCAN_STEP) trailers.push(at + m.index + 'trailer'.length);
  }
  return { offsets, trailers };
}
