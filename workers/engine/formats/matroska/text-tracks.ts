/**
 * Subtitle tracks of Matroska and WebM (CodecID `S_TEXT/*`, RFC 9559 and the Matroska codec
 * mappings; WebM's `D_WEBVTT/*`). Their frames are read from the Clusters' block headers (RFC 9559
 * 10.1: track number, timestamp, flags, then the frame), a bounded head and tail of each track, and
 * weighed by `metadata/text-telemetry.ts`: a flight log goes in place, its TrackEntry and every
 * block of it overwritten by Void elements of the same size (the CRC-32 of the Tracks and of each
 * Cluster touched recomputed after), so Cues and SeekHead offsets stay valid. Ordinary subtitles
 * are kept and reported for review with their language.
 */
import { EngineError, corrupt } from '../../errors';
import { MAX_ENTRIES } from '../../limits';
import { readTextTelemetry } from '../../metadata/text-telemetry';
import {
  TextBudget,
  readableText,
  samplesToRead,
  textTrackFindings,
  type ByteSpan,
} from '../../metadata/text-tracks';
import type { EbmlCursor } from './cursor';
import { JUMP_WINDOW } from './cursor';
import { bounded, readUint, type Element } from './ebml';
import { leafText } from './fields';
import * as ID from './ids';
import { noteCrc, type Analysis } from './targets';

const TEXT_CODEC = /^(?:S_TEXT\/|D_WEBVTT\/)/;
/** RFC 9559 5.1.4.1.19: a TrackEntry without Language is in English. */
const DEFAULT_LANGUAGE = 'eng';
/** Block header after the track number: a 16-bit timestamp and a flags byte (RFC 9559 10.1). */
const BLOCK_TIMESTAMP_AND_FLAGS = 3;
const MAX_VINT_BYTES = 8;
const MAX_TRACK_NUMBER_BYTES = 8;

export interface TextTrackEntry {
  readonly number: number;
  readonly entry: Element;
  readonly codec: string;
  readonly language: string;
  readonly location: string;
  /** ContentEncodings present: its frames are compressed or encrypted. */
  readonly encoded: boolean;
}

/** The Tracks element and its children, for the CRC-32 after a TrackEntry goes. */
export interface TracksMaster {
  readonly element: Element;
  readonly children: readonly Element[];
}

/** A TrackEntry's text track, or null when it is not one. */
export async function textTrackEntry(
  cursor: EbmlCursor,
  entry: Element,
  children: readonly Element[],
  location: string,
): Promise<TextTrackEntry | null> {
  const child = (id: number) => children.find((c) => c.id === id);
  const codecElement = child(ID.CODEC_ID);
  const codec = codecElement ? await leafText(cursor, codecElement) : '';
  if (!TEXT_CODEC.test(codec)) return null;
  const numberElement = child(ID.TRACK_NUMBER);
  if (
    !numberElement ||
    numberElement.end - numberElement.dataOffset > MAX_TRACK_NUMBER_BYTES
  )
    throw corrupt(`${location} has no readable TrackNumber`);
  const languageElement = child(ID.LANGUAGE_BCP47) ?? child(ID.LANGUAGE);
  const language = languageElement
    ? await leafText(cursor, languageElement)
    : DEFAULT_LANGUAGE;
  return {
    number: readUint(await cursor.bytes(numberElement)),
    entry,
    codec,
    language: language || DEFAULT_LANGUAGE,
    location,
    encoded: children.some((c) => c.id === ID.CONTENT_ENCODINGS),
  };
}

interface Frame {
  /** The SimpleBlock or BlockGroup voided when its track goes. */
  readonly element: Element;
  readonly cluster: Element;
  readonly data: ByteSpan;
}

/** A block's track number (an EBML vint) and where its frame starts. */
async function blockHeader(
  cursor: EbmlCursor,
  block: Element,
): Promise<{ track: number; frameStart: number }> {
  const head = await cursor.peek(block.dataOffset, MAX_VINT_BYTES);
  const first = head[0] ?? 0;
  const length = Math.clz32(first) - 23;
  if (first === 0 || length > head.length)
    throw corrupt(`bad block header at ${block.offset}`);
  let track = first & (0xff >> length);
  for (let i = 1; i < length; i++) track = track * 256 + head[i]!;
  const frameStart = block.dataOffset + length + BLOCK_TIMESTAMP_AND_FLAGS;
  if (frameStart > block.end)
    throw corrupt(`block at ${block.offset} is shorter than its header`);
  return { track, frameStart };
}

