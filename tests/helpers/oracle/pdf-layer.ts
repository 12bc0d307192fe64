/**
 * A PDF object scanner for the leak oracle, independent of the engine's PDF code: every
 * `N G obj` in the bytes, referenced or not (ISO 32000-1, 7.3.10), its dictionary, its stream
 * decoded through every filter the oracle knows, and every literal and hexadecimal string
 * (7.3.4) in the dictionary, in decoded streams (content and object streams) and between objects.
 */
import { applyFilter, DEFAULT_PARMS, type DecodeParms } from './pdf-filters';

export interface PdfPart {
  readonly label: string;
  readonly data: Uint8Array;
  /** An image codec's own bytes (DCT, JPX), for exiftool. */
  readonly image?: boolean;
}

const OBJ_HEADER = /(\d+)\s+(\d+)\s+obj\b/g;
const IMAGE_FILTERS = new Set(['DCTDecode', 'DCT', 'JPXDecode']);

/** The balanced `<<…>>` or `[…]` starting at `at`, or the single token there. */
function balanced(text: string, at: number): string {
  const open = text.startsWith('<<', at)
    ? '<<'
    : text[at] === '['
      ? '['
      : undefined;
  if (!open) return /^\/?[^\s/<>[\]()]+/.exec(text.slice(at))?.[0] ?? '';
  const close = open === '<<' ? '>>' : ']';
  let depth = 0;
  for (let i = at; i < text.length; i++) {
    if (text.startsWith(open, i)) {
      depth++;
      i += open.length - 1;
    } else if (text.startsWith(close, i)) {
      depth--;
      i += close.length - 1;
      if (depth === 0) return text.slice(at, i + 1);
    }
  }
  return text.slice(at);
}

function entry(dict: string, key: string): string | undefined {
  const match = new RegExp(`/${key}(?![A-Za-z])\\s*`).exec(dict);
  return match ? balanced(dict, match.index + match[0].length) : undefined;
}

function parmsOf(text: string | undefined): DecodeParms {
  const num = (key: string, fallback: number) => {
    const v = text && new RegExp(`/${key}\\s+(\\d+)`).exec(text)?.[1];
    return v ? Number(v) : fallback;
  };
  return {
    predictor: num('Predictor', DEFAULT_PARMS.predictor),
    colors: num('Colors', DEFAULT_PARMS.colors),
    bitsPerComponent: num('BitsPerComponent', DEFAULT_PARMS.bitsPerComponent),
    columns: num('Columns', DEFAULT_PARMS.columns),
    earlyChange: num('EarlyChange', DEFAULT_PARMS.earlyChange),
  };
}

/** The filters named by a stream dictionary, each with its parameters. */
function filtersOf(dict: string): { name: string; parms: DecodeParms }[] {
  const filter = entry(dict, 'Filter') ?? '';
  const names = [...filter.matchAll(/\/([A-Za-z0-9]+)/g)].map((m) => m[1]!);
  const parmsText = entry(dict, 'DecodeParms') ?? entry(dict, 'DP');
  const perFilter = parmsText?.startsWith('[')
    ? [...parmsText.slice(1).matchAll(/<<.*?>>|null/gs)].map((m) => m[0])
    : [parmsText];
  return names.map((name, i) => ({
    name,
    parms: parmsOf(perFilter[i] ?? undefined),
  }));
}

/** Undoes the filters in order; stops (keeping what it has) at an image codec or a failure. */
function decode(
  data: Uint8Array,
  dict: string,
): { data: Uint8Array; image: boolean } {
  let current = data;
  for (const { name, parms } of filtersOf(dict)) {
    if (IMAGE_FILTERS.has(name)) return { data: current, image: true };
    const next = applyFilter(name, current, parms);
    if (!next) return { data: current, image: false };
    current = next;
  }
  return { data: current, image: false };
}

const ESCAPES: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12 };

/** A literal string's bytes from just after its `(`; returns them and where the string ends. */
function literalString(
  text: string,
  at: number,
): { bytes: number[]; end: number } {
  const bytes: number[] = [];
  let depth = 1;
  let i = at;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '\\') {
      const next = text[i + 1] ?? '';
      const oct = /^[0-7]{1,3}/.exec(text.slice(i + 1, i + 4))?.[0];
      if (oct) {
        bytes.push(parseInt(oct, 8) & 0xff);
        i += 1 + oct.length;
        continue;
      }
      if (next === '\r' || next === '\n') {
        i += text.startsWith('\r\n', i + 1) ? 3 : 2;
        continue;
      }
      bytes.push(ESCAPES[next] ?? next.charCodeAt(0));
      i += 2;
      continue;
    }
    if (ch === '(') depth++;
    if (ch === ')' && --depth === 0) return { bytes, end: i + 1 };
    bytes.push(ch.charCodeAt(0) & 0xff);
    i++;
  }
  return { bytes, end: i };
}

