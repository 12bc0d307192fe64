/**
 * The test's own JPEG segment walk, independent of the engine's: the entropy-coded data of every
 * scan (what follows each SOS segment up to the next marker that is neither a stuffed zero nor a
 * restart marker, ITU T.81 B.1.1.5 and F.1.2.3), joined in file order.
 */
const MARKER = 0xff;
const EOI = 0xd9;
const SOS = 0xda;
const RST0 = 0xd0;
const RST7 = 0xd7;

const endsScan = (bytes: Uint8Array, at: number): boolean => {
  const next = bytes[at + 1]!;
  return bytes[at] === MARKER && next !== 0 && !(next >= RST0 && next <= RST7);
};

export function jpegScanBytes(bytes: Uint8Array): Uint8Array {
  const scans: Uint8Array[] = [];
  let at = 2;
  while (at + 4 <= bytes.length) {
    while (bytes[at + 1] === MARKER) at++;
    const marker = bytes[at + 1]!;
    if (marker === EOI) break;
    at += 2 + ((bytes[at + 2]! << 8) | bytes[at + 3]!);
    if (marker !== SOS) continue;
    let end = at;
    while (end + 1 < bytes.length && !endsScan(bytes, end)) end++;
    scans.push(bytes.subarray(at, end));
    at = end;
  }
  if (scans.length === 0) throw new Error('no JPEG scan found');
  return Buffer.concat(scans);
}
