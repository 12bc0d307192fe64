/**
 * Byte builders for the audio tests, written from the tag specifications and independent of the
 * engine: ID3v2 (2.2/2.3/2.4, optional footer), ID3v1, APEv2, Lyrics3 v2, IFF chunks, Ogg pages.
 */

const latin1 = (s: string) => Buffer.from(s, 'latin1');

function synchsafe(n: number): Buffer {
  return Buffer.from([
    (n >> 21) & 0x7f,
    (n >> 14) & 0x7f,
    (n >> 7) & 0x7f,
    n & 0x7f,
  ]);
}

/** An ID3v2 tag of Latin-1 text frames (`[id, text]`), with a `3DI` footer when asked (2.4 only). */
export function id3v2Tag(
  major: 2 | 3 | 4,
  frames: readonly (readonly [string, string])[],
  footer = false,
): Uint8Array {
  const body = Buffer.concat(
    frames.map(([id, text]) => {
      const data = Buffer.concat([Buffer.from([0]), latin1(text)]);
      if (major === 2) {
        const size = Buffer.from([
          data.length >> 16,
          (data.length >> 8) & 0xff,
          data.length & 0xff,
        ]);
        return Buffer.concat([latin1(id), size, data]);
      }
      const size = Buffer.alloc(4);
      if (major === 3) size.writeUInt32BE(data.length);
      return Buffer.concat([
        latin1(id),
        major === 4 ? synchsafe(data.length) : size,
        Buffer.alloc(2),
        data,
      ]);
    }),
  );
  const flags = footer ? 0x10 : 0;
  const header = Buffer.concat([
    latin1('ID3'),
    Buffer.from([major, 0, flags]),
    synchsafe(body.length),
  ]);
  const tail = footer
    ? [
        Buffer.concat([
          latin1('3DI'),
          Buffer.from([major, 0, flags]),
          synchsafe(body.length),
        ]),
      ]
    : [];
  return new Uint8Array(Buffer.concat([header, body, ...tail]));
}

/** A 128-byte ID3v1.1 tag. */
export function id3v1Tag(title: string, artist: string): Uint8Array {
  const tag = Buffer.alloc(128);
  tag.write('TAG', 0, 'latin1');
  tag.write(title, 3, 30, 'latin1');
  tag.write(artist, 33, 30, 'latin1');
  tag[127] = 0xff;
  return new Uint8Array(tag);
}

/** The 227-byte extended `TAG+` block that goes right before an ID3v1 tag. */
export function id3v1ExtendedTag(title: string): Uint8Array {
  const tag = Buffer.alloc(227);
  tag.write('TAG+', 0, 'latin1');
  tag.write(title, 4, 60, 'latin1');
  return new Uint8Array(tag);
}

/** A Lyrics3 v1 tag. */
export function lyrics3v1Tag(lyrics: string): Uint8Array {
  return new Uint8Array(latin1(`LYRICSBEGIN${lyrics}LYRICSEND`));
}

function apeHeaderOrFooter(
  itemsBytes: number,
  count: number,
  isHeader: boolean,
): Buffer {
  const out = Buffer.alloc(32);
  out.write('APETAGEX', 0, 'latin1');
  out.writeUInt32LE(2000, 8);
  out.writeUInt32LE(itemsBytes + 32, 12);
  out.writeUInt32LE(count, 16);
  out.writeUInt32LE((0x80000000 | (isHeader ? 0x20000000 : 0)) >>> 0, 20);
  return out;
}

/** An APEv2 tag with header and footer, of UTF-8 text items. */
export function apeTag(
  items: readonly (readonly [string, string])[],
): Uint8Array {
  const body = Buffer.concat(
    items.map(([key, value]) => {
      const head = Buffer.alloc(8);
      head.writeUInt32LE(Buffer.byteLength(value), 0);
      return Buffer.concat([
        head,
        latin1(key),
        Buffer.from([0]),
        Buffer.from(value),
      ]);
    }),
  );
  return new Uint8Array(
    Buffer.concat([
      apeHeaderOrFooter(body.length, items.length, true),
      body,
      apeHeaderOrFooter(body.length, items.length, false),
    ]),
  );
}

/** A Lyrics3 v2.00 tag with one LYR field. */
export function lyrics3v2Tag(lyrics: string): Uint8Array {
  const fields =
    `IND00002` + `11LYR${String(lyrics.length).padStart(5, '0')}${lyrics}`;
  const body = `LYRICSBEGIN${fields}`;
  return new Uint8Array(
    latin1(`${body}${String(body.length).padStart(6, '0')}LYRICS200`),
  );
}

/** A big-endian IFF chunk (AIFF), padded to an even length. */
export function iffChunk(id: string, payload: Uint8Array): Uint8Array {
  const out = Buffer.alloc(8 + payload.length + (payload.length % 2));
  out.write(id, 0, 'latin1');
  out.writeUInt32BE(payload.length, 4);
  out.set(payload, 8);
  return new Uint8Array(out);
}

/** The Ogg CRC (RFC 3533: polynomial 0x04c11db7, MSB first, init 0), bit by bit. */
export function oggCrc(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 24;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x80000000 ? (crc << 1) ^ 0x04c11db7 : crc << 1;
  }
  return crc >>> 0;
}

export interface TestOggPage {
  readonly offset: number;
  readonly sequence: number;
  /** Signed: -1 on a page where no packet ends, 0 on header pages. */
  readonly granule: bigint;
  readonly crcValid: boolean;
  readonly bytes: number;
}

/** Every page of an Ogg file with its sequence number and whether its checksum is right. */
export function oggPages(file: Uint8Array): TestOggPage[] {
  const buf = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  const pages: TestOggPage[] = [];
  for (let at = 0; at < buf.length;) {
    if (buf.toString('latin1', at, at + 4) !== 'OggS')
      throw new Error(`no page at ${at}`);
    const count = buf[at + 26]!;
    const body = [...buf.subarray(at + 27, at + 27 + count)].reduce(
      (n, l) => n + l,
      0,
    );
    const end = at + 27 + count + body;
    const page = Buffer.from(buf.subarray(at, end));
    const stored = page.readUInt32LE(22);
    page.writeUInt32LE(0, 22);
    pages.push({
      offset: at,
      sequence: buf.readUInt32LE(at + 18),
      granule: buf.readBigInt64LE(at + 6),
      crcValid: oggCrc(page) === stored,
      bytes: end - at,
    });
    at = end;
  }
  return pages;
}
