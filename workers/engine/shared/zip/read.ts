import { ForwardReader } from './forward-reader';
import type { ByteSource } from '../../byte-source';
import { u16le, u32le, u64le } from '../../bytes';
import { EngineError, corrupt } from '../../errors';
import {
  MAX_DECOMPRESSED_BYTES,
  MAX_ENTRIES,
  MAX_METADATA_BYTES,
} from '../../limits';
import {
  CENTRAL_HEADER_SIG,
  CENTRAL_HEADER_SIZE,
  END_OF_CENTRAL_DIR_SIG,
  END_OF_CENTRAL_DIR_SIZE,
  FLAG_ENCRYPTED,
  FLAG_UTF8,
  LOCAL_HEADER_SIG,
  LOCAL_HEADER_SIZE,
  MAX_COMMENT,
  MAX_U16,
  MAX_U32,
  METHOD_DEFLATED,
  METHOD_STORED,
  ZIP64_END_SIG,
  ZIP64_END_SIZE,
  ZIP64_EXTRA_ID,
  ZIP64_LOCATOR_SIG,
  ZIP64_LOCATOR_SIZE,
} from './format';

/** One member of an archive, located by its central-directory record and its local header. */
export interface ZipEntry {
  readonly name: string;
  readonly method: typeof METHOD_STORED | typeof METHOD_DEFLATED;
  readonly crc32: number;
  readonly compressedSize: number;
  readonly uncompressedSize: number;
  /** Where the member's local header starts. */
  readonly headerOffset: number;
  /** The member's (compressed) data: [dataStart, dataStart + compressedSize). */
  readonly dataStart: number;
}

