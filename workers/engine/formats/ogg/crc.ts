/**
 * The Ogg page checksum (RFC 3533 section 6): CRC-32 with polynomial 0x04c11db7, initial value 0,
 * no reflection and no final XOR, over the whole page with the checksum field set to zero.
 */
const POLYNOMIAL = 0x04c11db7;
const TOP_BIT = 0x80000000;

const TABLE = (() => {
  const table = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let r = i << 24;
    for (let bit = 0; bit < 8; bit++)
      r = r & TOP_BIT ? (r << 1) ^ POLYNOMIAL : r << 1;
    table[i] = r >>> 0;
  }
  return table;
})();

export function oggCrc(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes)
    crc = ((crc << 8) ^ TABLE[((crc >>> 24) ^ byte) & 0xff]!) >>> 0;
  return crc;
}
