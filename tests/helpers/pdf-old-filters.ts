/**
 * Encoders for the older PDF filters, written from ISO 32000-2 for the tests (the engine only
 * decodes): ASCII85Decode (7.4.3), RunLengthDecode (7.4.5) and LZWDecode (7.4.4) with its
 * default `/EarlyChange 1`. The LZW encoder stores every byte as a literal code and clears the
 * table before the codes grow past 9 bits: plain, valid, and read by every decoder.
 */

export function ascii85(data: Uint8Array): Buffer {
  let out = '';
  for (let i = 0; i < data.length; i += 4) {
    const chunk = data.subarray(i, i + 4);
    const padded = [...chunk, 0, 0, 0].slice(0, 4);
    let value =
      ((padded[0]! << 24) |
        (padded[1]! << 16) |
        (padded[2]! << 8) |
        padded[3]!) >>>
      0;
    const digits: string[] = [];
    for (let k = 0; k < 5; k++) {
      digits.unshift(String.fromCharCode(0x21 + (value % 85)));
      value = Math.floor(value / 85);
    }
    out += digits.slice(0, chunk.length + 1).join('');
  }
  return Buffer.from(`${out}~>`, 'latin1');
}

/** Literal runs of up to 128 bytes, then the end marker. */
export function runLength(data: Uint8Array): Buffer {
  const parts: Buffer[] = [];
  for (let i = 0; i < data.length; i += 128) {
    const run = data.subarray(i, i + 128);
    parts.push(Buffer.from([run.length - 1]), Buffer.from(run));
  }
  parts.push(Buffer.from([128]));
  return Buffer.concat(parts);
}

const CLEAR = 256;
const EOD = 257;
const BITS = 9;
/** Codes after a clear before the decoder's table would reach 511 entries and widen its codes. */
const CODES_PER_CLEAR = 250;

export function lzw(data: Uint8Array): Buffer {
  const codes: number[] = [];
  data.forEach((byte, i) => {
    if (i % CODES_PER_CLEAR === 0) codes.push(CLEAR);
    codes.push(byte);
  });
  codes.push(EOD);
  const out: number[] = [];
  let buffer = 0;
  let held = 0;
  for (const code of codes) {
    buffer = (buffer << BITS) | code;
    held += BITS;
    while (held >= 8) {
      out.push((buffer >>> (held - 8)) & 0xff);
      held -= 8;
    }
    buffer &= (1 << held) - 1;
  }
  if (held > 0) out.push((buffer << (8 - held)) & 0xff);
  return Buffer.from(out);
}
