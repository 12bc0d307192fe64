/**
 * The audio and video of an FLV file: the data of every audio and video tag (FLV 10.1, E.4.1),
 * found by a walk of the tags of its own. Script data tags (`onMetaData`) are not counted: they
 * are the metadata the cleaner edits.
 */
import type { ByteReader } from '../byte-source';
import { u24be, u32be } from '../bytes';
import type { ByteRange } from '../engine-types';
import { corrupt } from '../errors';
import { MAX_ENTRIES } from '../limits';
import { WindowedReader } from '../windowed-reader';

/** The FLV header's DataOffset field, then the PreviousTagSize0 after the header (E.2, E.3). */
const SIGNATURE = 'FLV';
const HEADER_MIN_BYTES = 9;
const DATA_OFFSET_AT = 5;
const PREVIOUS_TAG_SIZE_BYTES = 4;
/** TagType (5 bits after Reserved and Filter), DataSize, Timestamp(Extended), StreamID (E.4.1). */
const TAG_HEADER_BYTES = 11;
const TAG_TYPE_MASK = 0x1f;
const DATA_SIZE_AT = 1;
const AUDIO_TAG = 8;
const VIDEO_TAG = 9;

/** The data of every audio and video tag, in file order. */
export async function flvTagRanges(input: ByteReader): Promise<ByteRange[]> {
  const src = WindowedReader.over(input);
  const head = await src.readExact(0, HEADER_MIN_BYTES);
  if (String.fromCharCode(...head.subarray(0, 3)) !== SIGNATURE)
    throw corrupt('no FLV signature');
  const ranges: ByteRange[] = [];
  let at = u32be(head, DATA_OFFSET_AT) + PREVIOUS_TAG_SIZE_BYTES;
  for (let n = 0; n < MAX_ENTRIES; n++) {
    if (at + TAG_HEADER_BYTES > src.size) return ranges;
    const tag = await src.readExact(at, TAG_HEADER_BYTES);
    const start = at + TAG_HEADER_BYTES;
    const end = start + u24be(tag, DATA_SIZE_AT);
    if (end > src.size) throw corrupt(`FLV tag at ${at} runs past the file`);
    const type = tag[0]! & TAG_TYPE_MASK;
    if (type === AUDIO_TAG || type === VIDEO_TAG) ranges.push({ start, end });
    at = end + PREVIOUS_TAG_SIZE_BYTES;
  }
  throw corrupt('too many FLV tags');
}
