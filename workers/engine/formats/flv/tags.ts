/**
 * FLV tags (Adobe "Video File Format Specification" 10.1, annex E): an 11-byte header (type,
 * 24-bit data size, timestamp, stream id), the data, then a 32-bit PreviousTagSize.
 * Metadata lives in script tags at the start of the file; we read the first SCAN_BYTES only.
 */
import type { ByteSource } from '../../byte-source';
import { u24be, u32be } from '../../bytes';
import { corrupt, EngineError, throwIfAborted } from '../../errors';
import { MAX_METADATA_BYTES } from '../../limits';

export const TAG_HEADER_BYTES = 11;
const PREVIOUS_TAG_SIZE_BYTES = 4;
const HEADER_SIZE_AT = 5;
/** Script tags (onMetaData) come first; a player reads them before the first frame. */
export const SCAN_BYTES = 1024 * 1024;
const SCRIPT_TAG = 18;
const TAG_TYPE_MASK = 0x1f;
const ENCRYPTED_FLAG = 0x20;

export interface ScriptTag {
  /** File offset of the tag's data. */
  readonly dataOffset: number;
  readonly data: Uint8Array;
}

export async function readScriptTags(
  src: ByteSource,
  signal?: AbortSignal,
): Promise<ScriptTag[]> {
  const window = await src.read(0, SCAN_BYTES);
  const headerSize = u32be(window, HEADER_SIZE_AT);
  if (headerSize < HEADER_SIZE_AT + 4 || headerSize > src.size)
    throw corrupt('bad FLV header size');
  const out: ScriptTag[] = [];
  let at = headerSize + PREVIOUS_TAG_SIZE_BYTES;
  while (at + TAG_HEADER_BYTES <= window.length) {
    throwIfAborted(signal);
    const flags = window[at]!;
    const size = u24be(window, at + 1);
    const dataOffset = at + TAG_HEADER_BYTES;
    const next = dataOffset + size + PREVIOUS_TAG_SIZE_BYTES;
    if (dataOffset + size > src.size)
      throw corrupt(`FLV tag at ${at} runs past the file`);
    if ((flags & TAG_TYPE_MASK) === SCRIPT_TAG) {
      if (flags & ENCRYPTED_FLAG)
        throw new EngineError('encrypted', 'encrypted FLV script tag');
      out.push({
        dataOffset,
        data: await scriptData(src, window, dataOffset, size),
      });
    }
    at = next;
  }
  return out;
}

async function scriptData(
  src: ByteSource,
  window: Uint8Array,
  at: number,
  size: number,
): Promise<Uint8Array> {
  if (at + size <= window.length) return window.subarray(at, at + size);
  if (size > MAX_METADATA_BYTES)
    throw new EngineError('too-large', 'FLV script tag');
  return src.readExact(at, size);
}
