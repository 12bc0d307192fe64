/**
 * The record walk of a WMF ([MS-WMF] 2.3): an optional placeable header, META_HEADER, then records
 * of RecordSize (32-bit, in 16-bit words) and RecordFunction, up to META_EOF. Every size is checked
 * against the file, and a function [MS-WMF] 2.1.1.1 does not define fails `unsupported`.
 */
import { u16le, u32le } from '../../bytes';
import { corrupt, EngineError, throwIfAborted } from '../../errors';
import { MAX_ENTRIES } from '../../limits';
import { isMetaHeader, PLACEABLE_BYTES, PLACEABLE_KEY } from './sniff';

const WORD_BYTES = 2;
const META_HEADER_BYTES = 18;
/** The smallest record: RecordSize and RecordFunction, three words. */
const MIN_RECORD_WORDS = 3;
export const META_EOF = 0x0000;
export const META_ESCAPE = 0x0626;
const CHECK_EVERY = 4096;

/** [MS-WMF] 2.1.1.1 RecordType. */
const RECORD_FUNCTIONS: ReadonlySet<number> = new Set([
  0x0000, 0x0035, 0x0037, 0x0102, 0x0103, 0x0104, 0x0105, 0x0106, 0x0107,
  0x0108, 0x0127, 0x0139, 0x0142, 0x0149, 0x0201, 0x0209, 0x0211, 0x0213,
  0x0214, 0x0220, 0x0228, 0x0231, 0x0234, 0x0324, 0x0325, 0x020a, 0x020b,
  0x020c, 0x020d, 0x020e, 0x020f, 0x0410, 0x0412, 0x0415, 0x0416, 0x0418,
  0x0419, 0x0429, 0x0436, 0x0521, 0x0538, 0x0548, 0x041b, 0x041f, 0x061c,
  0x061d, 0x001e, 0x081a, 0x0b23, 0x0626, 0x012a, 0x012b, 0x012c, 0x012d,
  0x012e, 0x0817, 0x0830, 0x0922, 0x0a32, 0x0d33, 0x0940, 0x0b41, 0x0f43,
  0x01f0, 0x00f7, 0x01f9, 0x02fa, 0x02fb, 0x02fc, 0x06ff,
]);

export interface WmfRecord {
  readonly fn: number;
  readonly at: number;
  readonly size: number;
}

/** Where META_HEADER starts: after the placeable header when there is one. */
function headerStart(bytes: Uint8Array): number {
  const start =
    bytes.length >= 4 && u32le(bytes, 0) === PLACEABLE_KEY
      ? PLACEABLE_BYTES
      : 0;
  if (bytes.length < start + META_HEADER_BYTES || !isMetaHeader(bytes, start))
    throw corrupt('WMF header missing or truncated');
  return start;
}

export function walkRecords(
  bytes: Uint8Array,
  signal?: AbortSignal,
): { records: WmfRecord[]; end: number } {
  const records: WmfRecord[] = [];
  let at = headerStart(bytes) + META_HEADER_BYTES;
  for (;;) {
    if (records.length >= MAX_ENTRIES) throw corrupt('too many WMF records');
    if (records.length % CHECK_EVERY === 0) throwIfAborted(signal);
    if (at + MIN_RECORD_WORDS * WORD_BYTES > bytes.length)
      throw corrupt('WMF ends before its META_EOF record');
    const words = u32le(bytes, at);
    const fn = u16le(bytes, at + 4);
    if (words < MIN_RECORD_WORDS)
      throw corrupt(`WMF record at ${at} has a size of ${words} words`);
    const size = words * WORD_BYTES;
    if (at + size > bytes.length)
      throw corrupt(`WMF record at ${at} runs past the file`);
    if (!RECORD_FUNCTIONS.has(fn))
      throw new EngineError(
        'unsupported',
        `WMF record of unknown function ${fn} at ${at}`,
      );
    records.push({ fn, at, size });
    at += size;
    if (fn === META_EOF) return { records, end: at };
  }
}
