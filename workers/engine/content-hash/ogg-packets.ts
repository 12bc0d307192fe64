/**
 * The packets of an Ogg Vorbis or Opus file, read from its pages (RFC 3533, 6) by a walk of its
 * own, without the comment header: the second packet of each logical stream (Vorbis I, 4.2;
 * RFC 7845, 5.2), the one the cleaner empties. The identification and setup headers and every
 * audio packet are counted; page headers, which the cleaner rebuilds, are not.
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
      stream = { packets: 0 };
      streams.set(serial, stream);
    }
    for (const lace of lacing) {
      if (stream.packets !== COMMENT_PACKET)
        pushRange(ranges, data, data + lace);
      data += lace;
      if (lace < MAX_LACE) stream.packets++;
    }
    if (data > src.size) throw corrupt(`Ogg page at ${at} runs past the file`);
    at = data;
  }
  throw corrupt('too many Ogg pages');
}
