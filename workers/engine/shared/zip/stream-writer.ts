import { EngineError } from '../../errors';
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
  METHOD_STORED,
  VERSION_20,
  ZIP64_END_SIG,
  ZIP64_END_SIZE,
  ZIP64_EXTRA_ID,
  ZIP64_LOCATOR_SIG,
  ZIP64_LOCATOR_SIZE,
} from './format';

/** Version needed to extract an entry or archive that uses ZIP64 (APPNOTE 4.4.3.2: 4.5). */
const VERSION_45 = 45;
/** General purpose flag bit 3: CRC-32 and sizes follow the data in a data descriptor. */
const FLAG_DESCRIPTOR = 0x0008;
/** Data descriptor signature (APPNOTE 4.3.9.3: optional, but every reader accepts it). */
const DESCRIPTOR_SIG = 0x08074b50;
/** Descriptor: signature, CRC-32, then sizes of 4 bytes each, or 8 with ZIP64 (4.3.9.2). */
const DESCRIPTOR_SIZE = 16;
const DESCRIPTOR64_SIZE = 24;
/** A ZIP64 extra field's header: id and data size (4.5.3). */
const EXTRA_HEADER_SIZE = 4;
const U64_SIZE = 8;
/** Size of the ZIP64 end record counted from after its own size field (4.3.14.1). */
const ZIP64_END_REST = ZIP64_END_SIZE - 12;

const encoder = new TextEncoder();

/** One member of a streamed archive, as the writer is told of it before its data. */
export interface StreamMember {
  /** The member's path in the archive, with `/` between folders. */
  readonly name: string;
  /** The data's length in bytes, known before the data is written. */
  readonly size: number;
  /** The data's CRC-32 when already known; otherwise computed as the data passes. */
  readonly crc32?: number;
}

interface Written {
  readonly name: Uint8Array;
  readonly size: number;
  readonly crc32: number;
  readonly offset: number;
  readonly flags: number;
}

interface Open {
  readonly member: StreamMember;
  readonly name: Uint8Array;
  readonly offset: number;
  readonly flags: number;
  readonly zip64: boolean;
  crc: number;
  seen: number;
}

function record(size: number, sig: number): [Uint8Array, DataView] {
  const bytes = new Uint8Array(size);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, sig, true);
  return [bytes, view];
}

const needs64 = (n: number): boolean => n >= MAX_U32;

/** The ZIP64 extended information field holding `values` as 8-byte numbers (APPNOTE 4.5.3). */
function zip64Extra(values: readonly number[]): Uint8Array {
  if (values.length === 0) return new Uint8Array(0);
  const [bytes, view] = record(EXTRA_HEADER_SIZE + values.length * U64_SIZE, 0);
  view.setUint16(0, ZIP64_EXTRA_ID, true);
  view.setUint16(2, values.length * U64_SIZE, true);
  values.forEach((v, i) =>
    view.setBigUint64(EXTRA_HEADER_SIZE + i * U64_SIZE, BigInt(v), true),
  );
  return bytes;
}

/**
 * A zip writer that holds no member's data: it hands back the bytes that go before, after and
 * between the members' data, and the caller puts the data itself in between (a Blob, a file, a
 * stream). Every member is stored (the inputs are compressed media and documents already), dated
 * 1980-01-01 00:00, with UTF-8 names (flag bit 11), no comment and no extra field but ZIP64's,
 * which is used only where a size, an offset or the count does not fit (APPNOTE 4.5.3, 4.3.14).
 */
export class ZipStreamWriter {
  private offset = 0;
  private readonly written: Written[] = [];
  private open: Open | null = null;

  /** The local header of the next member; its data must follow, `member.size` bytes. */
  begin(member: StreamMember): Uint8Array {
    if (this.open) throw new EngineError('corrupt', 'zip member left open');
    const name = encoder.encode(member.name);
    if (name.length > MAX_U16 || name.length === 0)
      throw new EngineError('too-large', `zip name of ${name.length} bytes`);
    const zip64 = needs64(member.size);
    const known = member.crc32 !== undefined;
    const flags = FLAG_UTF8 | (known ? 0 : FLAG_DESCRIPTOR);
    // With ZIP64 the local header's extra field holds both sizes (4.5.3); with a data descriptor
    // the header's CRC-32 and sizes are zero and the descriptor says them (4.4.4).
    const extra = zip64Extra(
      zip64 ? (known ? [member.size, member.size] : [0, 0]) : [],
    );
    const [bytes, view] = record(
      LOCAL_HEADER_SIZE + name.length + extra.length,
      LOCAL_HEADER_SIG,
    );
    const small = zip64 ? MAX_U32 : known ? member.size : 0;
    view.setUint16(4, zip64 ? VERSION_45 : VERSION_20, true);
    view.setUint16(6, flags, true);
    view.setUint16(8, METHOD_STORED, true);
    view.setUint16(10, DOS_TIME_MIDNIGHT, true);
    view.setUint16(12, DOS_DATE_1980, true);
    view.setUint32(14, member.crc32 ?? 0, true);
    view.setUint32(18, small, true);
    view.setUint32(22, small, true);
    view.setUint16(26, name.length, true);
    view.setUint16(28, extra.length, true);
    bytes.set(name, LOCAL_HEADER_SIZE);
    bytes.set(extra, LOCAL_HEADER_SIZE + name.length);
    this.open = {
      member,
      name,
      offset: this.offset,
      flags,
      zip64,
      crc: 0,
      seen: 0,
    };
    this.offset += bytes.length;
    return bytes;
  }

