/**
 * Comments in a Word 97-2003 document ([MS-DOC] 2.3.4): their text is the comment story, which
 * follows the main, footnote and header stories in the document's character positions
 * (FibRgLw97: ccpText, ccpFtn, ccpHdd, then ccpAtn characters). The piece table (Clx) says where
 * each character lies in the `WordDocument` stream: one byte each in a compressed piece
 * (cp1252), two in a Unicode one. Every character of the story becomes a space there, except the
 * ones that give it structure (paragraph and cell marks, the annotation reference, field marks,
 * object anchors), so no position moves and each comment stays, empty, where it was. The date of
 * each comment (ATRDPost10, in the AtrdExtra) is zeroed with it.
 */
import { u32le } from '../../bytes';
import { corrupt, EngineError } from '../../errors';
import { finding, type Finding } from '../../findings';
import { MAX_METADATA_BYTES } from '../../limits';
import { readExtents } from '../../shared/cfb/compound-file';
import type { DirEntry } from '../../shared/cfb/directory';
import { readClx } from './piece-revisions';
import { isBlank, type Cleaning, type Storage } from './storage';
import { dttmIso } from './word-dates';

/** [MS-DOC] 2.5.4 FibRgLw97: after FibBase (32 bytes), csw and FibRgW97 (30), cslw (2). */
const FIB_RG_LW_AT = 64;
const CCP_TEXT = 3;
const CCP_FTN = 4;
const CCP_HDD = 5;
const CCP_ATN = 7;
const LONG_BYTES = 4;
/** [MS-DOC] 2.9.73 FcCompressed: fc in the low 30 bits, fCompressed in bit 30. */
const FC_MASK = 0x3fffffff;
const F_COMPRESSED = 0x40000000;
/**
 * [MS-DOC] 2.4.1 and 2.8.25: characters that carry structure, kept: a picture or object anchor
 * (0x01, 0x08), the annotation reference (0x05), a cell or row mark (0x07), a paragraph mark
 * (0x0D), and a field's begin, separator and end (0x13 to 0x15).
 */
const STRUCTURE = new Set([0x01, 0x05, 0x07, 0x08, 0x0d, 0x13, 0x14, 0x15]);
const SPACE = 0x20;
/** [MS-DOC] 2.9.6 ATRDPost10: dttm (a DTTM) first, 18 bytes in all. */
const ATRD_POST10_BYTES = 18;
const DTTM_BYTES = 4;

/** The comment story's place among the document's characters, from the FIB. */
export function commentStory(fib: Uint8Array): { start: number; end: number } {
  if (fib.length < FIB_RG_LW_AT + (CCP_ATN + 1) * LONG_BYTES)
    throw corrupt('FIB runs past its stream');
  const ccp = (i: number) => u32le(fib, FIB_RG_LW_AT + i * LONG_BYTES);
  const start = ccp(CCP_TEXT) + ccp(CCP_FTN) + ccp(CCP_HDD);
  return { start, end: start + ccp(CCP_ATN) };
}

/** The characters [from, to) of one piece, where they lie in `WordDocument`. */
interface Span {
  readonly from: number;
  readonly to: number;
  readonly at: number;
  readonly width: 1 | 2;
}

function spans(
  clx: Uint8Array,
  story: { start: number; end: number },
  streamSize: number,
): Span[] {
  const { cps, fcs } = readClx(clx);
  const out: Span[] = [];
  let covered = 0;
  for (let i = 0; i < fcs.length; i++) {
    const from = Math.max(cps[i]!, story.start);
    const to = Math.min(cps[i + 1]!, story.end);
    if (from >= to) continue;
    const fc = fcs[i]!;
    const width = fc & F_COMPRESSED ? 1 : 2;
    const at =
      width === 1
        ? (fc & FC_MASK) / 2 + (from - cps[i]!)
        : (fc & FC_MASK) + (from - cps[i]!) * 2;
    if (!Number.isInteger(at) || at + (to - from) * width > streamSize)
      throw corrupt('a piece of the comment story runs past WordDocument');
    out.push({ from, to, at, width });
    covered += to - from;
  }
  // Characters no piece holds cannot be found, so they cannot be emptied.
  if (covered !== story.end - story.start)
    throw corrupt('comment story characters outside the piece table');
  return out;
}

/** The text of `bytes` read as `width`-byte characters, with structure read as a line break. */
function textOf(bytes: Uint8Array, width: 1 | 2): string {
  const raw = new TextDecoder(width === 1 ? 'windows-1252' : 'utf-16le').decode(
    bytes,
  );
  return Array.from(raw, (ch) =>
    STRUCTURE.has(ch.charCodeAt(0)) ? '\n' : ch,
  ).join('');
}

