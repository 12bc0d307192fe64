/**
 * A tiny PNG chunk writer and reader for tests, independent of the engine's parser: builds
 * private, text, time and EXIF chunks with valid CRCs, and lists the chunks of an output.
 */
import { execFileSync } from 'node:child_process';
import { crc32, deflateSync } from 'node:zlib';

const SIGNATURE_BYTES = 8;

export function pngChunk(type: string, data: Uint8Array | string): Uint8Array {
  const body = Buffer.concat([
    Buffer.from(type, 'latin1'),
    typeof data === 'string' ? Buffer.from(data, 'latin1') : Buffer.from(data),
  ]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(body.length - 4, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return new Uint8Array(out);
}

export function tEXt(keyword: string, text: string): Uint8Array {
  return pngChunk('tEXt', `${keyword}\0${text}`);
}

export function zTXt(keyword: string, text: string): Uint8Array {
  const compressed = deflateSync(Buffer.from(text, 'latin1'));
  return pngChunk(
    'zTXt',
    Buffer.concat([Buffer.from(`${keyword}\0\0`, 'latin1'), compressed]),
  );
}

export function iTXt(keyword: string, text: string): Uint8Array {
  return pngChunk(
    'iTXt',
    Buffer.concat([
      Buffer.from(`${keyword}\0\0\0en\0${keyword}\0`, 'latin1'),
      Buffer.from(text, 'utf8'),
    ]),
  );
}

export interface ListedChunk {
  readonly type: string;
  readonly data: Uint8Array;
}

/** Every chunk of a PNG, in order. */
export function listChunks(png: Uint8Array): ListedChunk[] {
  const buf = Buffer.from(png);
  const chunks: ListedChunk[] = [];
  for (let at = SIGNATURE_BYTES; at + 8 <= buf.length;) {
    const length = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    chunks.push({ type, data: png.subarray(at + 8, at + 8 + length) });
    at += length + 12;
    if (type === 'IEND') break;
  }
  return chunks;
}

/** `png` with `chunks` inserted right after IHDR. */
export function insertAfterIhdr(
  png: Uint8Array,
  chunks: readonly Uint8Array[],
): Uint8Array {
  const ihdrEnd = SIGNATURE_BYTES + 25;
  return Buffer.concat([
    png.subarray(0, ihdrEnd),
    ...chunks,
    png.subarray(ihdrEnd),
  ]);
}

/** `png` with `chunks` inserted right before IEND. */
export function insertBeforeIend(
  png: Uint8Array,
  chunks: readonly Uint8Array[],
): Uint8Array {
  const iendStart = png.length - 12;
  return Buffer.concat([
    png.subarray(0, iendStart),
    ...chunks,
    png.subarray(iendStart),
  ]);
}

/** Decoded RGBA pixels of every frame, hashed by ImageMagick: equal hashes mean equal pixels. */
export function pixelHash(path: string): string {
  return execFileSync('identify', ['-format', '%#\n', path], {
    encoding: 'utf8',
  });
}
