/** Walks the level-1 elements once and lists what to void and what stays on purpose. */
import type { ByteSource } from '../../byte-source';
import type { ByteRange } from '../../format-module';
import { emptyAnalysis, type Analysis } from './targets';
import { needsFonts, scanAttachments } from './attachment-scan';
import { EbmlCursor } from './cursor';
import { ATTACHMENTS, CLUSTER, INFO, TAGS, TRACKS } from './ids';
import { scanInfo, scanTracks } from './info';
import { scanSeekHeads } from './seek-scan';
import { readLayout } from './segment';
import { scanTags } from './tag-scan';
import {
  weighTextTracks,
  type TextTrackEntry,
  type TracksMaster,
} from './text-tracks';

export async function analyzeMatroska(
  src: ByteSource,
  signal?: AbortSignal,
): Promise<Analysis & { clusters: ByteRange[] }> {
  const cursor = new EbmlCursor(src, signal);
  const { segments } = await readLayout(cursor);
  const analysis = emptyAnalysis();
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
  }
  for (const segment of segments)
    await scanSeekHeads(cursor, segment, analysis);
  const clusterElements = level1.filter((e) => e.id === CLUSTER);
  await weighTextTracks(cursor, masters, text, clusterElements, analysis);
  const clusters = clusterElements.map((e) => ({
    start: e.offset,
    end: e.end,
  }));
  return { ...analysis, clusters };
}
