/**
 * A Cluster holds its timestamp, its frames and the few elements RFC 9559 5.1.3 lists beside them
 * (SilentTracks, Position, PrevSize, BlockGroup and what a BlockGroup holds); a tool's own element
 * among them goes, the Cluster's CRC-32 recomputed. Frames are walked by their headers alone
 * (cursor.ts jumps over a large one), so the walk costs one small read per frame, not the frames.
 * A block voided as a flight log (text-tracks.ts) is not walked again.
 */
import type { EbmlCursor } from './cursor';
import type { Element } from './ebml';
import * as ID from './ids';
import { ANY_MASTER, voidUnlisted, type KeepTree } from './keep-walk';
import type { Analysis } from './targets';

/**
 * Past a small frame (an audio packet) the next few headers are read at once. Metadata's 256 KiB
 * would read up to that much after each of the 1,163 audio frames of .bench/video-500mb.mkv.
 */
const FRAME_READ_AHEAD = 16 * 1024;

const CLUSTER_TREE: KeepTree = new Map([
  [ID.CLUSTER, ID.CLUSTER_CHILDREN],
  [ID.SILENT_TRACKS, new Set([ID.SILENT_TRACK_NUMBER, ...ANY_MASTER])],
  [
    ID.BLOCK_GROUP,
    new Set([
      ID.BLOCK,
      ID.BLOCK_VIRTUAL,
      ID.BLOCK_ADDITIONS,
      ID.BLOCK_DURATION,
      ID.REFERENCE_PRIORITY,
      ID.REFERENCE_BLOCK,
      ID.REFERENCE_VIRTUAL,
      ID.CODEC_STATE,
      ID.DISCARD_PADDING,
      ID.SLICES,
      ID.REFERENCE_FRAME,
      ...ANY_MASTER,
    ]),
  ],
  [ID.BLOCK_ADDITIONS, new Set([ID.BLOCK_MORE, ...ANY_MASTER])],
  [
    ID.BLOCK_MORE,
    new Set([ID.BLOCK_ADDITIONAL, ID.BLOCK_ADD_ID, ...ANY_MASTER]),
  ],
  [ID.SLICES, new Set([ID.TIME_SLICE, ...ANY_MASTER])],
  [
    ID.TIME_SLICE,
    new Set([
      ID.LACE_NUMBER,
      ID.FRAME_NUMBER,
      ID.BLOCK_ADDITION_ID,
      ID.DELAY,
      ID.SLICE_DURATION,
      ...ANY_MASTER,
    ]),
  ],
  [
    ID.REFERENCE_FRAME,
    new Set([ID.REFERENCE_OFFSET, ID.REFERENCE_TIMESTAMP, ...ANY_MASTER]),
  ],
]);

export async function scanClusters(
  cursor: EbmlCursor,
  clusters: readonly Element[],
  into: Analysis,
): Promise<void> {
  const voided = new Set(
    into.targets.filter((t) => !t.replacement).map((t) => t.element.offset),
  );
  const options = { voided, readAhead: FRAME_READ_AHEAD };
  for (const cluster of clusters)
    await voidUnlisted(
      cursor,
      cluster,
      1,
      CLUSTER_TREE,
      'Segment/Cluster',
      into,
      options,
    );
}
