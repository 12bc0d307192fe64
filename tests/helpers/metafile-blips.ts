/**
 * The metafile blips of a compound file's stream ([MS-ODRAW] 2.2.24-2.2.26, 2.2.31), read
 * without the engine: every record header of an EMF, WMF or PICT blip type with its type's
 * instance, its OfficeArtMetafileHeader, and its data inflated by Node's zlib when compressed.
 * The tests check a cleaned blip with it: its record's length unchanged, cbSave its stream's
 * length, and the stream still inflating to cbSize bytes.
 */
import { inflateSync } from 'node:zlib';

export interface MetafileBlipRead {
  readonly at: number;
  readonly type: number;
  readonly length: number;
  readonly cbSize: number;
  readonly cbSave: number;
  readonly compression: number;
  /** The cbSave bytes after the header. */
  readonly saved: Buffer;
  /** Those bytes inflated (compression 0x00), or as they are; null when they do not inflate. */
  readonly metafile: Buffer | null;
  /** Whether every byte of the record after the saved data is zero. */
  readonly zeroPadded: boolean;
}

/** Each metafile blip type and its recInstance with one UID (one more: two UIDs). */
const INSTANCES = new Map([
  [0xf01a, 0x3d4],
  [0xf01b, 0x216],
  [0xf01c, 0x542],
]);
const UID_BYTES = 16;
const HEADER_BYTES = 34;

function inflated(saved: Buffer): Buffer | null {
  try {
    return inflateSync(saved);
  } catch {
    return null;
  }
}

export function metafileBlipsIn(stream: Uint8Array): MetafileBlipRead[] {
  const b = Buffer.from(stream.buffer, stream.byteOffset, stream.byteLength);
  const found: MetafileBlipRead[] = [];
  for (let at = 0; at + 8 <= b.length; at++) {
    const type = b.readUInt16LE(at + 2);
    const instance = b.readUInt16LE(at) >> 4;
    if (INSTANCES.get(type) !== (instance & ~1)) continue;
    const length = b.readUInt32LE(at + 4);
    const header = at + 8 + UID_BYTES * (1 + (instance & 1));
    const end = at + 8 + length;
    if (end > b.length || header + HEADER_BYTES > end) continue;
    const cbSave = b.readUInt32LE(header + 28);
    const compression = b[header + 32]!;
    const start = header + HEADER_BYTES;
    const saved = b.subarray(start, Math.min(end, start + cbSave));
    found.push({
      at,
      type,
      length,
      cbSize: b.readUInt32LE(header),
      cbSave,
      compression,
      saved,
      metafile: compression === 0 ? inflated(saved) : saved,
      zeroPadded: b.subarray(start + cbSave, end).every((x) => x === 0),
    });
  }
  return found;
}
