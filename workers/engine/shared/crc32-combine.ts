/**
 * CRC-32 arithmetic over lengths, without the bytes. A CRC-32 (reflected, polynomial 0xEDB88320,
 * pre- and post-inverted) is linear over GF(2): for byte strings A and B,
 * crc(A + B) = crc(A) * x^(8 * |B|) mod P  xor  crc(B).
 * So the CRC of B follows from crc(A + B) and crc(A), and crc(A' + B) from crc(A') and crc(B),
 * however long B is, in a few hundred steps: a member's tail never has to be read for its CRC.
 */

/** The CRC-32 polynomial, reflected (bit 31 holds x^0). */
const POLY = 0xedb88320;
/** x^0 in the reflected representation. */
const X0 = 0x80000000;
/** x^1 in the reflected representation. */
const X1 = 0x40000000;
/** Bits in a byte: a byte of length shifts a CRC by x^8. */
const BYTE_BITS = 8;

/** a * b mod P, both reflected polynomials of degree below 32. */
function multModP(a: number, b: number): number {
  let product = 0;
  let m = X0;
  let bb = b >>> 0;
  for (let i = 0; i < 32; i++, m >>>= 1) {
    if (a & m) product ^= bb;
    bb = bb & 1 ? (bb >>> 1) ^ POLY : bb >>> 1;
  }
  return product >>> 0;
}

/** POWERS[k] = x^(2^k) mod P, for k = 0..63 (enough for any length below 2^61 bytes). */
const POWERS = (() => {
  const table = new Uint32Array(64);
  let p = X1;
  for (let k = 0; k < table.length; k++) {
    table[k] = p;
    p = multModP(p, p);
  }
  return table;
})();

/** x^(8 * length) mod P: what a CRC is multiplied by when `length` bytes follow it. */
function shiftFactor(length: number): number {
  let factor = X0;
  let bits = length * BYTE_BITS;
  for (let k = 0; bits > 0; k++, bits = Math.floor(bits / 2))
    if (bits % 2) factor = multModP(POWERS[k]!, factor);
  return factor;
}

/** crc(A + B) from crc(A), crc(B) and the length of B. */
export function crc32Combine(
  crcA: number,
  crcB: number,
  lengthB: number,
): number {
  return (multModP(shiftFactor(lengthB), crcA) ^ crcB) >>> 0;
}

/** crc(B) from crc(A + B), crc(A) and the length of B: the combine undone (xor is its own inverse). */
export function crc32OfTail(
  crcWhole: number,
  crcHead: number,
  lengthTail: number,
): number {
  return crc32Combine(crcHead, crcWhole, lengthTail);
}
