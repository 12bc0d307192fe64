/**
 * Adler-32 (RFC 1950 section 8.2), the checksum a zlib stream ends with: two sums modulo 65521,
 * the second of the running first. The sums are reduced every `NMAX` bytes, the most that keeps
 * them under 2^32 before the reduction (as zlib itself does).
 */
const MOD = 65521;
const NMAX = 5552;

export function adler32(bytes: Uint8Array): number {
  let a = 1;
  let b = 0;
  for (let at = 0; at < bytes.length;) {
    const end = Math.min(at + NMAX, bytes.length);
    for (; at < end; at++) {
      a += bytes[at]!;
      b += a;
    }
    a %= MOD;
    b %= MOD;
  }
  return ((b << 16) | a) >>> 0;
}
