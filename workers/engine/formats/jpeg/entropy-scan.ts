/**
 * Finds the marker that ends a scan's entropy-coded data (ITU-T T.81 B.1.1.5, F.1.2.3).
 *
 * Why a forward scan: only the end of the entropy-coded data tells where the image ends, and a
 * search backwards from the file's end is fooled by an 0xFFD9 that ends an MPF secondary image or
 * an appended thumbnail. The scan reads large chunks and jumps between 0xFF bytes with the
 * engine's single-byte search, so it costs one sequential read of the pixels' bytes and no
 * per-byte JavaScript.
 *
 * Entropy-coded data holds an 0xFF about every 256 bytes (each followed by a stuffed 0x00), so
 * a 50 MB photo is some 200,000 searches: each must be one cheap call. `byteSearch` sets the
 * host's search up once per chunk (Node's `Buffer.indexOf` is memchr; V8's typed array search of
 * one byte is a byte-by-byte loop behind a runtime call). A host may lend a search of its own
 * (`entropyMarkerIndex`) that gives the same answers.
 */
import type { ByteSource } from '../../byte-source';
import type { CheckedCopy } from '../../checked-copy';
import type { ByteRange } from '../../format-module';
import { scanChunks } from '../../chunk-scan';
import { byteSearch } from '../../bytes';
import { hostCodecs } from '../../shared/host-codecs';
import { corrupt } from '../../errors';
import { MARKER_PREFIX, endsEntropyData } from './markers';

/**
 * Read at a time: small enough that a chunk is still in the processor's cache when it is searched
 * (the read lands it there), large enough that the reads' round trips do not count. Chunks of
 * 4 MB cost a 50 MB photo's scan some 40 ms more CPU time (page faults and cache misses).
 */
export const SCAN_CHUNK_BYTES = 1024 * 1024;

export interface FoundMarker {
  /** Offset of the marker's 0xFF byte (the last one when fill bytes precede it). */
  readonly offset: number;
  readonly marker: number;
}

export interface ScanContext {
  readonly signal?: AbortSignal;
  /** Entropy-coded data already scanned (verify-after-clean): its end is known, not searched. */
  readonly knownOpaque?: readonly ByteRange[];
  /** The host checks claimed ranges as it copies them: a photo's one scan may be claimed. */
  readonly checkedCopy?: CheckedCopy;
}

/**
 * Index of the first real marker in `chunk` (not stuffing, restart or fill), or -1: the search
 * the host lends (the CLI's looks at 16 bytes at a time), else the engine's own.
 */
export function markerIndex(chunk: Uint8Array): number {
  const lent = hostCodecs().entropyMarkerIndex;
  return lent ? lent(chunk) : markerIndexPortable(chunk);
}

/** The engine's own marker search: the single-byte search from one 0xFF to the next. */
export function markerIndexPortable(chunk: Uint8Array): number {
  const find = byteSearch(chunk);
  let i = find(MARKER_PREFIX, 0);
  while (i !== -1 && i < chunk.length - 1) {
    const next = chunk[i + 1]!;
    if (endsEntropyData(next)) return i;
    i = find(MARKER_PREFIX, next === MARKER_PREFIX ? i + 1 : i + 2);
  }
  return -1;
}

/** The first marker at or after `from` that is not part of entropy-coded data. */
export async function findScanEnd(
  src: ByteSource,
  from: number,
  ctx: ScanContext,
): Promise<FoundMarker> {
  // A chunk's last byte may be an 0xFF whose partner is in the next chunk: it is read again.
  const found = await scanChunks(
    src,
    from,
    src.size,
    {
      stepBytes: SCAN_CHUNK_BYTES - 1,
      overlapBytes: 1,
      ...(ctx.signal && { signal: ctx.signal }),
    },
    (chunk, at): FoundMarker | undefined => {
      const i = markerIndex(chunk);
      return i === -1 ? undefined : { offset: at + i, marker: chunk[i + 1]! };
    },
  );
  if (found) return found;
  throw corrupt('the image data ends without an end-of-image marker');
}
