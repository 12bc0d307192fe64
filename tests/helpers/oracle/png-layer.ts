/**
 * PNG chunks whose text is compressed, inflated for the leak oracle (PNG specification, 11.3.4):
 * zTXt (keyword, NUL, method, deflated text), iTXt when its compression flag is set, and iCCP
 * (its profile, which carries a description and a copyright).
 */
import { constants, inflateSync } from 'node:zlib';

export interface PngPart {
  readonly label: string;
  readonly data: Uint8Array;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const CHUNK_OVERHEAD = 12;

function inflate(data: Uint8Array): Uint8Array | undefined {
  try {
    return inflateSync(data, { finishFlush: constants.Z_SYNC_FLUSH });
  } catch {
    return undefined;
  }
}

/** Where the compressed data of a chunk starts, or -1 when the chunk holds none. */
function compressedStart(type: string, body: Buffer): number {
  const nul = body.indexOf(0);
  if (nul < 0) return -1;
  if (type === 'zTXt' || type === 'iCCP') return nul + 2;
  if (type !== 'iTXt' || body[nul + 1] !== 1) return -1;
  const langEnd = body.indexOf(0, nul + 3);
  const transEnd = langEnd < 0 ? -1 : body.indexOf(0, langEnd + 1);
  return transEnd < 0 ? -1 : transEnd + 1;
}

export function looksLikePng(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    .subarray(0, 8)
    .equals(SIGNATURE);
}

/** The inflated payload of every compressed text or profile chunk. */
export function pngParts(bytes: Uint8Array): PngPart[] {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const parts: PngPart[] = [];
  let at = SIGNATURE.length;
  while (at + CHUNK_OVERHEAD <= buffer.length) {
    const length = buffer.readUInt32BE(at);
    const type = buffer.toString('latin1', at + 4, at + 8);
    const body = buffer.subarray(
      at + 8,
      Math.min(buffer.length, at + 8 + length),
    );
    const start = compressedStart(type, body);
    const data = start >= 0 ? inflate(body.subarray(start)) : undefined;
    if (data) parts.push({ label: `png ${type}`, data });
    at += CHUNK_OVERHEAD + length;
  }
  return parts;
}
