/**
 * The file's top level: EBML header, then one Segment (or several, chained), whose level-1
 * children (SeekHead, Info, Tracks, Tags, Attachments, Clusters, Cues...) are found by walking
 * their headers. Clusters are skipped by their size; an unknown-size Cluster (a live recording)
 * is skipped by walking its block headers, never its block data.
 */
import { corrupt, EngineError } from '../../errors';
import { MAX_ENTRIES } from '../../limits';
import { bounded, type Element } from './ebml';
import { EbmlCursor } from './cursor';
import { CLUSTER, EBML_HEADER, SEGMENT, VOID } from './ids';

export interface Segment {
  /** Where the Segment's data starts: SeekPosition values count from here. */
  readonly dataOffset: number;
  /** Its level-1 elements, in file order. */
  readonly level1: Element[];
}

export interface SegmentLayout {
  readonly segments: Segment[];
}

export async function readLayout(cursor: EbmlCursor): Promise<SegmentLayout> {
  const fileEnd = cursor.src.size;
  const segments: Segment[] = [];
  for (let at = 0; at < fileEnd;) {
    const header = await cursor.header(at);
    if (header.id === SEGMENT) {
      const segmentEnd =
        header.size === null ? fileEnd : bounded(header, fileEnd).end;
      const level1: Element[] = [];
      await walkSegment(cursor, header.dataOffset, segmentEnd, level1);
      segments.push({ dataOffset: header.dataOffset, level1 });
      at = segmentEnd;
      continue;
    }
    if (header.id !== EBML_HEADER && header.id !== VOID) {
      throw corrupt(`unexpected top-level element at ${at}`);
    }
    at = bounded(header, fileEnd).end;
  }
  if (segments.length === 0) throw corrupt('no Matroska Segment');
  return { segments };
}

async function walkSegment(
  cursor: EbmlCursor,
  start: number,
  end: number,
  into: Element[],
): Promise<void> {
  for (let at = start; at < end;) {
    if (into.length >= MAX_ENTRIES) throw corrupt('too many level-1 elements');
    const header = await cursor.header(at);
    if (header.size !== null) {
      const element = bounded(header, end);
      into.push(element);
      at = element.end;
      continue;
    }
    if (header.id !== CLUSTER) {
      throw new EngineError(
        'unsupported',
        `unknown-size element 0x${header.id.toString(16)} at ${at}`,
      );
    }
    const clusterEnd = await cursor.clusterEnd(header, end);
    into.push({ ...header, end: clusterEnd });
    at = clusterEnd;
  }
}
