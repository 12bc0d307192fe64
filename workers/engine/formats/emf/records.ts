/**
 * The record walk of an EMF ([MS-EMF] 2.3): every record is Type and Size (32-bit), its size a
 * multiple of 4 and inside the file; EMR_HEADER comes first and EMR_EOF last. A record of a type
 * [MS-EMF] 2.1.1 does not define fails the walk: what the engine does not know is not copied.
 */
import { u32le } from '../../bytes';
import { corrupt, EngineError, throwIfAborted } from '../../errors';
import { MAX_ENTRIES } from '../../limits';
import { EMF_SIGNATURE, EMR_HEADER, SIGNATURE_AT } from './sniff';

export const RECORD_HEADER_BYTES = 8;
const RECORD_ALIGN = 4;
export const EMR_EOF = 0x0e;
export const EMR_COMMENT = 0x46;
/** The smallest EMR_HEADER ([MS-EMF] 2.2.9 Header object): 88 bytes. */
export const HEADER_MIN_BYTES = 88;
/** Records between cancellation checks. */
const CHECK_EVERY = 4096;

/**
 * [MS-EMF] 2.1.1 RecordType: 0x01 to 0x7A, except 0x45, 0x6B and 0x75, which no record has.
 */
const FIRST_TYPE = 0x01;
const LAST_TYPE = 0x7a;
const UNDEFINED_TYPES: ReadonlySet<number> = new Set([0x45, 0x6b, 0x75]);

export const isRecordType = (type: number): boolean =>
  type >= FIRST_TYPE && type <= LAST_TYPE && !UNDEFINED_TYPES.has(type);

export interface EmfRecord {
  readonly type: number;
  /** Where the record starts in the file. */
  readonly at: number;
  readonly size: number;
}

/**
 * Every record of `bytes`, checked; `end` is where EMR_EOF ends (bytes after it are not records).
 */
export function walkRecords(
  bytes: Uint8Array,
  signal?: AbortSignal,
): { records: EmfRecord[]; end: number } {
  if (bytes.length < HEADER_MIN_BYTES) throw corrupt('EMF header truncated');
  if (
    u32le(bytes, 0) !== EMR_HEADER ||
    u32le(bytes, SIGNATURE_AT) !== EMF_SIGNATURE
  )
    throw corrupt('EMF does not start with its header record');
  const records: EmfRecord[] = [];
  let at = 0;
  for (;;) {
    if (records.length >= MAX_ENTRIES) throw corrupt('too many EMF records');
    if (records.length % CHECK_EVERY === 0) throwIfAborted(signal);
    if (at + RECORD_HEADER_BYTES > bytes.length)
      throw corrupt('EMF ends before its EMR_EOF record');
    const type = u32le(bytes, at);
    const size = u32le(bytes, at + 4);
    if (size < RECORD_HEADER_BYTES || size % RECORD_ALIGN !== 0)
      throw corrupt(`EMF record at ${at} has a size of ${size}`);
    if (at + size > bytes.length)
      throw corrupt(`EMF record at ${at} runs past the file`);
    if (!isRecordType(type))
      throw new EngineError(
        'unsupported',
        `EMF record of unknown type ${type} at ${at}`,
      );
    if (type === EMR_HEADER && at !== 0)
      throw corrupt('a second EMF header record');
    if (type === EMR_HEADER && size < HEADER_MIN_BYTES)
      throw corrupt('EMF header record too short');
    records.push({ type, at, size });
    at += size;
    if (type === EMR_EOF) return { records, end: at };
  }
}
