/**
 * Decodes the few streams the cleaner must read (cross-reference and object streams, XMP,
 * attachments, content streams): FlateDecode and LZWDecode with PNG predictors (ISO 32000-1,
 * 7.4.4), ASCIIHexDecode, ASCII85Decode and RunLengthDecode (`old-filters.ts`). Every
 * inflate is bounded per stream and by one budget for the whole document.
 */
import { EngineError, corrupt } from '../../errors';
import { MAX_DECOMPRESSED_BYTES, MAX_METADATA_BYTES } from '../../limits';
import { inflateLimited } from '../../shared/inflate';
import { ascii85Decode, lzwDecode, runLengthDecode } from './old-filters';
import {
  intOf,
  isArray,
  isDict,
  namesOf,
  type PdfDict,
  type PdfValue,
} from './objects';

/** Decompressed bytes one document may produce in total, across all the streams we decode. */
export class DecodeBudget {
  private left = MAX_DECOMPRESSED_BYTES;

  take(bytes: number): void {
    this.left -= bytes;
    if (this.left < 0)
      throw new EngineError(
        'too-large',
        `PDF streams inflate past ${MAX_DECOMPRESSED_BYTES} bytes`,
      );
  }

  get remaining(): number {
    return Math.max(0, this.left);
  }
}

/** Whether every filter of the stream is one `decodeStream` can undo. */
export function canDecode(d: PdfDict): boolean {
  return namesOf(d.map.get('Filter')).every((f) => DECODERS.has(f));
}

const DECODERS = new Set([
  'FlateDecode',
  'Fl',
  'ASCIIHexDecode',
  'AHx',
  'LZWDecode',
  'LZW',
  'ASCII85Decode',
  'A85',
  'RunLengthDecode',
  'RL',
]);

/** `/EarlyChange` when the parameters do not say (7.4.4.2, Table 10). */
const DEFAULT_EARLY_CHANGE = 1;

/** The standard filters (ISO 32000-2, 7.4.1, Table 6) and their inline-image abbreviations. */
const STANDARD = new Set([
  'ASCIIHexDecode',
  'ASCII85Decode',
  'LZWDecode',
  'FlateDecode',
  'RunLengthDecode',
  'CCITTFaxDecode',
  'JBIG2Decode',
  'DCTDecode',
  'JPXDecode',
  'Crypt',
  'AHx',
  'A85',
  'LZW',
  'Fl',
  'RL',
  'CCF',
  'DCT',
]);

export const isStandardFilter = (name: string): boolean => STANDARD.has(name);

function parmsAt(d: PdfDict, i: number): PdfDict | undefined {
  const p = d.map.get('DecodeParms') ?? d.map.get('DP');
  if (isDict(p)) return i === 0 ? p : undefined;
  if (isArray(p)) {
    const item = p.items[i];
    return isDict(item) ? item : undefined;
  }
  return undefined;
}

/** The stream's data with its filters undone; `unsupported` for filters we do not read. */
export function decodeStream(
  d: PdfDict,
  raw: Uint8Array,
  budget: DecodeBudget,
  maxBytes = MAX_METADATA_BYTES,
): Uint8Array {
  let data = raw;
  namesOf(d.map.get('Filter')).forEach((filter, i) => {
    if (filter === 'FlateDecode' || filter === 'Fl') {
      const limit = Math.min(maxBytes, budget.remaining);
      data = inflateLimited(data, limit);
      budget.take(data.length);
      data = unpredict(data, parmsAt(d, i));
    } else if (filter === 'LZWDecode' || filter === 'LZW') {
      const parms = parmsAt(d, i);
      const early = num(parms?.map.get('EarlyChange'), DEFAULT_EARLY_CHANGE);
      data = lzwDecode(data, early, Math.min(maxBytes, budget.remaining));
      budget.take(data.length);
      data = unpredict(data, parms);
    } else if (filter === 'ASCIIHexDecode' || filter === 'AHx') {
      data = asciiHex(data);
    } else if (filter === 'ASCII85Decode' || filter === 'A85') {
      data = ascii85Decode(data, Math.min(maxBytes, budget.remaining));
      budget.take(data.length);
    } else if (filter === 'RunLengthDecode' || filter === 'RL') {
      data = runLengthDecode(data, Math.min(maxBytes, budget.remaining));
      budget.take(data.length);
    } else {
      throw new EngineError('unsupported', `PDF stream filter ${filter}`);
    }
  });
  return data;
}

function asciiHex(data: Uint8Array): Uint8Array {
  const out: number[] = [];
  let high = -1;
  for (const c of data) {
    if (c === 0x3e) break;
    const d =
      c >= 0x30 && c <= 0x39
        ? c - 0x30
        : c >= 0x41 && c <= 0x46
          ? c - 0x37
          : c >= 0x61 && c <= 0x66
            ? c - 0x57
            : -1;
    if (d < 0) continue;
    if (high < 0) high = d;
    else {
      out.push((high << 4) | d);
      high = -1;
    }
  }
  if (high >= 0) out.push(high << 4);
  return Uint8Array.from(out);
}

const num = (v: PdfValue | undefined, fallback: number): number =>
  intOf(v) ?? fallback;

/** Undoes the PNG row filters (predictors 10-15); predictor 1 means none. */
function unpredict(data: Uint8Array, parms: PdfDict | undefined): Uint8Array {
  const predictor = num(parms?.map.get('Predictor'), 1);
  if (predictor === 1) return data;
  if (predictor < 10)
    throw new EngineError('unsupported', `PDF predictor ${predictor}`);
  const colors = num(parms?.map.get('Colors'), 1);
  const bits = num(parms?.map.get('BitsPerComponent'), 8);
  const columns = num(parms?.map.get('Columns'), 1);
  if (
    colors < 1 ||
    colors > 32 ||
    ![1, 2, 4, 8, 16].includes(bits) ||
    columns < 1 ||
    columns > 1 << 24
  )
    throw corrupt('PDF predictor parameters out of range');
  const pixel = Math.max(1, Math.ceil((colors * bits) / 8));
  const row = Math.ceil((colors * bits * columns) / 8);
  const rows = Math.floor(data.length / (row + 1));
  const out = new Uint8Array(rows * row);
  for (let r = 0; r < rows; r++) {
    const type = data[r * (row + 1)]!;
    const src = r * (row + 1) + 1;
    const at = r * row;
    for (let i = 0; i < row; i++) {
      const x = data[src + i]!;
      const left = i >= pixel ? out[at + i - pixel]! : 0;
      const up = r > 0 ? out[at - row + i]! : 0;
      const upLeft = r > 0 && i >= pixel ? out[at - row + i - pixel]! : 0;
      out[at + i] = (x + predicted(type, left, up, upLeft)) & 0xff;
    }
  }
  return out;
}

function predicted(type: number, a: number, b: number, c: number): number {
  switch (type) {
    case 0:
      return 0;
    case 1:
      return a;
    case 2:
      return b;
    case 3:
      return (a + b) >> 1;
    case 4: {
      const p = a + b - c;
      const pa = Math.abs(p - a);
      const pb = Math.abs(p - b);
      const pc = Math.abs(p - c);
      return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
    }
    default:
      throw corrupt(`PNG predictor row type ${type}`);
  }
}
