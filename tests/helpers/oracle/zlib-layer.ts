/**
 * zlib streams (RFC 1950) inside a compound file's stream, inflated for the leak oracle: legacy
 * Office keeps a compressed EMF, WMF or PICT picture ([MS-ODRAW] 2.2.31) and a compressed OLE
 * object ([MS-PPT] 2.10.34) that way, so a canary in them shows in no raw byte. Every offset
 * where a valid zlib header starts is tried with Node's zlib, which knows nothing of the
 * records around it; only a stream that reaches its end and its checksum is kept.
 */
import { inflateSync } from 'node:zlib';

export interface ZlibPart {
  readonly at: number;
  readonly data: Uint8Array;
}

/** RFC 1950 2.2: CMF 0x78 (deflate, 32K window), FCHECK, and no preset dictionary. */
const CMF = 0x78;
const FCHECK_DIVISOR = 31;
const FDICT = 0x20;
/** Bounds for hostile or noisy streams: headers tried, and bytes one stream may make. */
const MAX_TRIED = 4096;
const MAX_OUTPUT_BYTES = 64 * 1024 * 1024;

export function zlibParts(bytes: Uint8Array): ZlibPart[] {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const found: ZlibPart[] = [];
  let tried = 0;
  for (
    let at = b.indexOf(CMF);
    at >= 0 && at + 1 < b.length && tried < MAX_TRIED;
    at = b.indexOf(CMF, at + 1)
  ) {
    const flg = b[at + 1]!;
    if ((CMF * 256 + flg) % FCHECK_DIVISOR !== 0 || flg & FDICT) continue;
    tried++;
    try {
      const data = inflateSync(b.subarray(at), {
        maxOutputLength: MAX_OUTPUT_BYTES,
      });
      if (data.length > 0) found.push({ at, data });
    } catch {
      // Not a stream that starts here, or one that does not end.
    }
  }
  return found;
}
