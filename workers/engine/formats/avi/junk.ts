/**
 * What a JUNK chunk may hold and stay: zeros, or the room ffmpeg reserves in it for OpenDML
 * headers it may write later (libavformat's avienc.c): a stream's super index with no entries,
 * naming the stream's chunks (`wLongsPerEntry` 4, an index of indexes, `dwChunkId` such as
 * `00dc`; OpenDML 1.02, AVISUPERINDEX), or the `odml` list with its `dmlh` header of 248 bytes,
 * each with every later byte zero. Anything else in padding is something a writer put there
 * (a signature, a name in UTF-16, a dashcam's binary GPS) that no player reads: it is zeroed.
 */
import { ascii, startsWith, u32le } from '../../bytes';

/** wLongsPerEntry 4, bIndexSubType 0, bIndexType 0 (AVI_INDEX_OF_INDEXES), nEntriesInUse 0. */
const EMPTY_SUPER_INDEX = new Uint8Array([4, 0, 0, 0, 0, 0, 0, 0]);
/** Then dwChunkId: a stream number and a chunk kind (`00dc`, `01wb`). */
const CHUNK_ID = /^\d\d[a-z]{2}$/;
const CHUNK_ID_BYTES = 4;
const ODML_DMLH = ascii('odmldmlh');
/** The `dmlh` chunk's size as ffmpeg reserves it: dwTotalFrames and 61 future DWORDs. */
const DMLH_BYTES = 248;
const SIZE_BYTES = 4;

const zeroFrom = (bytes: Uint8Array, at: number): boolean => {
  for (let i = at; i < bytes.length; i++) if (bytes[i] !== 0) return false;
  return true;
};

/** Where a reserved header's own bytes end, when `bytes` starts with one; else 0. */
function reservedHeaderEnd(bytes: Uint8Array): number {
  if (startsWith(bytes, EMPTY_SUPER_INDEX)) {
    const at = EMPTY_SUPER_INDEX.length;
    const id = String.fromCharCode(...bytes.subarray(at, at + CHUNK_ID_BYTES));
    return CHUNK_ID.test(id) ? at + CHUNK_ID_BYTES : 0;
  }
  if (
    startsWith(bytes, ODML_DMLH) &&
    bytes.length >= ODML_DMLH.length + SIZE_BYTES &&
    u32le(bytes, ODML_DMLH.length) === DMLH_BYTES
  )
    return ODML_DMLH.length + SIZE_BYTES;
  return 0;
}

/** True when a JUNK payload holds nothing but zeros or a header ffmpeg reserved room for. */
export function junkIsBlank(bytes: Uint8Array): boolean {
  return zeroFrom(bytes, reservedHeaderEnd(bytes));
}
