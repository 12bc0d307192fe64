/** AMF0 and FLV tag writers for the FLV tests (independent of the engine's parser). */

export const amfString = (s: string) => {
  const text = Buffer.from(s, 'utf8');
  const out = Buffer.alloc(3 + text.length);
  out[0] = 0x02;
  out.writeUInt16BE(text.length, 1);
  text.copy(out, 3);
  return out;
};

export const amfNumber = (n: number) => {
  const out = Buffer.alloc(9);
  out.writeDoubleBE(n, 1);
  return out;
};

export const amfDate = (ms: number) => {
  const out = Buffer.alloc(11);
  out[0] = 0x0b;
  out.writeDoubleBE(ms, 1);
  return out;
};

const key = (k: string) => amfString(k).subarray(1);

/** An ECMA array of the given entries (or nested objects when `entries` holds raw values). */
export function amfEcmaArray(entries: [string, Buffer][]): Buffer {
  const count = Buffer.alloc(5);
  count[0] = 0x08;
  count.writeUInt32BE(entries.length, 1);
  const body = entries.flatMap(([k, v]) => [key(k), v]);
  return Buffer.concat([count, ...body, Buffer.from([0, 0, 9])]);
}

export function amfObject(entries: [string, Buffer][]): Buffer {
  const body = entries.flatMap(([k, v]) => [key(k), v]);
  return Buffer.concat([Buffer.from([0x03]), ...body, Buffer.from([0, 0, 9])]);
}

/** A script tag (type 18) with its PreviousTagSize. */
export function scriptTag(data: Buffer): Buffer {
  const header = Buffer.alloc(11);
  header[0] = 18;
  header.writeUIntBE(data.length, 1, 3);
  const previous = Buffer.alloc(4);
  previous.writeUInt32BE(11 + data.length);
  return Buffer.concat([header, data, previous]);
}

/** The 9-byte FLV header (audio and video flags set) and PreviousTagSize0. */
export const flvHeader = () => Buffer.from('464c5601050000000900000000', 'hex');

/** Inserts `tag` right after the file's first tag (onMetaData). */
export function insertAfterFirstTag(flv: Uint8Array, tag: Buffer): Uint8Array {
  const bytes = Buffer.from(flv);
  const firstSize = bytes.readUIntBE(13 + 1, 3);
  const after = 13 + 11 + firstSize + 4;
  return new Uint8Array(
    Buffer.concat([bytes.subarray(0, after), tag, bytes.subarray(after)]),
  );
}