interface ClusterWalk {
  readonly frames: Map<number, Frame[]>;
  readonly children: Map<Element, Element[]>;
}

/** Every frame of the tracks `wanted`, walking block headers only. */
async function textFrames(
  cursor: EbmlCursor,
  clusters: readonly Element[],
  wanted: ReadonlySet<number>,
): Promise<ClusterWalk> {
  const walk: ClusterWalk = { frames: new Map(), children: new Map() };
  const add = (track: number, frame: Frame) => {
    if (!wanted.has(track)) return;
    const list = walk.frames.get(track) ?? [];
    list.push(frame);
    walk.frames.set(track, list);
  };
  for (const cluster of clusters) {
    const children: Element[] = [];
    for (let at = cluster.dataOffset; at < cluster.end;) {
      if (children.length >= MAX_ENTRIES)
        throw corrupt('too many elements in a Cluster');
      const element = bounded(
        await cursor.header(at, JUMP_WINDOW),
        cluster.end,
      );
      children.push(element);
      at = element.end;
      const blocks =
        element.id === ID.SIMPLE_BLOCK
          ? [element]
          : element.id === ID.BLOCK_GROUP
            ? (await cursor.children(element, 3)).filter(
                (c) => c.id === ID.BLOCK,
              )
            : [];
      for (const block of blocks) {
        const { track, frameStart } = await blockHeader(cursor, block);
        add(track, {
          element,
          cluster,
          data: { start: frameStart, end: block.end },
        });
      }
    }
    walk.children.set(cluster, children);
  }
  return walk;
}

async function readTexts(
  cursor: EbmlCursor,
  frames: readonly Frame[],
  budget: TextBudget,
): Promise<string[]> {
  const texts: string[] = [];
  for (const { start, end } of samplesToRead(frames.map((f) => f.data))) {
    budget.take(end - start);
    const text = readableText(await cursor.src.readExact(start, end - start));
    if (text) texts.push(text);
  }
  return texts;
}

const inside = (element: Element, outer: Element) =>
  element.offset >= outer.offset && element.end <= outer.end;

/** Voids a TrackEntry whole: what was planned inside it (its Name, its CRC-32) folds into it. */
function voidEntry(
  into: Analysis,
  entry: Element,
  findings: ReturnType<typeof textTrackFindings>,
): void {
  const innerTargets = into.targets.filter((t) => inside(t.element, entry));
  for (const target of innerTargets) {
    into.targets.splice(into.targets.indexOf(target), 1);
    for (const f of target.findings) findings.unshift(f);
  }
  for (const site of into.crcSites.filter((s) => inside(s.master, entry)))
    into.crcSites.splice(into.crcSites.indexOf(site), 1);
  into.targets.push({ element: entry, findings });
}

/** Weighs every text track; flight logs are voided, ordinary subtitles kept for review. */
export async function weighTextTracks(
  cursor: EbmlCursor,
  tracks: readonly TracksMaster[],
  entries: readonly TextTrackEntry[],
  clusters: readonly Element[],
  into: Analysis,
): Promise<void> {
  if (entries.length === 0) return;
  const encoded = entries.find((e) => e.encoded);
  if (encoded)
    throw new EngineError(
      'unsupported',
      `${encoded.location}: a compressed or encrypted subtitle track cannot be read`,
    );
  const walk = await textFrames(
    cursor,
    clusters,
    new Set(entries.map((e) => e.number)),
  );
  const budget = new TextBudget();
  const touched = new Set<Element>();
  for (const entry of entries) {
    const frames = walk.frames.get(entry.number) ?? [];
    const texts = await readTexts(cursor, frames, budget);
    const log = readTextTelemetry(texts);
    const info = {
      label: entry.codec,
      location: entry.location,
      language: entry.language,
      chapters: false,
    };
    const findings = textTrackFindings(info, texts, log);
    if (!log) {
      for (const f of findings) into.kept.push(f);
      continue;
    }
    voidEntry(into, entry.entry, findings);
    touched.add(tracks.find((t) => inside(entry.entry, t.element))!.element);
    for (const frame of new Set(frames.map((f) => f.element)))
      into.targets.push({ element: frame, findings: [] });
    for (const frame of frames) touched.add(frame.cluster);
  }
  for (const master of touched) {
    if (into.crcSites.some((s) => s.master.offset === master.offset)) continue;
    const children =
      tracks.find((t) => t.element === master)?.children ??
      walk.children.get(master) ??
      [];
    noteCrc(into, master, children, 1, true);
  }
}
