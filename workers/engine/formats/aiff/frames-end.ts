/**
 * Where an AIFF's sample frames end in its Sound Data chunk (AIFF 1.3, Common and Sound Data
 * chunks): numSampleFrames frames of numChannels samples of ceil(sampleSize / 8) bytes each, from
 * where the chunk's offset puts the first. Past them the chunk holds no samples. One rule for the
 * clean (sound-data.ts) and the content hash (content-hash/aiff-samples.ts).
 */
import { u16be, u32be } from '../../bytes';

/** numChannels (2), numSampleFrames (4), sampleSize (2): the Common chunk's first bytes. */
export const COMM_FRAME_BYTES = 8;
const BITS_PER_BYTE = 8;

/**
 * The end of the frames that start at `start`, never past `chunkEnd`; `comm` is the Common
 * chunk's first COMM_FRAME_BYTES, or null when the form is AIFF-C (whose frames may be
 * compressed) or has no Common chunk: then the frames run to the chunk's end.
 */
export function framesEnd(
  comm: Uint8Array | null,
  start: number,
  chunkEnd: number,
): number {
  if (!comm) return chunkEnd;
  const frameBytes = u16be(comm, 0) * Math.ceil(u16be(comm, 6) / BITS_PER_BYTE);
  return Math.min(chunkEnd, start + u32be(comm, 2) * frameBytes);
}
