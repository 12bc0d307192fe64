/**
 * A tiny EBML reader for the tests, independent of the engine's: checks each level-1 CRC-32
 * element against Node's zlib CRC-32.
 */
import { crc32 } from 'node:zlib';

const SEGMENT = 0x18538067;
const CRC_32 = 0xbf;
const CLUSTER = 0x1f43b675;

function vint(bytes: Uint8Array, at: number, keepMarker: boolean) {
  const first = bytes[at]!;
  const length = Math.clz32(first) - 23;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + bytes[at + i]!;
    allOnes &&= bytes[at + i] === 0xff;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

function header(bytes: Uint8Array, at: number) {
  const id = vint(bytes, at, true);
  const size = vint(bytes, at + id.length, false);
  const data = at + id.length + size.length;
  return { id: id.value, data, end: size.unknown ? -1 : data + size.value };
}

/** An element read by `ebmlChildren`: its id, where it starts, where its data starts and ends. */
export interface EbmlNode {
  readonly id: number;
  readonly at: number;
  readonly data: number;
  readonly end: number;
}

/** The elements lying one after another in `bytes` from `start` to `end` (sizes known). */
export function ebmlChildren(
  bytes: Uint8Array,
  start: number,
  end: number,
): EbmlNode[] {
  const out: EbmlNode[] = [];
  for (let at = start; at < end;) {
    const node = header(bytes, at);
    if (node.end < 0) throw new Error(`element of unknown size at ${at}`);
    out.push({ ...node, at });
    at = node.end;
  }
  return out;
}

/** Number of level-1 CRC-32 elements checked; throws on the first mismatch. */
export function verifyLevel1Crcs(bytes: Uint8Array): number {
  let checked = 0;
  let at = 0;
  while (at < bytes.length) {
    const top = header(bytes, at);
    if (top.id !== SEGMENT) {
      at = top.end;
      continue;
    }
    const segmentEnd = top.end < 0 ? bytes.length : top.end;
    for (let child = top.data; child < segmentEnd;) {
      const level1 = header(bytes, child);
      if (level1.end < 0) break;
      const first = header(bytes, level1.data);
      if (level1.id !== CLUSTER && first.id === CRC_32) {
        const stored = Buffer.from(
          bytes.subarray(first.data, first.end),
        ).readUInt32LE(0);
        const actual = crc32(bytes.subarray(first.end, level1.end));
        if (stored !== actual)
          throw new Error(`bad CRC-32 in element at ${child}`);
        checked++;
      }
      child = level1.end;
    }
    at = segmentEnd;
  }
  return checked;
}

/**
 * Rewrites every Cluster's size as "unknown" (all value bits set, same field length), as a live
 * recorder such as the browser's MediaRecorder writes them. Returns how many clusters changed.
 */
export function makeClustersUnknownSize(bytes: Uint8Array): number {
  let changed = 0;
  for (let at = 0; at < bytes.length;) {
    const top = header(bytes, at);
    if (top.id !== SEGMENT) {
      at = top.end;
      continue;
    }
    const segmentEnd = top.end < 0 ? bytes.length : top.end;
    for (let child = top.data; child < segmentEnd;) {
      const level1 = header(bytes, child);
      if (level1.id === CLUSTER) {
        const sizeAt = child + 4;
        const length = Math.clz32(bytes[sizeAt]!) - 23;
        bytes[sizeAt] = 0xff >> (length - 1);
        bytes.fill(0xff, sizeAt + 1, sizeAt + length);
        changed++;
      }
      child = level1.end;
    }
    at = segmentEnd;
  }
  return changed;
}

/** An EBML element with an 8-byte size field, for building hostile inputs by hand. */
export function element(idHex: string, ...children: Uint8Array[]): Uint8Array {
  const id = Buffer.from(idHex, 'hex');
  const payload = Buffer.concat(children);
  const size = Buffer.alloc(8);
  size.writeBigUInt64BE(BigInt(payload.length) | (1n << 56n));
  return new Uint8Array(Buffer.concat([id, size, payload]));
}

/** An EBML header announcing `docType`. */
export function ebmlHeader(docType = 'matroska'): Uint8Array {
  return element(
    '1a45dfa3',
    element('4282', new Uint8Array(Buffer.from(docType))),
  );
}
