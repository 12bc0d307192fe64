/**
 * Where the layout of a header chunk an AVI keeps ends; a player reads nothing after it. The AVI
 * RIFF File Reference: `avih` (AVIMAINHEADER) and `strh` (AVISTREAMHEADER) are 56 bytes. OpenDML
 * 1.02: `dmlh` holds the total frame count, the rest reserved; `vprp` (VideoPropHeader) is nine
 * DWORDs, the last nbFieldPerFrame, then that many VIDEO_FIELD_DESC of eight DWORDs; an `indx`
 * (AVISUPERINDEX or AVISTDINDEX) is a 24-byte header, then nEntriesInUse entries of
 * wLongsPerEntry DWORDs each, the unused room a writer reserves after them zero; an `ix##` chunk
 * in the movie list is an AVISTDINDEX (or AVIFIELDINDEX) of that same header and entry rule. `idx1`
 * (AVIOLDINDEX) is whole 16-byte entries: a partial last one is no entry a player reads.
 */
import { u16le, u32le } from '../../bytes';

const DWORD = 4;
const FIXED: Readonly<Record<string, number>> = {
  avih: 56,
  strh: 56,
  dmlh: 4,
};
const VPRP_FIELDS_AT = 8 * DWORD;
const VPRP_FIXED_BYTES = 9 * DWORD;
const FIELD_DESC_BYTES = 8 * DWORD;
const INDEX_ENTRIES_IN_USE_AT = 4;
const INDEX_HEADER_BYTES = 24;
/** OpenDML 1.02 super index in `strl`, and the standard or field index chunks in `movi`. */
const INDEX_CHUNK = /^(?:indx|ix\d\d)$/;
const OLD_INDEX_ENTRY_BYTES = 16;

/** What of a chunk's start `layoutBytes` reads: enough for every count it needs. */
export const LAYOUT_HEAD_BYTES = VPRP_FIXED_BYTES;

/**
 * The layout's length for chunk `id` of `size` bytes whose payload starts with `head`;
 * undefined: none known.
 */
export function layoutBytes(
  id: string,
  head: Uint8Array,
  size: number,
): number | undefined {
  const fixed = FIXED[id];
  if (fixed !== undefined) return fixed;
  if (id === 'idx1') return size - (size % OLD_INDEX_ENTRY_BYTES);
  if (id === 'vprp' && head.length >= VPRP_FIXED_BYTES)
    return VPRP_FIXED_BYTES + u32le(head, VPRP_FIELDS_AT) * FIELD_DESC_BYTES;
  // An index too short for its header has no entry a player can read: all of it goes.
  if (INDEX_CHUNK.test(id) && head.length < INDEX_HEADER_BYTES) return 0;
  if (INDEX_CHUNK.test(id))
    return (
      INDEX_HEADER_BYTES +
      u32le(head, INDEX_ENTRIES_IN_USE_AT) * u16le(head, 0) * DWORD
    );
  return undefined;
}
