/**
 * The older standard filters, so a content stream in them is read for inline images like any
 * other: LZWDecode (ISO 32000-2, 7.4.4), ASCII85Decode (7.4.3) and RunLengthDecode (7.4.5).
 * Each output grows in a byte buffer and stops with `too-large` past `maxBytes`.
 */
import { EngineError, corrupt } from '../../errors';

/** A byte buffer that doubles as it grows, up to a limit. */
class Output {
  private bytes = new Uint8Array(INITIAL_BYTES);
  length = 0;

  constructor(private readonly maxBytes: number) {}

  /** Makes room for `n` more bytes. */
  reserve(n: number): void {
    const need = this.length + n;
    if (need > this.maxBytes)
      throw new EngineError(
        'too-large',
        `a PDF stream decodes past ${this.maxBytes} bytes`,
      );
    if (need <= this.bytes.length) return;
    let size = this.bytes.length * 2;
    while (size < need) size *= 2;
    const grown = new Uint8Array(Math.min(size, this.maxBytes));
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }

  push(byte: number): void {
    this.reserve(1);
    this.bytes[this.length++] = byte;
  }

  /** The byte at `at`, written earlier. */
  at(at: number): number {
    return this.bytes[at]!;
  }

  set(at: number, byte: number): void {
    this.bytes[at] = byte;
  }

  done(): Uint8Array {
    return this.bytes.slice(0, this.length);
  }
}

const INITIAL_BYTES = 4096;

/** LZW codes (7.4.4.2): 256 clears the table, 257 ends the data, then 9 to 12 bits a code. */
const CLEAR = 256;
const EOD = 257;
const FIRST_CODE = 258;
const MIN_BITS = 9;
const MAX_BITS = 12;
const TABLE_SIZE = 1 << MAX_BITS;

/** `earlyChange` is the `/EarlyChange` parameter: 1 (the default) widens codes one code early. */
export function lzwDecode(
  data: Uint8Array,
  earlyChange: number,
  maxBytes: number,
): Uint8Array {
  const out = new Output(maxBytes);
  // Each code's string is its prefix code's string and one byte; where its copy starts in `out`.
  const prefix = new Int32Array(TABLE_SIZE);
  const suffix = new Uint8Array(TABLE_SIZE);
  const length = new Int32Array(TABLE_SIZE);
  for (let i = 0; i < CLEAR; i++) length[i] = 1;
  let next = FIRST_CODE;
  let bits = MIN_BITS;
  let previous = -1;
  let buffer = 0;
  let held = 0;
  let i = 0;
  for (;;) {
    while (held < bits && i < data.length) {
      buffer = ((buffer << 8) | data[i++]!) & 0xffffff;
      held += 8;
    }
    if (held < bits) break;
    const code = (buffer >>> (held - bits)) & ((1 << bits) - 1);
    held -= bits;
    if (code === CLEAR) {
      next = FIRST_CODE;
      bits = MIN_BITS;
      previous = -1;
      continue;
    }
    if (code === EOD) break;
    if (previous < 0) {
      if (code > 0xff) throw corrupt('an LZW stream starts with a table code');
      out.push(code);
      previous = code;
      continue;
    }
    if (code > next) throw corrupt('an LZW code beyond the table');
    const known = code < next;
    const source = known ? code : previous;
    const start = out.length;
    const n = length[source]!;
    out.reserve(n + (known ? 0 : 1));
    for (let c = source, at = start + n - 1; at >= start; at--) {
      out.set(at, c < CLEAR ? c : suffix[c]!);
      c = c < CLEAR ? c : prefix[c]!;
    }
    out.length = start + n;
    const first = out.at(start);
    if (!known) out.push(first);
    if (next < TABLE_SIZE) {
      prefix[next] = previous;
      suffix[next] = first;
      length[next] = length[previous]! + 1;
      next++;
    }
    previous = code;
    if (next + earlyChange >= 1 << bits && bits < MAX_BITS) bits++;
  }
  return out.done();
}

/** ASCII base-85 (7.4.3): `!` to `u` five to four bytes, `z` four zeros, `~>` the end. */
const A85_ZERO = 0x21;
const A85_LAST = 0x75;
const A85_Z = 0x7a;
const A85_END = 0x7e;
const GROUP = 5;

export function ascii85Decode(data: Uint8Array, maxBytes: number): Uint8Array {
  const out = new Output(maxBytes);
  const group: number[] = [];
  const flush = (count: number): void => {
    let value = 0;
    for (let k = 0; k < GROUP; k++)
      value = value * 85 + ((group[k] ?? A85_LAST) - A85_ZERO);
    if (value > 0xffffffff) throw corrupt('an ASCII85 group out of range');
    for (let k = 0; k < count; k++)
      out.push(Math.floor(value / 2 ** (24 - 8 * k)) & 0xff);
    group.length = 0;
  };
  for (const c of data) {
    if (c === A85_END) break;
    if (c === A85_Z && group.length === 0) {
      for (let k = 0; k < GROUP - 1; k++) out.push(0);
      continue;
    }
    if (c < A85_ZERO || c > A85_LAST) {
      if (isWhite(c)) continue;
      throw corrupt('a byte ASCII85 does not use');
    }
    group.push(c);
    if (group.length === GROUP) flush(GROUP - 1);
  }
  if (group.length === 1) throw corrupt('an ASCII85 stream ends mid-group');
  if (group.length) flush(group.length - 1);
  return out.done();
}

/** PDF white-space (7.2.3). */
const isWhite = (c: number): boolean =>
  c === 0x00 ||
  c === 0x09 ||
  c === 0x0a ||
  c === 0x0c ||
  c === 0x0d ||
  c === 0x20;

/** Run-length (7.4.5): 0-127 copy that many plus one bytes, 129-255 repeat one byte, 128 ends. */
const RL_END = 128;
const RL_REPEAT_BASE = 257;

export function runLengthDecode(
  data: Uint8Array,
  maxBytes: number,
): Uint8Array {
  const out = new Output(maxBytes);
  let i = 0;
  while (i < data.length) {
    const n = data[i++]!;
    if (n === RL_END) break;
    if (n < RL_END) {
      const end = Math.min(data.length, i + n + 1);
      out.reserve(end - i);
      while (i < end) out.push(data[i++]!);
    } else {
      if (i >= data.length) break;
      const byte = data[i++]!;
      const count = RL_REPEAT_BASE - n;
      out.reserve(count);
      for (let k = 0; k < count; k++) out.push(byte);
    }
  }
  return out.done();
}
