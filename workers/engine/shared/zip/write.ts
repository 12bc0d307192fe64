import { deflateSync } from 'fflate';
import type { ByteSource } from '../../byte-source';
import { EngineError } from '../../errors';
import {
  madeBytes,
  OutputBuilder,
  planSize,
  type DeferredSegment,
  type OutputPlan,
} from '../../output-plan';
import { crc32 } from '../crc32';
import {
  CENTRAL_HEADER_SIG,
  CENTRAL_HEADER_SIZE,
  DOS_DATE_1980,
  DOS_TIME_MIDNIGHT,
  END_OF_CENTRAL_DIR_SIG,
  END_OF_CENTRAL_DIR_SIZE,
  FLAG_UTF8,
  LOCAL_HEADER_SIG,
  LOCAL_HEADER_SIZE,
  MAX_U16,
  MAX_U32,
  METHOD_DEFLATED,
  METHOD_STORED,
  VERSION_20,
} from './format';
import type { ZipEntry } from './read';

/** A member of the archive being written: its compressed data as a plan over the input. */
export interface OutMember {
  readonly name: string;
  readonly method: typeof METHOD_STORED | typeof METHOD_DEFLATED;
  readonly crc32: number;
  readonly uncompressedSize: number;
  /** The member's data exactly as it goes into the archive (compressed when deflated). */
  readonly data: OutputPlan;
}

const encoder = new TextEncoder();

/** An input member copied as it is: its compressed bytes are never read. */
export function copiedMember(entry: ZipEntry): OutMember {
  return {
    name: entry.name,
    method: entry.method,
    crc32: entry.crc32,
    uncompressedSize: entry.uncompressedSize,
    data: [
      {
        kind: 'copy',
        start: entry.dataStart,
        end: entry.dataStart + entry.compressedSize,
      },
    ],
  };
}

/**
 * A stored member whose content is made again when it is read or written (see DeferredSegment):
 * a photo inflated and cleaned, whose CRC-32 the caller computed when it cleaned it.
 */
export function deferredMember(
  name: string,
  crc: number,
  size: number,
  segment: Omit<DeferredSegment, 'kind' | 'size'>,
): OutMember {
  return {
    name,
    method: METHOD_STORED,
    crc32: crc,
    uncompressedSize: size,
    data: [{ kind: 'deferred', size, ...segment }],
  };
}

/** A member with new content: deflated when `compress`, else stored. */
export function newMember(
  name: string,
  bytes: Uint8Array,
  compress = true,
): OutMember {
  const data = compress ? deflateSync(bytes, { level: 6 }) : bytes;
  return {
    name,
    method: compress ? METHOD_DEFLATED : METHOD_STORED,
    crc32: crc32(bytes),
    uncompressedSize: bytes.length,
    data: [{ kind: 'bytes', data }],
  };
}

const CRC_CHUNK = 4 * 1024 * 1024;

/**
 * A stored member whose content is a plan over the input (a nested file cleaned where it lies):
 * its CRC-32 is computed by reading the plan in chunks, never holding it whole.
 */
export async function storedPlanMember(
  name: string,
  src: ByteSource,
  plan: OutputPlan,
): Promise<OutMember> {
  let crc = 0;
  for (const s of plan) {
    if (s.kind === 'bytes') {
      crc = crc32(s.data, crc);
      continue;
    }
    if (s.kind === 'deferred') {
      crc = crc32(await madeBytes(s), crc);
      continue;
    }
    for (let at = s.start; at < s.end; at += CRC_CHUNK) {
      crc = crc32(await src.read(at, Math.min(CRC_CHUNK, s.end - at)), crc);
    }
  }
  return {
    name,
    method: METHOD_STORED,
    crc32: crc,
    uncompressedSize: planSize(plan),
    data: plan,
  };
}

function header(
  size: number,
  sig: number,
): { bytes: Uint8Array; view: DataView } {
  const bytes = new Uint8Array(size);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, sig, true);
  return { bytes, view };
}

const isAscii = (s: string): boolean => /^[\x20-\x7e]*$/.test(s);

/**
 * Writes an archive: for each member a new local header, then its data; then a new central
 * directory. Every entry is dated 1980-01-01 00:00, carries no extra field and no comment, and the
 * archive has no comment, so nothing of the original's timestamps, platforms or tools survives.
 */
export function writeZip(members: readonly OutMember[]): OutputPlan {
  if (members.length >= MAX_U16)
    throw new EngineError('too-large', `zip of ${members.length} members`);
  const out = new OutputBuilder();
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const m of members) {
    const name = encoder.encode(m.name);
    const compressedSize = planSize(m.data);
    if (
      offset > MAX_U32 ||
      compressedSize > MAX_U32 ||
      m.uncompressedSize > MAX_U32
    )
      throw new EngineError('too-large', 'zip output needs zip64');
    const flags = isAscii(m.name) ? 0 : FLAG_UTF8;
    const local = header(LOCAL_HEADER_SIZE + name.length, LOCAL_HEADER_SIG);
    local.view.setUint16(4, VERSION_20, true);
    local.view.setUint16(6, flags, true);
    local.view.setUint16(8, m.method, true);
    local.view.setUint16(10, DOS_TIME_MIDNIGHT, true);
    local.view.setUint16(12, DOS_DATE_1980, true);
    local.view.setUint32(14, m.crc32, true);
    local.view.setUint32(18, compressedSize, true);
    local.view.setUint32(22, m.uncompressedSize, true);
    local.view.setUint16(26, name.length, true);
    local.bytes.set(name, LOCAL_HEADER_SIZE);
    out.push(local.bytes);
    for (const s of m.data) out.add(s);
    const c = header(CENTRAL_HEADER_SIZE + name.length, CENTRAL_HEADER_SIG);
    c.view.setUint16(4, VERSION_20, true);
    c.view.setUint16(6, VERSION_20, true);
    c.view.setUint16(8, flags, true);
    c.view.setUint16(10, m.method, true);
    c.view.setUint16(12, DOS_TIME_MIDNIGHT, true);
    c.view.setUint16(14, DOS_DATE_1980, true);
    c.view.setUint32(16, m.crc32, true);
    c.view.setUint32(20, compressedSize, true);
    c.view.setUint32(24, m.uncompressedSize, true);
    c.view.setUint16(28, name.length, true);
    c.view.setUint32(42, offset, true);
    c.bytes.set(name, CENTRAL_HEADER_SIZE);
    central.push(c.bytes);
    offset += local.bytes.length + compressedSize;
  }
  const centralSize = central.reduce((n, b) => n + b.length, 0);
  if (offset > MAX_U32)
    throw new EngineError('too-large', 'zip output needs zip64');
  for (const c of central) out.push(c);
  const end = header(END_OF_CENTRAL_DIR_SIZE, END_OF_CENTRAL_DIR_SIG);
  end.view.setUint16(8, members.length, true);
  end.view.setUint16(10, members.length, true);
  end.view.setUint32(12, centralSize, true);
  end.view.setUint32(16, offset, true);
  out.push(end.bytes);
  return out.build();
}
