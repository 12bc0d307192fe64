/**
 * Cues (RFC 9559 5.1.5) index the seek points: per CuePoint a time, and per track the Cluster's
 * position and the block in it. Those numbers stay; any other element at any of its levels goes.
 */
import type { EbmlCursor } from './cursor';
import type { Element } from './ebml';
import * as ID from './ids';
import { ANY_MASTER, voidUnlisted, type KeepTree } from './keep-walk';
import type { Analysis } from './targets';

const CUES_TREE: KeepTree = new Map([
  [ID.CUES, new Set([ID.CUE_POINT, ...ANY_MASTER])],
  [ID.CUE_POINT, new Set([ID.CUE_TIME, ID.CUE_TRACK_POSITIONS, ...ANY_MASTER])],
  [
    ID.CUE_TRACK_POSITIONS,
    new Set([
      ID.CUE_TRACK,
      ID.CUE_CLUSTER_POSITION,
      ID.CUE_RELATIVE_POSITION,
      ID.CUE_DURATION,
      ID.CUE_BLOCK_NUMBER,
      ID.CUE_CODEC_STATE,
      ID.CUE_REFERENCE,
      ...ANY_MASTER,
    ]),
  ],
  [
    ID.CUE_REFERENCE,
    new Set([
      ID.CUE_REF_TIME,
      ID.CUE_REF_CLUSTER,
      ID.CUE_REF_NUMBER,
      ID.CUE_REF_CODEC_STATE,
      ...ANY_MASTER,
    ]),
  ],
]);

export async function scanCues(
  cursor: EbmlCursor,
  cues: Element,
  into: Analysis,
): Promise<void> {
  await voidUnlisted(cursor, cues, 1, CUES_TREE, 'Segment/Cues', into);
}