export interface ZipArchive {
  /** Members in the order of their data in the file. */
  readonly entries: readonly ZipEntry[];
  readonly byName: ReadonlyMap<string, ZipEntry>;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
const latin1 = new TextDecoder('latin1');

function memberName(raw: Uint8Array, flags: number): string {
  if (flags & FLAG_UTF8) {
    try {
      return utf8.decode(raw);
    } catch {
      throw corrupt('zip member name is not UTF-8');
    }
  }
  // Names without the UTF-8 flag are CP437; the ASCII subset every office suite writes decodes
  // the same in Latin-1, and anything else is only compared, never written back decoded.
  return latin1.decode(raw);
}

/**
 * A member name must stay inside the archive: no absolute path, no drive letter, no `..` segment,
 * no backslash or NUL (extractors turn those into directory escapes).
 */
export function checkMemberName(name: string): void {
  if (
    name.length === 0 ||
    name.startsWith('/') ||
    /^[A-Za-z]:/.test(name) ||
    /[\\\0]/.test(name) ||
    name.split('/').some((segment) => segment === '..')
  ) {
    throw corrupt(`zip member name escapes the archive: ${name.slice(0, 80)}`);
  }
}

async function findEnd(
  src: ByteSource,
): Promise<{ tail: Uint8Array; tailStart: number; at: number }> {
  const tailLength = Math.min(src.size, END_OF_CENTRAL_DIR_SIZE + MAX_COMMENT);
  const tailStart = src.size - tailLength;
  const tail = await src.read(tailStart, tailLength);
  for (let at = tail.length - END_OF_CENTRAL_DIR_SIZE; at >= 0; at--) {
    if (u32le(tail, at) === END_OF_CENTRAL_DIR_SIG) {
      return { tail, tailStart, at };
    }
  }
  throw corrupt('no zip end of central directory record');
}

interface Directory {
  readonly count: number;
  readonly offset: number;
  readonly size: number;
}

async function directory(
  src: ByteSource,
  maxEntries: number,
): Promise<Directory> {
  const { tail, tailStart, at } = await findEnd(src);
  let count = u16le(tail, at + 10);
  let size = u32le(tail, at + 12);
  let offset = u32le(tail, at + 16);
  const locatorAt = at - ZIP64_LOCATOR_SIZE;
  if (locatorAt >= 0 && u32le(tail, locatorAt) === ZIP64_LOCATOR_SIG) {
    const endOffset = u64le(tail, locatorAt + 8);
    const end = await src.readExact(endOffset, ZIP64_END_SIZE);
    if (u32le(end, 0) !== ZIP64_END_SIG) throw corrupt('bad zip64 end record');
    count = u64le(end, 32);
    size = u64le(end, 40);
    offset = u64le(end, 48);
  } else if (count === MAX_U16 || size === MAX_U32 || offset === MAX_U32) {
    throw corrupt('zip64 values without a zip64 end record');
  }
  if (count > maxEntries)
    throw new EngineError(
      'too-large',
      `zip of ${count} members, over ${maxEntries}`,
    );
  if (size > MAX_METADATA_BYTES || offset + size > tailStart + at)
    throw corrupt('zip central directory out of range');
  return { count, size, offset };
}

/** Reads the zip64 extended information extra field (APPNOTE 4.5.3) where a value says so. */
function zip64Values(
  extra: Uint8Array,
  values: { uncompressed: number; compressed: number; offset: number },
): void {
  let at = 0;
  while (at + 4 <= extra.length) {
    const id = u16le(extra, at);
    const length = u16le(extra, at + 2);
    const body = at + 4;
    if (body + length > extra.length) break;
    if (id === ZIP64_EXTRA_ID) {
      let p = body;
      const next = (): number => {
        if (p + 8 > body + length) throw corrupt('short zip64 extra field');
        const v = u64le(extra, p);
        p += 8;
        return v;
      };
      if (values.uncompressed === MAX_U32) values.uncompressed = next();
      if (values.compressed === MAX_U32) values.compressed = next();
      if (values.offset === MAX_U32) values.offset = next();
      return;
    }
    at = body + length;
  }
}

interface CentralRecord {
  name: string;
  flags: number;
  method: number;
  crc32: number;
  compressedSize: number;
  uncompressedSize: number;
  headerOffset: number;
}

function centralRecords(cd: Uint8Array, count: number): CentralRecord[] {
  const records: CentralRecord[] = [];
  let at = 0;
  for (let i = 0; i < count; i++) {
    if (
      at + CENTRAL_HEADER_SIZE > cd.length ||
      u32le(cd, at) !== CENTRAL_HEADER_SIG
    )
      throw corrupt(`bad zip central directory record ${i}`);
    const flags = u16le(cd, at + 8);
    const nameLength = u16le(cd, at + 28);
    const extraLength = u16le(cd, at + 30);
    const commentLength = u16le(cd, at + 32);
    const nameStart = at + CENTRAL_HEADER_SIZE;
    const extraStart = nameStart + nameLength;
    const end = extraStart + extraLength + commentLength;
    if (end > cd.length) throw corrupt('zip central directory record overruns');
    const values = {
      compressed: u32le(cd, at + 20),
      uncompressed: u32le(cd, at + 24),
      offset: u32le(cd, at + 42),
    };
    zip64Values(cd.subarray(extraStart, extraStart + extraLength), values);
    records.push({
      name: memberName(cd.subarray(nameStart, extraStart), flags),
      flags,
      method: u16le(cd, at + 10),
      crc32: u32le(cd, at + 16),
      compressedSize: values.compressed,
      uncompressedSize: values.uncompressed,
      headerOffset: values.offset,
    });
    at = end;
  }
  return records;
}

async function toEntry(
  src: ByteSource,
  headers: ForwardReader,
  r: CentralRecord,
): Promise<ZipEntry> {
  // Some writers (WPS Office) separate folders with `\`: a separator, written back as `/`. A
  // `..\` is still a parent segment, refused below.
  const name = r.name.replace(/\\/g, '/');
  checkMemberName(name);
  if (r.flags & FLAG_ENCRYPTED)
    throw new EngineError('encrypted', `zip member ${name} is encrypted`);
  if (r.method !== METHOD_STORED && r.method !== METHOD_DEFLATED)
    throw new EngineError(
      'unsupported',
      `zip member ${name} uses compression method ${r.method}`,
    );
  if (r.method === METHOD_STORED && r.compressedSize !== r.uncompressedSize)
    throw corrupt(`stored zip member ${name} has two sizes`);
  const header = await headers.readExact(r.headerOffset, LOCAL_HEADER_SIZE);
  if (u32le(header, 0) !== LOCAL_HEADER_SIG)
    throw corrupt(`no local header for zip member ${name}`);
  const dataStart =
    r.headerOffset + LOCAL_HEADER_SIZE + u16le(header, 26) + u16le(header, 28);
  if (dataStart + r.compressedSize > src.size)
    throw corrupt(`zip member ${name} runs past the end of the file`);
  return {
    name: name,
    method: r.method,
    crc32: r.crc32,
    compressedSize: r.compressedSize,
    uncompressedSize: r.uncompressedSize,
    headerOffset: r.headerOffset,
    dataStart,
  };
}

/**
 * Reads an archive's central directory and every member's local header. Rejects what could make
 * an extractor misbehave: names escaping the archive, duplicate names, members whose data
 * overlap (the "overlapping files" zip bomb), and more declared decompressed bytes than allowed.
 */
export async function readZip(
  src: ByteSource,
  /** The most members the caller takes, told before any member is read. */
  maxEntries = MAX_ENTRIES,
): Promise<ZipArchive> {
  const dir = await directory(src, maxEntries);
  const cd = await src.readExact(dir.offset, dir.size);
  const records = centralRecords(cd, dir.count);
  const entries: ZipEntry[] = [];
  const byName = new Map<string, ZipEntry>();
  let declared = 0;
  // Local headers usually follow the directory's order: thousands of them cost a few reads.
  const headers = new ForwardReader(src);
  for (const record of records) {
    const entry = await toEntry(src, headers, record);
    if (byName.has(entry.name))
      throw corrupt(`duplicate zip member name ${entry.name.slice(0, 80)}`);
    byName.set(entry.name, entry);
    entries.push(entry);
    if (entry.method === METHOD_DEFLATED) declared += entry.uncompressedSize;
  }
  if (declared > MAX_DECOMPRESSED_BYTES)
    throw new EngineError(
      'too-large',
      `zip declares ${declared} decompressed bytes`,
    );
  entries.sort((a, b) => a.headerOffset - b.headerOffset);
  for (let i = 1; i < entries.length; i++) {
    const previous = entries[i - 1]!;
    if (previous.dataStart + previous.compressedSize > entries[i]!.headerOffset)
      throw corrupt(
        `zip members ${previous.name} and ${entries[i]!.name} overlap`,
      );
  }
  if (
    entries.length > 0 &&
    entries.at(-1)!.dataStart + entries.at(-1)!.compressedSize > dir.offset
  )
    throw corrupt('zip member data overlaps the central directory');
  return { entries, byName };
}
