/**
 * A zip walker for the leak oracle, independent of the engine's zip code: every local file header
 * found anywhere in the bytes (members the central directory forgot included) and every central
 * directory entry (its local header read again from the entry's offset), each member stored or
 * inflated (APPNOTE 6.3, 4.3.7 and 4.3.12). Damaged members give what inflates before the damage.
 */
import { constants, inflateRawSync } from 'node:zlib';

export interface ZipMember {
  readonly name: string;
  /** `local` for a header found by its signature, `central` for one reached from the directory. */
  readonly via: 'local' | 'central';
  readonly data: Uint8Array;
}

const LOCAL_SIG = 0x04034b50;
const CENTRAL_SIG = 0x02014b50;
const LOCAL_HEADER = 30;
const CENTRAL_HEADER = 46;
const STORED = 0;
const DEFLATED = 8;
/** Bit 3 of the flags: sizes follow the data in a data descriptor (APPNOTE 4.4.4). */
const DATA_DESCRIPTOR_FLAG = 0x08;

function signatures(bytes: Uint8Array, sig: number): number[] {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const needle = Buffer.alloc(4);
  needle.writeUInt32LE(sig);
  const found: number[] = [];
  for (
    let i = buffer.indexOf(needle);
    i >= 0;
    i = buffer.indexOf(needle, i + 1)
  )
    found.push(i);
  return found;
}

function payload(method: number, data: Uint8Array): Uint8Array | undefined {
  if (method === STORED) return data;
  if (method !== DEFLATED) return undefined;
  try {
    return inflateRawSync(data, { finishFlush: constants.Z_SYNC_FLUSH });
  } catch {
    return undefined;
  }
}

/** The member whose local header starts at `at`; `size` overrides a size the header defers. */
function memberAt(
  bytes: Uint8Array,
  at: number,
  via: ZipMember['via'],
  knownSize?: number,
): ZipMember | undefined {
  if (at < 0 || at + LOCAL_HEADER > bytes.length) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(at, true) !== LOCAL_SIG) return undefined;
  const flags = view.getUint16(at + 6, true);
  const method = view.getUint16(at + 8, true);
  const nameLength = view.getUint16(at + 26, true);
  const extraLength = view.getUint16(at + 28, true);
  const start = at + LOCAL_HEADER + nameLength + extraLength;
  const name = Buffer.from(
    bytes.subarray(at + LOCAL_HEADER, at + LOCAL_HEADER + nameLength),
  ).toString('utf8');
  const headerSize = view.getUint32(at + 18, true);
  const deferred = (flags & DATA_DESCRIPTOR_FLAG) !== 0 && headerSize === 0;
  // Without a size, a deflated member is inflated up to its own end; a stored one to the file's.
  const size = knownSize ?? (deferred ? bytes.length - start : headerSize);
  const data = payload(
    method,
    bytes.subarray(start, Math.min(bytes.length, start + size)),
  );
  return data ? { name, via, data } : undefined;
}

/** Every member reachable by a local header's signature or by a central directory entry. */
export function zipMembers(bytes: Uint8Array): ZipMember[] {
  const members: ZipMember[] = [];
  for (const at of signatures(bytes, LOCAL_SIG)) {
    const member = memberAt(bytes, at, 'local');
    if (member) members.push(member);
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (const at of signatures(bytes, CENTRAL_SIG)) {
    if (at + CENTRAL_HEADER > bytes.length) continue;
    const compressedSize = view.getUint32(at + 20, true);
    const offset = view.getUint32(at + 42, true);
    const member = memberAt(bytes, offset, 'central', compressedSize);
    if (member) members.push(member);
  }
  return members;
}

/** True when the bytes hold a zip signature worth walking. */
export function looksLikeZip(bytes: Uint8Array): boolean {
  return (
    signatures(bytes, LOCAL_SIG).length > 0 ||
    signatures(bytes, CENTRAL_SIG).length > 0
  );
}
