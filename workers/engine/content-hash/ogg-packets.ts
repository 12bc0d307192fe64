/**
 * The packets of an Ogg Vorbis or Opus file, read from its pages (RFC 3533, 6) by a walk of its
 * own, without the comment header: the second packet of each logical stream (Vorbis I, 4.2;
 * RFC 7845, 5.2), the one the cleaner empties. The identification header's layout, the setup
 * header and every audio packet are counted; page headers, which the cleaner rebuilds, are not.
 */
import type { ByteReader } from '../byte-source';
import { u32le } from '../bytes';
import type { ByteRange } from '../engine-types';
import { corrupt, EngineError } from '../errors';
import { MAX_ENTRIES } from '../limits';
import { WindowedReader } from '../windowed-reader';

const CAPTURE = 'OggS';
/** The page header up to its segment count, then the lacing values (RFC 3533, 6). */
const SERIAL_AT = 14;
const SEGMENT_COUNT_AT = 26;
const PAGE_HEADER_BYTES = 27;
/** A lacing value below 255 ends a packet (RFC 3533, 5). */
const MAX_LACE = 255;
const COMMENT_PACKET = 1;
/** What the first packet of a stream the cleaner reads opens with. */
const IDENTIFICATIONS = ['\x01vorbis', 'OpusHead'];
const ID_PROBE_BYTES = 8;

interface Stream {
  /** Packets finished so far: the index of the packet the next segment belongs to. */
  packets: number;
  /** Bytes of the identification header's layout not yet counted. */
  idLeft: number;
}

const ID_PACKET = 0;
/**
 * The identification header's layout (Vorbis I 4.2.2: 30 bytes; RFC 7845 5.1: 19 bytes, or 21
 * and one per channel with a channel mapping table): what a decoder reads, and all that is
 * counted of it, since a cleaner may cut what a writer left after it.
 */
const VORBIS_ID_BYTES = 30;
const OPUS_ID_BYTES = 19;
const OPUS_CHANNELS_AT = 9;
const OPUS_FAMILY_AT = 18;
const OPUS_MAPPING_HEAD_BYTES = 2;

async function idLayout(src: WindowedReader, at: number): Promise<number> {
  const id = await src.read(at, OPUS_ID_BYTES);
  if (text(id.subarray(0, ID_PROBE_BYTES)) !== 'OpusHead')
    return VORBIS_ID_BYTES;
  if (id.length < OPUS_ID_BYTES || id[OPUS_FAMILY_AT] === 0)
    return OPUS_ID_BYTES;
  return OPUS_ID_BYTES + OPUS_MAPPING_HEAD_BYTES + id[OPUS_CHANNELS_AT]!;
}

const text = (b: Uint8Array): string => String.fromCharCode(...b);

function pushRange(ranges: ByteRange[], start: number, end: number): void {
  if (end <= start) return;
  const last = ranges.at(-1);
  if (last && last.end === start)
    ranges[ranges.length - 1] = { start: last.start, end };
  else ranges.push({ start, end });
}

/** Every packet byte but the comment headers', in file order. */
export async function oggPacketRanges(input: ByteReader): Promise<ByteRange[]> {
  const src = WindowedReader.over(input);
  const streams = new Map<number, Stream>();
  const ranges: ByteRange[] = [];
  let at = 0;
  for (let n = 0; n < MAX_ENTRIES; n++) {
    if (at >= src.size) return ranges;
    const head = await src.readExact(at, PAGE_HEADER_BYTES);
    if (text(head.subarray(0, 4)) !== CAPTURE)
      throw corrupt(`no Ogg page at ${at}`);
    const serial = u32le(head, SERIAL_AT);
    const lacing = await src.readExact(
      at + PAGE_HEADER_BYTES,
      head[SEGMENT_COUNT_AT]!,
    );
    let data = at + PAGE_HEADER_BYTES + lacing.length;
    let stream = streams.get(serial);
    if (!stream) {
      const id = text(await src.readExact(data, ID_PROBE_BYTES));
      if (!IDENTIFICATIONS.some((p) => id.startsWith(p)))
        throw new EngineError('unsupported', 'an Ogg stream of another codec');
      stream = { packets: 0, idLeft: await idLayout(src, data) };
      streams.set(serial, stream);
    }
    for (const lace of lacing) {
      if (stream.packets === ID_PACKET) {
        const counted = Math.min(lace, stream.idLeft);
        pushRange(ranges, data, data + counted);
        stream.idLeft -= counted;
      } else if (stream.packets !== COMMENT_PACKET)
        pushRange(ranges, data, data + lace);
      data += lace;
      if (lace < MAX_LACE) stream.packets++;
    }
    if (data > src.size) throw corrupt(`Ogg page at ${at} runs past the file`);
    at = data;
  }
  throw corrupt('too many Ogg pages');
}
