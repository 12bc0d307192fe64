/**
 * The PDF stream filters the leak oracle undoes, written for the tests alone (ISO 32000-1, 7.4):
 * FlateDecode with PNG and TIFF predictors (7.4.4.4), ASCIIHexDecode (7.4.2), ASCII85Decode
 * (7.4.3), LZWDecode (7.4.4) and RunLengthDecode (7.4.5). A filter that fails gives undefined.
 */
import { constants, inflateSync } from 'node:zlib';

export interface DecodeParms {
  readonly predictor: number;
  readonly colors: number;
  readonly bitsPerComponent: number;
  readonly columns: number;
  readonly earlyChange: number;
}

export const DEFAULT_PARMS: DecodeParms = {
  predictor: 1,
  colors: 1,
  bitsPerComponent: 8,
  columns: 1,
  earlyChange: 1,
};

const TIFF_PREDICTOR = 2;
const PNG_PREDICTOR_MIN = 10;

function flate(data: Uint8Array): Uint8Array | undefined {
  try {
    return inflateSync(data, { finishFlush: constants.Z_SYNC_FLUSH });
  } catch {
    return undefined;
  }
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** PNG predictors: each row starts with its filter type byte (PNG specification, 9). */
function unpredictPng(data: Uint8Array, parms: DecodeParms): Uint8Array {
  const bpp = Math.max(
    1,
    Math.ceil((parms.colors * parms.bitsPerComponent) / 8),
  );
  const rowLength = Math.ceil(
    (parms.columns * parms.colors * parms.bitsPerComponent) / 8,
  );
  const rows = Math.floor(data.length / (rowLength + 1));
  const out = new Uint8Array(rows * rowLength);
  for (let r = 0; r < rows; r++) {
    const type = data[r * (rowLength + 1)]!;
    const src = r * (rowLength + 1) + 1;
    const at = r * rowLength;
    for (let i = 0; i < rowLength; i++) {
      const left = i >= bpp ? out[at + i - bpp]! : 0;
      const up = r > 0 ? out[at - rowLength + i]! : 0;
      const upLeft = r > 0 && i >= bpp ? out[at - rowLength + i - bpp]! : 0;
      const pred =
        type === 1
          ? left
          : type === 2
            ? up
            : type === 3
              ? (left + up) >> 1
              : type === 4
                ? paeth(left, up, upLeft)
                : 0;
      out[at + i] = (data[src + i]! + pred) & 0xff;
    }
  }
  return out;
}

/** TIFF predictor 2 for 8-bit components: each byte is a difference from the one to its left. */
function unpredictTiff(data: Uint8Array, parms: DecodeParms): Uint8Array {
  const out = Uint8Array.from(data);
  const rowLength = parms.columns * parms.colors;
  for (let at = 0; at < out.length; at += rowLength)
    for (let i = parms.colors; i < rowLength && at + i < out.length; i++)
      out[at + i] = (out[at + i]! + out[at + i - parms.colors]!) & 0xff;
  return out;
}

function unpredict(data: Uint8Array, parms: DecodeParms): Uint8Array {
  if (parms.predictor >= PNG_PREDICTOR_MIN) return unpredictPng(data, parms);
  if (parms.predictor === TIFF_PREDICTOR && parms.bitsPerComponent === 8)
    return unpredictTiff(data, parms);
  return data;
}

function asciiHex(data: Uint8Array): Uint8Array {
  const text = Buffer.from(data).toString('latin1');
  const end = text.indexOf('>');
  let digits = (end >= 0 ? text.slice(0, end) : text).replace(
    /[^0-9a-fA-F]/g,
    '',
  );
  if (digits.length % 2) digits += '0';
  return Buffer.from(digits, 'hex');
}

const A85_ZERO = 0x7a;
const A85_BASE = 0x21;

function ascii85(data: Uint8Array): Uint8Array {
  const text = Buffer.from(data).toString('latin1');
  const end = text.indexOf('~>');
  const body = (end >= 0 ? text.slice(0, end) : text)
    .replace(/^<~/, '')
    .replace(/\s+/g, '');
  const out: number[] = [];
  let group: number[] = [];
  const flush = (n: number) => {
    while (group.length < 5) group.push(0x75 - A85_BASE);
    let value = 0;
    for (const d of group) value = value * 85 + d;
    for (let i = 0; i < n; i++) out.push((value >>> (24 - 8 * i)) & 0xff);
    group = [];
  };
  for (const ch of Buffer.from(body, 'latin1')) {
    if (ch === A85_ZERO && group.length === 0) {
      out.push(0, 0, 0, 0);
      continue;
    }
    group.push(ch - A85_BASE);
    if (group.length === 5) flush(4);
  }
  if (group.length > 1) flush(group.length - 1);
  return Uint8Array.from(out);
}

const LZW_CLEAR = 256;
const LZW_EOD = 257;
const LZW_MAX_BITS = 12;

function lzw(data: Uint8Array, earlyChange: number): Uint8Array {
  const out: number[] = [];
  let table: number[][] = [];
  const reset = () => {
    table = Array.from({ length: 258 }, (_, i) => (i < 256 ? [i] : []));
  };
  reset();
  let bits = 9;
  let bitPos = 0;
  let previous: number[] | undefined;
  while (bitPos + bits <= data.length * 8) {
    let code = 0;
    for (let i = 0; i < bits; i++, bitPos++)
      code = (code << 1) | ((data[bitPos >> 3]! >> (7 - (bitPos & 7))) & 1);
    if (code === LZW_EOD) break;
    if (code === LZW_CLEAR) {
      reset();
      bits = 9;
      previous = undefined;
      continue;
    }
    const entry =
      code < table.length
        ? table[code]!
        : previous
          ? [...previous, previous[0]!]
          : undefined;
    if (!entry) break;
    out.push(...entry);
    if (previous) table.push([...previous, entry[0]!]);
    previous = entry;
    if (table.length + earlyChange >= 1 << bits && bits < LZW_MAX_BITS) bits++;
  }
  return Uint8Array.from(out);
}

const RUN_EOD = 128;

function runLength(data: Uint8Array): Uint8Array {
  const out: number[] = [];
  let i = 0;
  while (i < data.length) {
    const n = data[i++]!;
    if (n === RUN_EOD) break;
    if (n < RUN_EOD) {
      out.push(...data.subarray(i, i + n + 1));
      i += n + 1;
    } else {
      out.push(...new Array<number>(257 - n).fill(data[i] ?? 0));
      i++;
    }
  }
  return Uint8Array.from(out);
}

/** One filter applied; undefined for an image codec (DCT, JPX, CCITT, JBIG2) or a failure. */
export function applyFilter(
  name: string,
  data: Uint8Array,
  parms: DecodeParms,
): Uint8Array | undefined {
  switch (name) {
    case 'FlateDecode':
    case 'Fl': {
      const inflated = flate(data);
      return inflated && unpredict(inflated, parms);
    }
    case 'ASCIIHexDecode':
    case 'AHx':
      return asciiHex(data);
    case 'ASCII85Decode':
    case 'A85':
      return ascii85(data);
    case 'LZWDecode':
    case 'LZW':
      return unpredict(lzw(data, parms.earlyChange), parms);
    case 'RunLengthDecode':
    case 'RL':
      return runLength(data);
    default:
      return undefined;
  }
}