  /** Counts the data of the open member as it passes (and its CRC-32 when not given). */
  data(chunk: Uint8Array): void {
    const open = this.open;
    if (!open) throw new EngineError('corrupt', 'zip data with no member');
    if (open.member.crc32 === undefined) open.crc = crc32(chunk, open.crc);
    open.seen += chunk.length;
    this.offset += chunk.length;
  }

  /** Counts data the caller puts in place itself, unread (a Blob): only when its CRC-32 is known. */
  skip(length: number): void {
    const open = this.open;
    if (!open || open.member.crc32 === undefined)
      throw new EngineError('corrupt', 'zip data skipped with no checksum');
    open.seen += length;
    this.offset += length;
  }

  /** Closes the open member: its data descriptor when the CRC-32 was not known up front. */
  end(): Uint8Array {
    const open = this.open;
    if (!open) throw new EngineError('corrupt', 'zip end with no member');
    const { member } = open;
    if (open.seen !== member.size)
      throw new EngineError(
        'corrupt',
        `zip member ${member.name}: ${open.seen} bytes, ${member.size} announced`,
      );
    this.open = null;
    const crc = member.crc32 ?? open.crc;
    this.written.push({
      name: open.name,
      size: member.size,
      crc32: crc,
      offset: open.offset,
      flags: open.flags,
    });
    if (member.crc32 !== undefined) return new Uint8Array(0);
    const [bytes, view] = record(
      open.zip64 ? DESCRIPTOR64_SIZE : DESCRIPTOR_SIZE,
      DESCRIPTOR_SIG,
    );
    view.setUint32(4, crc, true);
    if (open.zip64) {
      view.setBigUint64(8, BigInt(member.size), true);
      view.setBigUint64(16, BigInt(member.size), true);
    } else {
      view.setUint32(8, member.size, true);
      view.setUint32(12, member.size, true);
    }
    this.offset += bytes.length;
    return bytes;
  }

  /** The central directory and the end records; the archive is complete after these bytes. */
  finish(): Uint8Array[] {
    if (this.open) throw new EngineError('corrupt', 'zip member left open');
    const out = this.written.map(centralHeader);
    const start = this.offset;
    const size = out.reduce((n, b) => n + b.length, 0);
    const count = this.written.length;
    if (count >= MAX_U16 || needs64(start) || needs64(start + size)) {
      out.push(zip64End(count, size, start), zip64Locator(start + size));
    }
    out.push(endRecord(count, size, start));
    this.offset += out.reduce((n, b) => n + b.length, 0);
    return out;
  }

  /** Bytes handed out so far. */
  get length(): number {
    return this.offset;
  }
}

/** A central directory header; its ZIP64 field holds only what does not fit, in 4.5.3's order. */
function centralHeader(w: Written): Uint8Array {
  const big = needs64(w.size);
  const far = needs64(w.offset);
  const extra = zip64Extra([
    ...(big ? [w.size, w.size] : []),
    ...(far ? [w.offset] : []),
  ]);
  const version = extra.length ? VERSION_45 : VERSION_20;
  const [bytes, view] = record(
    CENTRAL_HEADER_SIZE + w.name.length + extra.length,
    CENTRAL_HEADER_SIG,
  );
  view.setUint16(4, version, true);
  view.setUint16(6, version, true);
  view.setUint16(8, w.flags, true);
  view.setUint16(10, METHOD_STORED, true);
  view.setUint16(12, DOS_TIME_MIDNIGHT, true);
  view.setUint16(14, DOS_DATE_1980, true);
  view.setUint32(16, w.crc32, true);
  view.setUint32(20, big ? MAX_U32 : w.size, true);
  view.setUint32(24, big ? MAX_U32 : w.size, true);
  view.setUint16(28, w.name.length, true);
  view.setUint16(30, extra.length, true);
  view.setUint32(42, far ? MAX_U32 : w.offset, true);
  bytes.set(w.name, CENTRAL_HEADER_SIZE);
  bytes.set(extra, CENTRAL_HEADER_SIZE + w.name.length);
  return bytes;
}

/** The ZIP64 end of central directory record, version 1 (APPNOTE 4.3.14). */
function zip64End(count: number, size: number, start: number): Uint8Array {
  const [bytes, view] = record(ZIP64_END_SIZE, ZIP64_END_SIG);
  view.setBigUint64(4, BigInt(ZIP64_END_REST), true);
  view.setUint16(12, VERSION_45, true);
  view.setUint16(14, VERSION_45, true);
  view.setBigUint64(24, BigInt(count), true);
  view.setBigUint64(32, BigInt(count), true);
  view.setBigUint64(40, BigInt(size), true);
  view.setBigUint64(48, BigInt(start), true);
  return bytes;
}

/** Where the ZIP64 end record starts, on the one disk there is (APPNOTE 4.3.15). */
function zip64Locator(at: number): Uint8Array {
  const [bytes, view] = record(ZIP64_LOCATOR_SIZE, ZIP64_LOCATOR_SIG);
  view.setBigUint64(8, BigInt(at), true);
  view.setUint32(16, 1, true);
  return bytes;
}

/** The end record; a field too small for its value holds all ones (APPNOTE 4.4.1.4). */
function endRecord(count: number, size: number, start: number): Uint8Array {
  const [bytes, view] = record(END_OF_CENTRAL_DIR_SIZE, END_OF_CENTRAL_DIR_SIG);
  const n = Math.min(count, MAX_U16);
  view.setUint16(8, n, true);
  view.setUint16(10, n, true);
  view.setUint32(12, needs64(size) ? MAX_U32 : size, true);
  view.setUint32(16, needs64(start) ? MAX_U32 : start, true);
  return bytes;
}
