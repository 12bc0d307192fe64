/**
 * An AIFF's sample frames (AIFF 1.3, Sound Data Chunk): from the offset `SSND` names past its
 * 8-byte head; in an AIFF (not AIFF-C, whose frames may be compressed), only as many frames as
 * the Common chunk counts. The bytes around them are no samples, and a clean may cut them.
 */
import type { ByteReader } from '../byte-source';
import { u16be, u32be } from '../bytes';
import type { ByteRange } from '../engine-types';
import { chunks, formEnd } from './riff-chunks';

const FORM_HEADER_BYTES = 12;
const FORM_TYPE_AT = 8;
const SSND_HEAD_BYTES = 8;
/** numChannels (2), numSampleFrames (4), sampleSize (2). */
const COMM_FRAME_BYTES = 8;
const BITS_PER_BYTE = 8;

export async function aiffSampleRanges(src: ByteReader): Promise<ByteRange[]> {
  const form = await src.readExact(0, FORM_HEADER_BYTES);
  const isAiff = String.fromCharCode(...form.subarray(FORM_TYPE_AT)) === 'AIFF';
  const all = await chunks(
    src,
    FORM_HEADER_BYTES,
    await formEnd(src, 0, 'be'),
    'be',
  );
  const comm = all.find((c) => c.id === 'COMM');
  let frameBytes: number | null = null;
  if (isAiff && comm && comm.end - comm.start >= COMM_FRAME_BYTES) {
    const b = await src.readExact(comm.start, COMM_FRAME_BYTES);
    frameBytes =
      u32be(b, 2) * u16be(b, 0) * Math.ceil(u16be(b, 6) / BITS_PER_BYTE);
  }
  const ranges: ByteRange[] = [];
  for (const c of all) {
    if (c.id !== 'SSND' || c.end - c.start < SSND_HEAD_BYTES) continue;
    const offset = u32be(await src.readExact(c.start, 4), 0);
    const start = Math.min(c.end, c.start + SSND_HEAD_BYTES + offset);
    const end =
      frameBytes === null ? c.end : Math.min(c.end, start + frameBytes);
    ranges.push({ start, end });
  }
  return ranges;
}