/** `bytes` with every character that is not structure made a space. */
function blanked(bytes: Uint8Array, width: 1 | 2): Uint8Array {
  const out = bytes.slice();
  for (let i = 0; i < out.length; i += width) {
    const code = width === 1 ? out[i]! : out[i]! | (out[i + 1]! << 8);
    if (STRUCTURE.has(code)) continue;
    out[i] = SPACE;
    if (width === 2) out[i + 1] = 0;
  }
  return out;
}

export interface WordComments {
  readonly storage: Storage;
  readonly word: DirEntry;
  readonly table: DirEntry;
  /** The FIB's first bytes. */
  readonly fib: Uint8Array;
  readonly clx: Uint8Array | null;
  /** [MS-DOC] 2.8.x PlcfandTxt: where each comment's text starts in the story. */
  readonly plcfandTxt: Uint8Array | null;
  /** The AtrdExtra and where it lies in the table stream. */
  readonly atrdExtra: [number, Uint8Array] | null;
}

/** Empties the comment story in place; each comment's text is reported as removed. */
export async function emptyComments(
  c: WordComments,
  out: Cleaning,
): Promise<void> {
  emptyCommentDates(c, out);
  const story = commentStory(c.fib);
  checkStoryLength(c.plcfandTxt, story.end - story.start);
  if (story.end === story.start) return;
  if (!c.clx) throw corrupt('a Word document without its piece table');
  const location = `${c.storage.location}/${c.word.name}`;
  const extents = c.storage.cfb.extents(c.word);
  const text: string[] = [];
  let read = 0;
  for (const span of spans(c.clx, story, c.word.size)) {
    const length = (span.to - span.from) * span.width;
    read += length;
    if (read > MAX_METADATA_BYTES)
      throw new EngineError('too-large', 'a comment story past its limit');
    const bytes = await readExtents(c.storage.src, extents, span.at, length);
    text.push(textOf(bytes, span.width));
    const blank = blanked(bytes, span.width);
    if (blank.some((b, i) => b !== bytes[i]))
      out.write(c.storage, c.word, span.at, blank);
  }
  for (const comment of commentTexts(text.join(''), c.plcfandTxt))
    out.findings.push(
      finding('content.emptied-comment', 'comment story', location, comment),
    );
}

/**
 * Each comment's text, split where PlcfandTxt says each starts (its CPs count from the story's
 * start); the whole story as one when the PLC does not fit it.
 */
function commentTexts(story: string, plc: Uint8Array | null): string[] {
  const cps: number[] = [];
  if (plc && plc.length % LONG_BYTES === 0)
    for (let at = 0; at < plc.length; at += LONG_BYTES)
      cps.push(u32le(plc, at));
  const fits =
    cps.length >= 2 &&
    cps.every((cp, i) => cp <= story.length && (i === 0 || cp >= cps[i - 1]!));
  const parts = fits
    ? cps.slice(1).map((end, i) => story.slice(cps[i]!, end))
    : [story];
  return parts
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter((p) => !isBlank(p));
}

/**
 * [MS-DOC] 2.8.x PlcfandTxt: its second-to-last CP ends the last comment's text and MUST be
 * ccpAtn - 1. A FIB whose ccpAtn says otherwise puts the story's end where the comments' text
 * does not end: part of it would stay, or another story's text would be emptied.
 */
function checkStoryLength(plc: Uint8Array | null, ccpAtn: number): void {
  if (!plc || plc.length < 2 * LONG_BYTES) return;
  const end = u32le(plc, plc.length - 2 * LONG_BYTES);
  if (end !== ccpAtn - 1)
    throw corrupt("a comment story whose length its comments' table denies");
}

/** Zeroes each ATRDPost10's date, [MS-DOC] 2.9.5 AtrdExtra. */
function emptyCommentDates(c: WordComments, out: Cleaning): void {
  if (!c.atrdExtra) return;
  const [fc, bytes] = c.atrdExtra;
  const found: Finding[] = [];
  for (
    let at = 0;
    at + ATRD_POST10_BYTES <= bytes.length;
    at += ATRD_POST10_BYTES
  ) {
    const dttm = u32le(bytes, at);
    if (dttm === 0) continue;
    found.push(
      finding(
        'time.created',
        'ATRDPost10 dttm',
        `${c.storage.location}/${c.table.name}`,
        dttmIso(dttm),
      ),
    );
    out.write(c.storage, c.table, fc + at, new Uint8Array(DTTM_BYTES));
  }
  out.findings.push(...found);
}
