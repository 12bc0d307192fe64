/** The AIFF `COMT` chunk (AIFF 1.3 section "Comments Chunk"): timestamped text comments. */
import { decodeText, u16be } from '../../bytes';
import { finding, type Finding } from '../../findings';

const COUNT_BYTES = 2;
/** timeStamp (4), marker id (2), text length (2). */
const COMMENT_HEADER_BYTES = 8;
const LENGTH_AT = 6;
/** Seconds from 1904-01-01 (the Macintosh epoch) to 1970-01-01. */
const MAC_EPOCH_OFFSET_S = 2_082_844_800;
const MS = 1000;

export function commentFindings(b: Uint8Array, location: string): Finding[] {
  const where = `${location}/COMT`;
  const count = b.length >= COUNT_BYTES ? u16be(b, 0) : 0;
  const found: Finding[] = [];
  let at = COUNT_BYTES;
  for (let i = 0; i < count && at + COMMENT_HEADER_BYTES <= b.length; i++) {
    const seconds = new DataView(b.buffer, b.byteOffset + at).getUint32(0);
    const length = u16be(b, at + LENGTH_AT);
    const start = at + COMMENT_HEADER_BYTES;
    const text = decodeText(
      b.subarray(start, Math.min(b.length, start + length)),
    );
    found.push(finding('content.comment', 'COMT', where, text || undefined));
    if (seconds > 0) {
      const date = new Date((seconds - MAC_EPOCH_OFFSET_S) * MS)
        .toISOString()
        .replace('.000', '');
      found.push(finding('time.created', 'COMT timeStamp', where, date));
    }
    at = start + length + (length % 2);
  }
  return found.length > 0 ? found : [finding('content.comment', 'COMT', where)];
}