/** Every literal and hex string in PDF text, decoded, joined by newlines. */
export function pdfStrings(bytes: Uint8Array): Uint8Array {
  const text = Buffer.from(bytes).toString('latin1');
  const out: number[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '%') {
      const eol = text.slice(i).search(/[\r\n]/);
      i = eol < 0 ? text.length : i + eol;
    } else if (ch === '(') {
      const { bytes: s, end } = literalString(text, i + 1);
      for (const b of s) out.push(b);
      out.push(10);
      i = end;
    } else if (ch === '<' && text[i + 1] !== '<') {
      const end = text.indexOf('>', i);
      const digits = text.slice(i + 1, end < 0 ? undefined : end);
      if (/^[0-9a-fA-F\s]*$/.test(digits)) {
        const clean = digits.replace(/\s+/g, '');
        for (const b of Buffer.from(
          clean.length % 2 ? `${clean}0` : clean,
          'hex',
        ))
          out.push(b);
        out.push(10);
        i = end < 0 ? text.length : end + 1;
      } else i++;
    } else i++;
  }
  return Uint8Array.from(out);
}

function streamRange(
  text: string,
  dict: string,
  at: number,
): { start: number; end: number } | undefined {
  const keyword = /^\s*stream(\r\n|\n|\r)/.exec(text.slice(at, at + 32));
  if (!keyword) return undefined;
  const start = at + keyword[0].length;
  const length = /^\d+$/.test(entry(dict, 'Length') ?? '')
    ? Number(entry(dict, 'Length'))
    : -1;
  if (
    length >= 0 &&
    /^\s*endstream/.test(text.slice(start + length, start + length + 32))
  )
    return { start, end: start + length };
  const end = text.indexOf('endstream', start);
  return { start, end: end < 0 ? text.length : end };
}

/** Every object of a PDF (found by its header) as dictionary, strings and decoded stream. */
export function pdfParts(bytes: Uint8Array): PdfPart[] {
  const text = Buffer.from(
    bytes.buffer,
    bytes.byteOffset,
    bytes.byteLength,
  ).toString('latin1');
  const parts: PdfPart[] = [];
  const outside: Uint8Array[] = [];
  let covered = 0;
  for (const match of text.matchAll(OBJ_HEADER)) {
    if (match.index < covered) continue;
    const label = `pdf object ${match[1]} ${match[2]}`;
    const bodyStart = match.index + match[0].length;
    outside.push(bytes.subarray(covered, match.index));
    const stripped = text.slice(bodyStart).match(/^\s*/)?.[0].length ?? 0;
    const dict = balanced(text, bodyStart + stripped);
    const afterDict = bodyStart + stripped + dict.length;
    const stream = dict.startsWith('<<')
      ? streamRange(text, dict, afterDict)
      : undefined;
    const endobj = text.indexOf('endobj', stream ? stream.end : bodyStart);
    covered =
      endobj < 0 ? (stream?.end ?? text.length) : endobj + 'endobj'.length;
    const head = bytes.subarray(bodyStart, stream ? stream.start : covered);
    parts.push(
      { label, data: head },
      { label: `${label} strings`, data: pdfStrings(head) },
    );
    if (!stream) continue;
    const decoded = decode(bytes.subarray(stream.start, stream.end), dict);
    parts.push({
      label: `${label} stream`,
      data: decoded.data,
      image: decoded.image,
    });
    if (!decoded.image)
      parts.push({
        label: `${label} stream strings`,
        data: pdfStrings(decoded.data),
      });
  }
  outside.push(bytes.subarray(covered));
  const between = Buffer.concat(outside);
  parts.push({
    label: 'pdf outside objects strings',
    data: pdfStrings(between),
  });
  return parts;
}

/** True when the bytes look like a PDF or hold PDF objects. */
export function looksLikePdf(bytes: Uint8Array): boolean {
  const head = Buffer.from(
    bytes.buffer,
    bytes.byteOffset,
    Math.min(bytes.byteLength, 1024),
  ).toString('latin1');
  return head.includes('%PDF-');
}
