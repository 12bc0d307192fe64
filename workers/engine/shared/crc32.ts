import { hostCodecs } from './host-codecs';

/**
 * CRC-32 (ISO 3309 / IEEE 802.3, reflected, polynomial 0xEDB88320): zip stores it for every member,
 * PNG for every chunk, EBML in its CRC-32 element.
 * Slicing-by-8: eight tables let the loop take eight bytes per step, which matters for members
 * of many megabytes.
 */
const TABLES = (() => {
  const t = new Int32Array(256 * 8);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c;
  }
  for (let n = 0; n < 256; n++) {
    let c = t[n]!;
    for (let k = 1; k < 8; k++) {
      c = t[c & 0xff]! ^ (c >>> 8);
      t[k * 256 + n] = c;
    }
  }
  return t;
})();

/** Continues a CRC-32 over more bytes; start with `crc32(bytes)` or `crc32(bytes, 0)`. */
export function crc32(bytes: Uint8Array, previous = 0): number {
  const native = hostCodecs().crc32;
  return native ? native(bytes, previous) : crc32Js(bytes, previous);
}

/** The engine's own CRC-32, used when the host lends none (the browser). */
export function crc32Js(bytes: Uint8Array, previous = 0): number {
  const t = TABLES;
  let c = ~previous;
  let i = 0;
  const fast = bytes.length - (bytes.length % 8);
  for (; i < fast; i += 8) {
    const lo =
      c ^
      (bytes[i]! |
        (bytes[i + 1]! << 8) |
        (bytes[i + 2]! << 16) |
        (bytes[i + 3]! << 24));
    c =
      t[1792 + (lo & 0xff)]! ^
      t[1536 + ((lo >>> 8) & 0xff)]! ^
      t[1280 + ((lo >>> 16) & 0xff)]! ^
      t[1024 + (lo >>> 24)]! ^
      t[768 + bytes[i + 4]!]! ^
      t[512 + bytes[i + 5]!]! ^
      t[256 + bytes[i + 6]!]! ^
      t[bytes[i + 7]!]!;
  }
  for (; i < bytes.length; i++) c = t[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return ~c >>> 0;
}
