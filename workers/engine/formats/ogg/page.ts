/** Ogg pages (RFC 3533 section 6): a 27-byte header, a segment table, then the body. */
import type { ByteSource } from '../../byte-source';
import { ascii, startsWith, u32le, writeU32le } from '../../bytes';
import { corrupt } from '../../errors';
import { oggCrc } from './crc';

export const OGG_MAGIC = ascii('OggS');
export const PAGE_HEADER_BYTES = 27;
const VERSION_AT = 4;
const TYPE_AT = 5;
const GRANULE_AT = 6;
const GRANULE_BYTES = 8;
const SERIAL_AT = 14;
const SEQUENCE_AT = 18;
const CRC_AT = 22;
const SEGMENTS_AT = 26;
export const FLAG_CONTINUED = 0x01;
export const FLAG_FIRST = 0x02;
/** A lacing value below this ends a packet (RFC 3533 section 5). */
export const MAX_LACE = 255;
export const MAX_SEGMENTS = 255;
/** The largest possible page: header, 255 lacing values, 255 * 255 body bytes. */
export const MAX_PAGE_BYTES =
  PAGE_HEADER_BYTES + MAX_SEGMENTS + MAX_SEGMENTS * MAX_LACE;

export interface OggPage {
  readonly offset: number;
  readonly flags: number;
  readonly serial: number;
  readonly sequence: number;
  readonly laces: Uint8Array;
  readonly bodyOffset: number;
  readonly end: number;
}

/** Parses the page header in `b` at `at` (the file offset of `b[0]` is `base`). */
export function parsePageHeader(
  b: Uint8Array,
  at: number,
  base = 0,
): OggPage | null {
  if (!startsWith(b, OGG_MAGIC, at) || at + PAGE_HEADER_BYTES > b.length)
    return null;
  if (b[at + VERSION_AT] !== 0) return null;
  const count = b[at + SEGMENTS_AT]!;
  const lacesAt = at + PAGE_HEADER_BYTES;
  if (lacesAt + count > b.length) return null;
  const laces = b.slice(lacesAt, lacesAt + count);
  const bodyOffset = base + lacesAt + count;
  return {
    offset: base + at,
    flags: b[at + TYPE_AT]!,
    serial: u32le(b, at + SERIAL_AT),
    sequence: u32le(b, at + SEQUENCE_AT),
    laces,
    bodyOffset,
    end: bodyOffset + laces.reduce((n, l) => n + l, 0),
  };
}

export async function readPage(src: ByteSource, at: number): Promise<OggPage> {
  const head = await src.read(at, PAGE_HEADER_BYTES + MAX_SEGMENTS);
  const page = parsePageHeader(head, 0, at);
  if (!page) throw corrupt(`no Ogg page at ${at}`);
  if (page.end > src.size)
    throw corrupt(`Ogg page at ${at} runs past the file`);
  return page;
}

export interface NewPage {
  readonly flags: number;
  readonly granuleEnds: boolean;
  readonly serial: number;
  readonly sequence: number;
  readonly laces: readonly number[];
  readonly body: Uint8Array;
}

/** A page with its checksum; granule 0 when a packet ends on it, -1 (all ones) otherwise. */
export function buildPage(page: NewPage): Uint8Array {
  const out = new Uint8Array(
    PAGE_HEADER_BYTES + page.laces.length + page.body.length,
  );
  out.set(OGG_MAGIC);
  out[TYPE_AT] = page.flags;
  if (!page.granuleEnds) out.fill(0xff, GRANULE_AT, GRANULE_AT + GRANULE_BYTES);
  writeU32le(out, SERIAL_AT, page.serial);
  writeU32le(out, SEQUENCE_AT, page.sequence);
  out[SEGMENTS_AT] = page.laces.length;
  out.set(page.laces, PAGE_HEADER_BYTES);
  out.set(page.body, PAGE_HEADER_BYTES + page.laces.length);
  writeU32le(out, CRC_AT, oggCrc(out));
  return out;
}
