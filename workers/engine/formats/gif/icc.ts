/**
 * The ICC profile a GIF carries in an `ICCRGBG1012` application extension (ICC.1:2010 B.6): the
 * profile's bytes are the data sub-blocks after the identifier's. Its words are zeroed as in
 * every photo (metadata/icc-text.ts), each sub-block at its own place and length, so the
 * extension is rewritten at the same size.
 */
import type { Finding } from '../../findings';
import { scrubIccPieces } from '../../metadata/icc-text';

/** Where a sub-block's data lies in the extension's bytes. */
interface Piece {
  readonly at: number;
  readonly size: number;
}

/** The data sub-blocks after the first (the application identifier) of an extension's bytes. */
function profilePieces(block: Uint8Array, dataStart: number): Piece[] {
  const pieces: Piece[] = [];
  let at = dataStart + 1 + block[dataStart]!;
  for (let size = block[at]; size; size = block[at]) {
    pieces.push({ at: at + 1, size });
    at += 1 + size;
  }
  return pieces;
}

/**
 * The extension (`block`, its bytes from its introducer; `dataStart`, its first sub-block's size
 * byte in them) with its profile's words zeroed, or null when it has none; and what they said.
 */
export function scrubGifIcc(
  block: Uint8Array,
  dataStart: number,
  where: string,
): { bytes: Uint8Array | null; findings: Finding[] } {
  const pieces = profilePieces(block, dataStart);
  const scrubbed = scrubIccPieces(
    pieces.map((p) => block.subarray(p.at, p.at + p.size)),
    where,
  );
  if (!scrubbed.pieces) return { bytes: null, findings: scrubbed.findings };
  const bytes = block.slice();
  scrubbed.pieces.forEach((piece, i) => bytes.set(piece, pieces[i]!.at));
  return { bytes, findings: scrubbed.findings };
}
