/**
 * AIFF markers (AIFF 1.3 "Marker Chunk"): positions a sampler's loops point at, each with a
 * Pascal-string name. The chunk stays; non-empty names are listed as kept for playback.
 */
import { decodeLatin1, u16be } from '../../bytes';
import { finding, type Finding } from '../../findings';

const COUNT_BYTES = 2;
/** Marker id (2) and position (4) before the name. */
const MARKER_FIXED_BYTES = 6;

export function markerFindings(b: Uint8Array, location: string): Finding[] {
  const where = `${location}/MARK`;
  const count = b.length >= COUNT_BYTES ? u16be(b, 0) : 0;
  const found: Finding[] = [];
  let at = COUNT_BYTES;
  for (let i = 0; i < count && at + MARKER_FIXED_BYTES < b.length; i++) {
    const nameAt = at + MARKER_FIXED_BYTES;
    const length = b[nameAt]!;
    const name = decodeLatin1(b.subarray(nameAt + 1, nameAt + 1 + length));
    if (name)
      found.push(finding('media.playback', 'MARK', where, name, 'playback'));
    // A Pascal string's count byte and text together take an even number of bytes.
    at = nameAt + 1 + length + ((1 + length) % 2);
  }
  return found;
}
