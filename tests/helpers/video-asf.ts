/** Plants ASF metadata ffmpeg does not write, for the WMV tests (independent of the engine). */

const METADATA_GUID = 'eacbf8c5af5b77488467aa8c44fa4cca'; // C5F8CBEA-5BAF-4877-8467-AA8C44FA4CCA
const FILE_PROPERTIES_GUID = 'a1dcab8c47a9cf118ee400c00c205365';
const DATA_GUID = '3626b2758e66cf11a6d900aa0062ce6c';
const HEADER_EXTENSION_GUID = 'b503bf5f2ea9cf118ee300c00c205365';

function find(bytes: Buffer, guidHex: string): number {
  const at = bytes.indexOf(Buffer.from(guidHex, 'hex'));
  if (at < 0) throw new Error(`object ${guidHex} not found`);
  return at;
}

const utf16z = (s: string) => Buffer.from(`${s}\0`, 'utf16le');

function addToSize(bytes: Buffer, at: number, delta: number): void {
  bytes.writeBigUInt64LE(bytes.readBigUInt64LE(at) + BigInt(delta), at);
}

/**
 * Appends a text record to the Metadata Object in the Header Extension, growing every enclosing
 * size. ASF addresses packets relative to the Data Object, so a larger header stays playable.
 */
export function addMetadataRecord(
  input: Uint8Array,
  name: string,
  value: string,
): Uint8Array {
  const bytes = Buffer.from(input);
  const metadata = find(bytes, METADATA_GUID);
  const end = metadata + Number(bytes.readBigUInt64LE(metadata + 16));
  const nameBytes = utf16z(name);
  const data = utf16z(value);
  const record = Buffer.alloc(12);
  record.writeUInt16LE(nameBytes.length, 4);
  record.writeUInt32LE(data.length, 8);
  const added = Buffer.concat([record, nameBytes, data]);
  const out = Buffer.concat([
    bytes.subarray(0, end),
    added,
    bytes.subarray(end),
  ]);
  out.writeUInt16LE(out.readUInt16LE(metadata + 24) + 1, metadata + 24);
  addToSize(out, metadata + 16, added.length);
  const extension = find(out, HEADER_EXTENSION_GUID);
  addToSize(out, extension + 16, added.length);
  out.writeUInt32LE(
    out.readUInt32LE(extension + 42) + added.length,
    extension + 42,
  );
  addToSize(out, 16, added.length);
  addToSize(out, find(out, FILE_PROPERTIES_GUID) + 40, added.length);
  return new Uint8Array(out);
}

/** Writes a File ID into File Properties and the Data Object, as Windows Media encoders do. */
export function plantFileId(input: Uint8Array, idHex: string): Uint8Array {
  const bytes = Buffer.from(input);
  const id = Buffer.from(idHex, 'hex');
  id.copy(bytes, find(bytes, FILE_PROPERTIES_GUID) + 24);
  id.copy(bytes, find(bytes, DATA_GUID) + 24);
  return new Uint8Array(bytes);
}
