/** BIFF8 records ([MS-XLS] 2.1.4) and their strings ([MS-XLS] 2.5.294 XLUnicodeString). */
import type { ByteReader } from '../../byte-source';
import { u16le } from '../../bytes';
import { corrupt } from '../../errors';
import { MAX_ENTRIES } from '../../limits';
import { WindowedReader } from '../../windowed-reader';

const RECORD_HEADER_BYTES = 4;
const HIGH_BYTE_FLAG = 0x01;

export interface BiffRecord {
  readonly type: number;
  /** Where the record's data starts in the stream. */
  readonly at: number;
  readonly size: number;
}

/** Every record of the stream in order; the caller reads the data of those it wants. */
export async function* biffRecords(
  stream: ByteReader,
  signal?: AbortSignal,
): AsyncGenerator<BiffRecord> {
  const reader = WindowedReader.over(stream);
  let at = 0;
  for (let n = 0; at + RECORD_HEADER_BYTES <= reader.size; n++) {
    if (n >= MAX_ENTRIES) throw corrupt('too many BIFF records');
    if (n % 4096 === 0 && signal?.aborted) return;
    const head = await reader.readExact(at, RECORD_HEADER_BYTES);
    const type = u16le(head, 0);
    const size = u16le(head, 2);
    if (at + RECORD_HEADER_BYTES + size > reader.size)
      throw corrupt(`BIFF record ${type} runs past its stream`);
    yield { type, at: at + RECORD_HEADER_BYTES, size };
    at += RECORD_HEADER_BYTES + size;
  }
}

export interface XlString {
  /** Offset of the characters within the bytes given. */
  readonly at: number;
  readonly bytes: number;
  readonly wide: boolean;
  readonly text: string;
}

/** The XLUnicodeString at `at` of `b`, or null when it does not fit. */
export function readXlString(b: Uint8Array, at: number): XlString | null {
  if (at + 3 > b.length) return null;
  const chars = u16le(b, at);
  const wide = (b[at + 2]! & HIGH_BYTE_FLAG) !== 0;
  const bytes = wide ? chars * 2 : chars;
  const start = at + 3;
  if (start + bytes > b.length) return null;
  const raw = b.subarray(start, start + bytes);
  const text = new TextDecoder(wide ? 'utf-16le' : 'latin1').decode(raw);
  return { at: start, bytes, wide, text };
}

/** Spaces of the string's size and width: [MS-XLS] pads user names with spaces too. */
export function spaces(s: XlString): Uint8Array {
  const out = new Uint8Array(s.bytes);
  for (let i = 0; i < s.bytes; i += s.wide ? 2 : 1) out[i] = 0x20;
  return out;
}
