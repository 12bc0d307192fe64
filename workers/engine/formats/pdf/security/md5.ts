/**
 * MD5 (RFC 1321), which the standard security handler's revisions 2-4 derive their keys with
 * (ISO 32000-2, 7.6.4.3). Web Crypto has no MD5, so the engine carries this small one; it hashes
 * key material of a few hundred bytes, never file content.
 */

/** Per-round left rotations (RFC 1321, 3.4). */
const SHIFTS = [
  7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 5, 9, 14, 20, 5,
  9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11,
  16, 23, 4, 11, 16, 23, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15,
  21,
];

/** T[i] = floor(2^32 * |sin(i + 1)|) (RFC 1321, 3.4). */
const SINES = Array.from(
  { length: 64 },
  (_, i) => Math.floor(Math.abs(Math.sin(i + 1)) * 2 ** 32) >>> 0,
);

/** The initial state A, B, C, D (RFC 1321, 3.3). */
const INITIAL = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476];

const BLOCK_BYTES = 64;
const LENGTH_BYTES = 8;
const PAD_MARKER = 0x80;

/** The message padded to whole blocks, with its bit length at the end (RFC 1321, 3.1-3.2). */
function padded(data: Uint8Array): Uint8Array {
  const total =
    Math.ceil((data.length + 1 + LENGTH_BYTES) / BLOCK_BYTES) * BLOCK_BYTES;
  const out = new Uint8Array(total);
  out.set(data);
  out[data.length] = PAD_MARKER;
  const view = new DataView(out.buffer);
  const bits = data.length * 8;
  view.setUint32(total - LENGTH_BYTES, bits >>> 0, true);
  view.setUint32(total - 4, Math.floor(bits / 2 ** 32), true);
  return out;
}

/** Which word of the block round `i` reads (RFC 1321, 3.4). */
function wordIndex(i: number): number {
  if (i < 16) return i;
  if (i < 32) return (5 * i + 1) % 16;
  if (i < 48) return (3 * i + 5) % 16;
  return (7 * i) % 16;
}

function mix(i: number, b: number, c: number, d: number): number {
  if (i < 16) return (b & c) | (~b & d);
  if (i < 32) return (b & d) | (c & ~d);
  if (i < 48) return b ^ c ^ d;
  return c ^ (b | ~d);
}

/** The 16-byte MD5 digest of `data`. */
export function md5(data: Uint8Array): Uint8Array {
  const message = padded(data);
  const view = new DataView(message.buffer);
  const state = [...INITIAL];
  const words = new Array<number>(16);
  for (let at = 0; at < message.length; at += BLOCK_BYTES) {
    for (let k = 0; k < 16; k++) words[k] = view.getUint32(at + 4 * k, true);
    let [a, b, c, d] = state as [number, number, number, number];
    for (let i = 0; i < 64; i++) {
      const sum = (a + mix(i, b, c, d) + SINES[i]! + words[wordIndex(i)]!) | 0;
      const s = SHIFTS[i]!;
      a = d;
      d = c;
      c = b;
      b = (b + ((sum << s) | (sum >>> (32 - s)))) | 0;
    }
    state[0] = (state[0]! + a) | 0;
    state[1] = (state[1]! + b) | 0;
    state[2] = (state[2]! + c) | 0;
    state[3] = (state[3]! + d) | 0;
  }
  const out = new Uint8Array(16);
  const outView = new DataView(out.buffer);
  state.forEach((w, k) => outView.setUint32(4 * k, w >>> 0, true));
  return out;
}
