/**
 * SHA-256 (FIPS 180-4, 6.2) in JavaScript, for the undo journal's checksum: a journal holds the
 * few hundred bytes an in-place clean patches, and hashing them here takes a fraction of a
 * millisecond where loading node:crypto took several at every --in-place run. A large journal
 * (`JS_HASH_MAX_BYTES` and up) is hashed by node:crypto, which is faster once loaded.
 */

/** The first 32 bits of the fractional parts of the cube roots of the first 64 primes (4.2.2). */
const K = Uint32Array.from([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1,
  0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
  0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147,
  0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
  0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
  0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

/** The initial hash value: the square roots of the first 8 primes (5.3.3). */
const INITIAL = [
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c,
  0x1f83d9ab, 0x5be0cd19,
];

const BLOCK_BYTES = 64;
const SCHEDULE_WORDS = 64;
const LENGTH_BYTES = 8;
const PAD_MARKER = 0x80;
const DIGEST_BYTES = 32;
/** From this size on, node:crypto hashes faster than this code, its loading included. */
export const JS_HASH_MAX_BYTES = 64 * 1024;

const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));

/** The message padded to whole blocks, its bit length last, big-endian (5.1.1). */
function padded(data: Uint8Array): Uint8Array {
  const total =
    Math.ceil((data.length + 1 + LENGTH_BYTES) / BLOCK_BYTES) * BLOCK_BYTES;
  const out = new Uint8Array(total);
  out.set(data);
  out[data.length] = PAD_MARKER;
  const view = new DataView(out.buffer);
  const bits = data.length * 8;
  view.setUint32(total - 8, Math.floor(bits / 2 ** 32));
  view.setUint32(total - 4, bits >>> 0);
  return out;
}

/** SHA-256 of `data` in JavaScript (6.2.2). */
export function sha256Js(data: Uint8Array): Uint8Array {
  const message = padded(data);
  const view = new DataView(message.buffer);
  const h = Uint32Array.from(INITIAL);
  const w = new Uint32Array(SCHEDULE_WORDS);
  for (let block = 0; block < message.length; block += BLOCK_BYTES) {
    for (let t = 0; t < 16; t++) w[t] = view.getUint32(block + t * 4);
    for (let t = 16; t < SCHEDULE_WORDS; t++) {
      const s0 =
        rotr(w[t - 15]!, 7) ^ rotr(w[t - 15]!, 18) ^ (w[t - 15]! >>> 3);
      const s1 = rotr(w[t - 2]!, 17) ^ rotr(w[t - 2]!, 19) ^ (w[t - 2]! >>> 10);
      w[t] = w[t - 16]! + s0 + w[t - 7]! + s1;
    }
    let [a, b, c, d, e, f, g, hh] = [
      h[0]!,
      h[1]!,
      h[2]!,
      h[3]!,
      h[4]!,
      h[5]!,
      h[6]!,
      h[7]!,
    ];
    for (let t = 0; t < SCHEDULE_WORDS; t++) {
      const s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
      const ch = (e & f) ^ (~e & g);
      const t1 = (hh + s1 + ch + K[t]! + w[t]!) | 0;
      const s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
      const maj = (a & b) ^ (a & c) ^ (b & c);
      const t2 = (s0 + maj) | 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    // A Uint32Array keeps each sum modulo 2^32 (5.3.3's addition).
    h[0] = h[0]! + a;
    h[1] = h[1]! + b;
    h[2] = h[2]! + c;
    h[3] = h[3]! + d;
    h[4] = h[4]! + e;
    h[5] = h[5]! + f;
    h[6] = h[6]! + g;
    h[7] = h[7]! + hh;
  }
  const digest = new Uint8Array(DIGEST_BYTES);
  const out = new DataView(digest.buffer);
  h.forEach((word, i) => out.setUint32(i * 4, word));
  return digest;
}
