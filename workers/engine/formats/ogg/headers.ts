/**
 * The header packets at the start of an Ogg Vorbis (Vorbis I spec section 4.2) or Opus (RFC 7845
 * section 5) stream: the identification packet alone on the first page, then the comment packet
 * (and for Vorbis the setup packet) on the following pages, which end where the audio begins.
 */
import type { ByteSource } from '../../byte-source';
import { ascii, concatBytes, startsWith } from '../../bytes';
import { EngineError, corrupt, throwIfAborted } from '../../errors';
import { MAX_ENTRIES, MAX_METADATA_BYTES } from '../../limits';
import {
  FLAG_CONTINUED,
  FLAG_FIRST,
  MAX_LACE,
  readPage,
  type OggPage,
} from './page';

export type OggCodec = 'vorbis' | 'opus';

const VORBIS_ID = Uint8Array.of(1, ...ascii('vorbis'));
const VORBIS_COMMENT_ID = Uint8Array.of(3, ...ascii('vorbis'));
const OPUS_ID = ascii('OpusHead');
const OPUS_COMMENT_ID = ascii('OpusTags');

/** Header packets after the identification packet: Vorbis comment + setup, Opus tags. */
const PACKETS_AFTER_ID: Readonly<Record<OggCodec, number>> = {
  vorbis: 2,
  opus: 1,
};
export const COMMENT_ID: Readonly<Record<OggCodec, Uint8Array>> = {
  vorbis: VORBIS_COMMENT_ID,
  opus: OPUS_COMMENT_ID,
};

export interface OggHeaders {
  readonly codec: OggCodec;
  readonly firstPage: OggPage;
  /** The pages after the first that carry the remaining header packets. */
  readonly pages: OggPage[];
  /** The comment packet, then (Vorbis) the setup packet. */
  readonly packets: Uint8Array[];
  readonly audioStart: number;
}

export async function readHeaders(
  src: ByteSource,
  signal?: AbortSignal,
): Promise<OggHeaders> {
  const firstPage = await readPage(src, 0);
  if (!(firstPage.flags & FLAG_FIRST))
    throw corrupt('first Ogg page is not a stream start');
  const codec = codecOf(
    await src.readExact(
      firstPage.bodyOffset,
      firstPage.end - firstPage.bodyOffset,
    ),
  );
  const pages: OggPage[] = [];
  const packets: Uint8Array[] = [];
  let parts: Uint8Array[] = [];
  let total = 0;
  for (let at = firstPage.end; packets.length < PACKETS_AFTER_ID[codec];) {
    throwIfAborted(signal);
    if (pages.length >= MAX_ENTRIES) throw corrupt('too many Ogg header pages');
    const page = await readPage(src, at);
    checkHeaderPage(page, firstPage.serial, parts.length > 0);
    total += page.end - page.bodyOffset;
    if (total > MAX_METADATA_BYTES)
      throw new EngineError('too-large', 'Ogg header packets');
    const body = await src.readExact(
      page.bodyOffset,
      page.end - page.bodyOffset,
    );
    let offset = 0;
    for (const [index, lace] of page.laces.entries()) {
      parts.push(body.subarray(offset, offset + lace));
      offset += lace;
      if (lace === MAX_LACE) continue;
      packets.push(concatBytes(parts));
      parts = [];
      const done = packets.length === PACKETS_AFTER_ID[codec];
      if (done && index !== page.laces.length - 1)
        throw new EngineError(
          'unsupported',
          'audio shares a page with the Ogg headers',
        );
    }
    pages.push(page);
    at = page.end;
  }
  if (!startsWith(packets[0]!, COMMENT_ID[codec]))
    throw corrupt('Ogg comment header missing');
  return { codec, firstPage, pages, packets, audioStart: pages.at(-1)!.end };
}

function codecOf(idPacket: Uint8Array): OggCodec {
  if (startsWith(idPacket, VORBIS_ID)) return 'vorbis';
  if (startsWith(idPacket, OPUS_ID)) return 'opus';
  throw new EngineError('unsupported', 'Ogg stream is neither Vorbis nor Opus');
}

function checkHeaderPage(
  page: OggPage,
  serial: number,
  continuing: boolean,
): void {
  if (page.serial !== serial || page.flags & FLAG_FIRST)
    throw new EngineError('unsupported', 'multiplexed Ogg streams');
  if (continuing !== ((page.flags & FLAG_CONTINUED) !== 0))
    throw corrupt(`Ogg page at ${page.offset} breaks its packet`);
}
