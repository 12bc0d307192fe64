/**
 * Inline images in content streams (ISO 32000-2, 8.9.7: `BI <entries> ID <data> EI`): found by
 * reading the content stream's tokens, so text that only looks like `BI` is not mistaken for one.
 * A JPEG (`/DCTDecode`) inline image is cleaned by the JPEG module and the content stream is
 * rewritten around it; one that cannot be read fails the PDF, naming where it is.
 */
import { EngineError, corrupt } from '../../errors';
import type { Finding } from '../../findings';
import type { NestedEngine } from '../../format-module';
import { Lexer, isWhite, readValue } from './lexer';
import {
  intOf,
  isName,
  namesOf,
  num,
  type PdfDict,
  type PdfValue,
} from './objects';
import { latin1Bytes, serialize } from './serialize';

/** Abbreviated filter names allowed in inline images (Table 91) and their full names. */
const FILTER_NAMES: Record<string, string> = {
  AHx: 'ASCIIHexDecode',
  A85: 'ASCII85Decode',
  LZW: 'LZWDecode',
  Fl: 'FlateDecode',
  RL: 'RunLengthDecode',
  CCF: 'CCITTFaxDecode',
  DCT: 'DCTDecode',
};
/** Colour components of the abbreviated and device colour spaces (Table 91). */
const COMPONENTS: Record<string, number> = {
  G: 1,
  DeviceGray: 1,
  RGB: 3,
  DeviceRGB: 3,
  CMYK: 4,
  DeviceCMYK: 4,
};

const EOI = [0xff, 0xd9];
const E = 0x45;
const I = 0x49;

interface InlineImage {
  /** Where `BI` starts and `EI` ends. */
  readonly start: number;
  readonly end: number;
  readonly dict: PdfDict;
  readonly dataStart: number;
  readonly dataEnd: number;
  readonly filters: readonly string[];
}

const isDelimiterOrWhite = (c: number | undefined): boolean =>
  c === undefined ||
  isWhite(c) ||
  '()<>[]{}/%'.includes(String.fromCharCode(c));

/** Whether `EI` as an operator starts at `at`. */
const isEi = (b: Uint8Array, at: number): boolean =>
  b[at] === E && b[at + 1] === I && isDelimiterOrWhite(b[at + 2]);

/** A cheap look for the operators before the content is tokenized. */
function mayHold(b: Uint8Array): boolean {
  for (let i = b.indexOf(0x42); i >= 0; i = b.indexOf(0x42, i + 1))
    if (
      b[i + 1] === I &&
      isDelimiterOrWhite(b[i - 1]) &&
      isDelimiterOrWhite(b[i + 2])
    )
      return true;
  return false;
}

/** Where the image data ends: its `/L` (PDF 2.0), the JPEG's end marker, or `EI` after white-space. */
function dataEnd(
  b: Uint8Array,
  dict: PdfDict,
  start: number,
  filters: readonly string[],
): number {
  const length = intOf(dict.map.get('L') ?? dict.map.get('Length'));
  if (length !== undefined && length >= 0 && start + length <= b.length)
    return start + length;
  if (filters.at(-1) === 'DCTDecode') {
    for (
      let i = b.indexOf(EOI[0]!, start);
      i >= 0;
      i = b.indexOf(EOI[0]!, i + 1)
    ) {
      if (b[i + 1] !== EOI[1]) continue;
      let j = i + 2;
      while (isWhite(b[j])) j++;
      if (isEi(b, j)) return i + 2;
    }
    throw corrupt('an inline JPEG image without its end');
  }
  const size = unfilteredSize(dict);
  if (!filters.length && size !== undefined && start + size <= b.length)
    return start + size;
  for (let i = start; i < b.length; i++)
    if (isWhite(b[i]) && isEi(b, i + 1)) return i;
  throw corrupt('an inline image without EI');
}

function unfilteredSize(dict: PdfDict): number | undefined {
  const m = dict.map;
  const w = intOf(m.get('W') ?? m.get('Width'));
  const h = intOf(m.get('H') ?? m.get('Height'));
  const mask = m.get('IM') ?? m.get('ImageMask');
  const bpc =
    mask === true ? 1 : intOf(m.get('BPC') ?? m.get('BitsPerComponent'));
  const cs = m.get('CS') ?? m.get('ColorSpace');
  const colors =
    mask === true ? 1 : isName(cs) ? COMPONENTS[cs.name] : undefined;
  if (!w || !h || !bpc || !colors) return undefined;
  return Math.ceil((w * colors * bpc) / 8) * h;
}

