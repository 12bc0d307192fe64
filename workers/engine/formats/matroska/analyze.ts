/** Walks the level-1 elements once and lists what to void and what stays on purpose. */
import type { ByteSource } from '../../byte-source';
import type { ByteRange } from '../../format-module';
import { emptyAnalysis, type Analysis } from './targets';
import { needsFonts, scanAttachments } from './attachment-scan';
import { EbmlCursor } from './cursor';
import type { Element } from './ebml';
import {
  ATTACHMENTS,
  CHAPTERS,
  CLUSTER,
  CUES,
  INFO,
  SEEK_HEAD,
  TAGS,
  TRACKS,
} from './ids';
import { scanChapters } from './chapter-scan';
import { scanClusters } from './cluster-scan';
import { scanCues } from './cue-scan';
import { finding } from '../../findings';
import { scanInfo, scanTracks } from './info';
import { scanSeekHeads } from './seek-scan';
import { readLayout } from './segment';
import { emptyVoid } from './void-contents';
import { scanTags } from './tag-scan';
import {
  weighTextTracks,
  type TextTrackEntry,
  type TracksMaster,
} from './text-tracks';

/** The Segment's children RFC 9559 defines (5.1); Void and CRC-32 never reach this list. */
const LEVEL_1: ReadonlySet<number> = new Set([
  SEEK_HEAD,
  INFO,
  TRACKS,
  CHAPTERS,
  CLUSTER,
  CUES,
  ATTACHMENTS,
  TAGS,
]);

/**
 * An element the format does not define at this level can hold anything a muxer or an editor put
 * there; players skip it, so it becomes a Void of its size (fail closed, nothing moves).
 */
function voidUnknown(element: Element, into: Analysis): void {
  into.targets.push({
    element,
    findings: [
      finding('other.data', `element 0x${element.id.toString(16)}`, 'Segment'),
    ],
  });
}

export async function analyzeMatroska(
  src: ByteSource,
  signal?: AbortSignal,
): Promise<Analysis & { clusters: ByteRange[] }> {
  const cursor = new EbmlCursor(src, signal);
  const { segments, voids } = await readLayout(cursor);
  const analysis = emptyAnalysis();
  for (const element of voids)
    await emptyVoid(cursor, element, 'Segment', analysis);
  const level1 = segments.flatMap((s) => s.level1);
  const codecs: string[] = [];
  const text: TextTrackEntry[] = [];
  const masters: TracksMaster[] = [];
  for (const tracks of level1.filter((e) => e.id === TRACKS)) {
    const scan = await scanTracks(cursor, tracks, analysis);
    for (const item of scan.codecs) codecs.push(item);
    for (const item of scan.text) text.push(item);
    masters.push(scan.master);
  }
  const keepFonts = needsFonts(codecs);
  for (const element of level1) {
    if (element.id === INFO) await scanInfo(cursor, element, analysis);
    if (element.id === TAGS) await scanTags(cursor, element, analysis);
    if (element.id === ATTACHMENTS)
      await scanAttachments(cursor, element, keepFonts, analysis);
    if (element.id === CHAPTERS) await scanChapters(cursor, element, analysis);
    if (element.id === CUES) await scanCues(cursor, element, analysis);
    if (!LEVEL_1.has(element.id)) voidUnknown(element, analysis);
  }
  for (const segment of segments)
    await scanSeekHeads(cursor, segment, analysis);
  const clusterElements = level1.filter((e) => e.id === CLUSTER);
  await weighTextTracks(cursor, masters, text, clusterElements, analysis);
  await scanClusters(cursor, clusterElements, analysis);
  const clusters = clusterElements.map((e) => ({
    start: e.offset,
    end: e.end,
  }));
  return { ...analysis, clusters };
}
