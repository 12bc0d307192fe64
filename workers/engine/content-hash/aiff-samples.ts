/**
 * An AIFF's sample frames (AIFF 1.3, Sound Data Chunk): from the offset `SSND` names past its
 * 8-byte head; in an AIFF (not AIFF-C, whose frames may be compressed), only as many frames as
 * the Common chunk counts (formats/aiff/frames-end.ts). The bytes around them are no samples,
 * and a clean may cut them.
 */
import type { ByteReader } from '../byte-source';
import { u32be } from '../bytes';
import type { ByteRange } from '../engine-types';
import { COMM_FRAME_BYTES, framesEnd } from '../formats/aiff/frames-end';
import { chunks, formEnd } from './riff-chunks';

const FORM_HEADER_BYTES = 12;
const FORM_TYPE_AT = 8;
const SSND_HEAD_BYTES = 8;

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
  const frames =
    isAiff && comm && comm.end - comm.start >= COMM_FRAME_BYTES
      ? await src.readExact(comm.start, COMM_FRAME_BYTES)
      : null;
  const ranges: ByteRange[] = [];
  for (const c of all) {
    if (c.id !== 'SSND' || c.end - c.start < SSND_HEAD_BYTES) continue;
    const offset = u32be(await src.readExact(c.start, 4), 0);
    const start = Math.min(c.end, c.start + SSND_HEAD_BYTES + offset);
    ranges.push({ start, end: framesEnd(frames, start, c.end) });
  }
  return ranges;
}
