/**
 * The file's top level: EBML header, then one Segment (or several, chained), whose level-1
 * children (SeekHead, Info, Tracks, Tags, Attachments, Clusters, Cues...) are found by walking
 * their headers. Clusters are skipped by their size; an unknown-size Cluster (a live recording)
 * is skipped by walking its block headers, never its block data.
 */
import { corrupt, EngineError } from '../../errors';
import { MAX_ENTRIES } from '../../limits';
import { bounded, type Element, type ElementHeader } from './ebml';
import {
  EbmlCursor,
  JUMP_WINDOW,
  SCAN_WINDOW,
  SMALL_ELEMENT_BYTES,
} from './cursor';
import { CLUSTER, CRC_32, EBML_HEADER, SEGMENT, VOID } from './ids';

export interface Segment {
  /** Where the Segment's data starts: SeekPosition values count from here. */
  readonly dataOffset: number;
  /** Its level-1 elements, in file order. */
  readonly level1: Element[];
}

export interface SegmentLayout {
  readonly segments: Segment[];
  /** Void elements beside the Segments and among their level-1 elements. */
  readonly voids: Element[];
}

export async function readLayout(cursor: EbmlCursor): Promise<SegmentLayout> {
  const fileEnd = cursor.src.size;
  const segments: Segment[] = [];
  const voids: Element[] = [];
  for (let at = 0; at < fileEnd;) {
    const header = await cursor.header(at);
    if (header.id === SEGMENT) {
      const segmentEnd =
        header.size === null ? fileEnd : bounded(header, fileEnd).end;
      const level1: Element[] = [];
      await walkSegment(cursor, header.dataOffset, segmentEnd, level1, voids);
      segments.push({ dataOffset: header.dataOffset, level1 });
      at = segmentEnd;
      continue;
    }
    if (header.id !== EBML_HEADER && header.id !== VOID) {
      throw corrupt(`unexpected top-level element at ${at}`);
    }
    const element = bounded(header, fileEnd);
    if (element.id === VOID) voids.push(element);
    at = element.end;
  }
  if (segments.length === 0) throw corrupt('no Matroska Segment');
  return { segments, voids };
}

/** Padding and checksums at level 1 hold nothing to report or void. */
const SKIPPED = new Set([VOID, CRC_32]);

async function walkSegment(
  cursor: EbmlCursor,
  start: number,
  end: number,
  into: Element[],
  voids: Element[],
): Promise<void> {
  let window = JUMP_WINDOW;
  for (let at = start, count = 0; at < end; count++) {
    if (count >= MAX_ENTRIES) throw corrupt('too many level-1 elements');
    const header = await cursor.header(at, window);
    const element =
      header.size !== null
        ? bounded(header, end)
        : bounded(header, end, await unknownSizeEnd(cursor, header, end));
    if (element.id === VOID) voids.push(element);
    else if (!SKIPPED.has(element.id)) into.push(element);
    window = element.end - at < SMALL_ELEMENT_BYTES ? SCAN_WINDOW : JUMP_WINDOW;
    at = element.end;
  }
}

/** Only a Cluster may have an unknown size at level 1 (live recordings); it ends at its last block. */
async function unknownSizeEnd(
  cursor: EbmlCursor,
  header: ElementHeader,
  end: number,
): Promise<number> {
  if (header.id !== CLUSTER) {
    throw new EngineError(
      'unsupported',
      `unknown-size element 0x${header.id.toString(16)} at ${header.offset}`,
    );
  }
  return cursor.clusterEnd(header, end);
}