/** Every inline image of a content stream, in order. */
function findInlineImages(b: Uint8Array): InlineImage[] {
  const lx = new Lexer(b, 0, true);
  const out: InlineImage[] = [];
  for (;;) {
    const tok = lx.next();
    if (tok.t === 'eof') return out;
    if (tok.t !== 'word' || tok.word !== 'BI') continue;
    const start = lx.pos - 2;
    const dict: PdfDict = { kind: 'dict', map: new Map() };
    for (;;) {
      const key = lx.next();
      if (key.t === 'word' && key.word === 'ID') break;
      if (key.t !== 'name')
        throw corrupt('an inline image entry without a name');
      dict.map.set(key.name, readValue(lx));
    }
    // One white-space byte follows ID (8.9.7).
    const dataStart = lx.pos + 1;
    const filters = namesOf(dict.map.get('F') ?? dict.map.get('Filter')).map(
      (f) => FILTER_NAMES[f] ?? f,
    );
    const end = dataEnd(b, dict, dataStart, filters);
    let ei = end;
    while (isWhite(b[ei])) ei++;
    if (!isEi(b, ei)) throw corrupt('an inline image without EI');
    out.push({ start, end: ei + 2, dict, dataStart, dataEnd: end, filters });
    lx.pos = ei + 2;
  }
}

/** `BI ... ID <data> EI` written again around new data, its length updated. */
function rewritten(image: InlineImage, data: Uint8Array): Uint8Array {
  let text = 'BI';
  for (const [key, v] of image.dict.map) {
    const value: PdfValue =
      key === 'L' || key === 'Length' ? num(data.length) : v;
    text += ` ${serialize({ kind: 'name', name: key })} ${serialize(value)}`;
  }
  const head = latin1Bytes(`${text} ID `);
  const tail = latin1Bytes('\nEI');
  const out = new Uint8Array(head.length + data.length + tail.length);
  out.set(head);
  out.set(data, head.length);
  out.set(tail, head.length + data.length);
  return out;
}

/**
 * The content stream with its JPEG inline images cleaned, or null when nothing changed. A
 * content stream whose inline images cannot be read fails with `where`.
 */
export async function cleanInlineImages(
  data: Uint8Array,
  where: string,
  nested: NestedEngine,
  findings: Finding[],
): Promise<Uint8Array | null> {
  if (!mayHold(data)) return null;
  let images: InlineImage[];
  try {
    images = findInlineImages(data);
  } catch (error) {
    if (!(error instanceof EngineError) || error.code !== 'corrupt')
      throw error;
    throw new EngineError(
      'unsupported',
      `an inline image on ${where} that cannot be read: ${error.detail}`,
    );
  }
  const parts: Uint8Array[] = [];
  let at = 0;
  for (const image of images) {
    if (image.filters.includes('JPXDecode'))
      throw new EngineError(
        'unsupported',
        `an inline JPEG 2000 image on ${where}`,
      );
    if (!image.filters.includes('DCTDecode')) continue;
    if (image.filters.length > 1)
      throw new EngineError(
        'unsupported',
        `an inline JPEG image under other filters on ${where}`,
      );
    const jpeg = data.subarray(image.dataStart, image.dataEnd);
    const cleaned = await nested.clean(jpeg).catch((error: unknown) => {
      if (error instanceof EngineError)
        throw new EngineError(
          error.code,
          `inline image on ${where}: ${error.detail}`,
        );
      throw error;
    });
    findings.push(
      ...cleaned.findings.map((f) => ({
        ...f,
        location: `inline image on ${where}: ${f.location}`,
      })),
    );
    if (sameBytes(cleaned.bytes, jpeg)) continue;
    parts.push(data.subarray(at, image.start), rewritten(image, cleaned.bytes));
    at = image.end;
  }
  if (!parts.length) return null;
  parts.push(data.subarray(at));
  const total = parts.reduce((n, p) => n + p.length, 0);
  const out = new Uint8Array(total);
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
