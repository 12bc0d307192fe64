/**
 * The identification header's layout: Vorbis I (section 4.2.2) is 30 bytes, ending with its
 * framing bit; Opus (RFC 7845 section 5.1) is 19 bytes, or 21 and one byte per channel with a
 * channel mapping table, and a decoder ignores anything after its last field. Bytes a writer left
 * there hold no sound: when they hold anything, the first page is rebuilt with the packet cut to
 * its layout (same serial, sequence and flags, a new checksum).
 */
import { u8 } from '../../bytes';
import { corrupt } from '../../errors';
import { finding, type Finding } from '../../findings';
import type { OggCodec } from './headers';
import { MAX_LACE, buildPage, type OggPage } from './page';

const VORBIS_ID_BYTES = 30;
const OPUS_ID_BYTES = 19;
const OPUS_CHANNELS_AT = 9;
const OPUS_FAMILY_AT = 18;
/** Stream count and coupled count before the channel mapping (RFC 7845 5.1.1). */
const OPUS_MAPPING_HEAD_BYTES = 2;

function layoutLength(codec: OggCodec, packet: Uint8Array): number {
  if (codec === 'vorbis') return VORBIS_ID_BYTES;
  if (packet.length < OPUS_ID_BYTES) throw corrupt('OpusHead too short');
  if (u8(packet, OPUS_FAMILY_AT) === 0) return OPUS_ID_BYTES;
  return OPUS_ID_BYTES + OPUS_MAPPING_HEAD_BYTES + u8(packet, OPUS_CHANNELS_AT);
}

export interface TrimmedIdPage {
  readonly page: Uint8Array;
  readonly finding: Finding;
}

/** The first page rebuilt without what follows the identification header, or null as it is. */
export function trimIdHeader(
  codec: OggCodec,
  first: OggPage,
  body: Uint8Array,
): TrimmedIdPage | null {
  // One packet alone on the page: every lacing value 255 but the last.
  const laces = [...first.laces];
  if (
    laces.slice(0, -1).some((l) => l !== MAX_LACE) ||
    laces.at(-1) === MAX_LACE
  )
    throw corrupt(
      'the first Ogg page holds more than the identification header',
    );
  const length = layoutLength(codec, body);
  if (length > body.length) throw corrupt('identification header too short');
  const extra = body.subarray(length);
  if (extra.every((b) => b === 0)) return null;
  const packet = body.subarray(0, length);
  const cut: number[] = Array.from(
    { length: Math.floor(length / MAX_LACE) },
    () => MAX_LACE,
  );
  cut.push(length % MAX_LACE);
  const page = buildPage({
    flags: first.flags,
    granuleEnds: true,
    serial: first.serial,
    sequence: first.sequence,
    laces: cut,
    body: packet,
  });
  const where =
    codec === 'vorbis' ? 'Vorbis identification header' : 'OpusHead';
  return {
    page,
    finding: finding(
      'other.data',
      `${where} extra bytes`,
      where,
      `${extra.length} bytes`,
    ),
  };
}
