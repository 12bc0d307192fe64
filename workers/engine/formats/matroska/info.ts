/**
 * Segment Info fields that identify the file, its maker or its software; the Tracks walked. A
 * Void in either that holds anything is zero-filled (void-contents.ts).
 */
import type { FieldId } from '../../fields';
import { finding } from '../../findings';
import { noteCrc, type Analysis } from './targets';
import type { EbmlCursor } from './cursor';
import type { Element } from './ebml';
import { leafDate, leafHex, leafText, unknownElementLabel } from './fields';
import * as ID from './ids';
import { scanAssHeader } from './ass-scan';
import { scanTrackEntry } from './track-entry-scan';
import { ANY_MASTER, voidUnknown } from './keep-walk';
import { emptyVoid } from './void-contents';
import {
  textTrackEntry,
  type TextTrackEntry,
  type TracksMaster,
} from './text-tracks';

type Decoder = (
  cursor: EbmlCursor,
  element: Element,
) => Promise<string | undefined>;

/** For an element whose bytes say nothing a person reads (binary, or of unknown meaning). */
const noValue: Decoder = () => Promise.resolve(undefined);

interface Field {
  readonly label: string;
  readonly field: FieldId;
  readonly decode: Decoder;
}

/**
 * MuxingApp and WritingApp are mandatory in RFC 9559, but demuxers do not need them to play
 * (ffmpeg ignores them; the tests check playback).
 */
const INFO_FIELDS: ReadonlyMap<number, Field> = new Map([
  [ID.TITLE, { label: 'Title', field: 'content.title', decode: leafText }],
  [ID.DATE_UTC, { label: 'DateUTC', field: 'time.created', decode: leafDate }],
  [
    ID.MUXING_APP,
    { label: 'MuxingApp', field: 'software.encoder', decode: leafText },
  ],
  [
    ID.WRITING_APP,
    { label: 'WritingApp', field: 'software.creator', decode: leafText },
  ],
  [
    ID.SEGMENT_UUID,
    { label: 'SegmentUUID', field: 'identifier.unique', decode: leafHex },
  ],
  [
    ID.SEGMENT_FILENAME,
    {
      label: 'SegmentFilename',
      field: 'identifier.file-name',
      decode: leafText,
    },
  ],
  [
    ID.PREV_FILENAME,
    {
      label: 'PrevFilename',
      field: 'identifier.file-name',
      decode: leafText,
    },
  ],
  [
    ID.NEXT_FILENAME,
    {
      label: 'NextFilename',
      field: 'identifier.file-name',
      decode: leafText,
    },
  ],
  // The UUIDs that link this segment to the ones recorded before and after it, or to the same
  // recording's other segments (RFC 9559 5.1.2.2 to 5.1.2.7): identifiers of the recording.
  [
    ID.PREV_UUID,
    { label: 'PrevUUID', field: 'identifier.unique', decode: leafHex },
  ],
  [
    ID.NEXT_UUID,
    { label: 'NextUUID', field: 'identifier.unique', decode: leafHex },
  ],
  [
    ID.SEGMENT_FAMILY,
    { label: 'SegmentFamily', field: 'identifier.unique', decode: leafHex },
  ],
  [
    ID.CHAPTER_TRANSLATE,
    { label: 'ChapterTranslate', field: 'other.data', decode: noValue },
  ],
]);

/**
 * What a player needs from Segment Info (RFC 9559 5.1.2): the timestamp scale and the duration;
 * CRC-32 and Void are structure. Any other child, named above or not, is voided.
 */
const INFO_KEPT: ReadonlySet<number> = new Set([
  ID.TIMESTAMP_SCALE,
  ID.DURATION,
  ID.CRC_32,
  ID.VOID,
]);

/** An Info child no field names: voided, reported by its id. */
function unknownInfoField(id: number): Field {
  return {
    label: unknownElementLabel(id),
    field: 'other.data',
    decode: noValue,
  };
}

async function scanFields(
  cursor: EbmlCursor,
  master: Element,
  depth: number,
  fields: ReadonlyMap<number, Field>,
  location: string,
  into: Analysis,
  kept: ReadonlySet<number>,
): Promise<Element[]> {
  const children = await cursor.children(master, depth + 1);
  let changed = false;
  for (const child of children) {
    if (await emptyVoid(cursor, child, location, into)) changed = true;
    const field =
      fields.get(child.id) ??
      (kept.has(child.id) ? undefined : unknownInfoField(child.id));
    if (!field) continue;
    const value = await field.decode(cursor, child);
    into.targets.push({
      element: child,
      findings: [finding(field.field, field.label, location, value)],
    });
    changed = true;
  }
  noteCrc(into, master, children, depth, changed);
  return children;
}

export async function scanInfo(
  cursor: EbmlCursor,
  info: Element,
  into: Analysis,
): Promise<void> {
  await scanFields(
    cursor,
    info,
    1,
    INFO_FIELDS,
    'Segment/Info',
    into,
    INFO_KEPT,
  );
}

/** What Tracks may hold: its entries, and the structure any master may (RFC 8794 11.3). */
const TRACKS_CHILDREN = new Set([ID.TRACK_ENTRY, ...ANY_MASTER]);

export interface TracksScan {
  /** The tracks' CodecIDs (subtitle tracks decide which fonts stay). */
  readonly codecs: string[];
  /** Its subtitle tracks, for the caller to weigh once the Clusters are known. */
  readonly text: TextTrackEntry[];
  readonly master: TracksMaster;
}

/** Voids what Tracks or a TrackEntry may not hold and track names, blanks ASS headers' metadata; lists codecs and subtitle tracks. */
export async function scanTracks(
  cursor: EbmlCursor,
  tracks: Element,
  into: Analysis,
): Promise<TracksScan> {
  const entries = await cursor.children(tracks, 2);
  const codecs: string[] = [];
  const text: TextTrackEntry[] = [];
  let changed = false;
  // Tracks holds only TrackEntry elements (RFC 9559 5.1.4.1): a tool's own element beside them
  // is voided like one inside an entry.
  for (const other of entries) {
    if (await emptyVoid(cursor, other, 'Segment/Tracks', into)) changed = true;
    if (TRACKS_CHILDREN.has(other.id)) continue;
    voidUnknown(other, 'Segment/Tracks', into);
    changed = true;
  }
  const trackEntries = entries.filter((e) => e.id === ID.TRACK_ENTRY);
  for (const [index, entry] of trackEntries.entries()) {
    const location = `Segment/Tracks/TrackEntry ${index + 1}`;
    const before = into.targets.length;
    const children = await scanTrackEntry(cursor, entry, location, into);
    changed ||= into.targets.length > before;
    const codecElement = children.find((c) => c.id === ID.CODEC_ID);
    const codec = codecElement ? await leafText(cursor, codecElement) : '';
    if (codecElement) codecs.push(codec);
    const blanked = await scanAssHeader(
      cursor,
      entry,
      children,
      codec,
      location,
      into,
    );
    changed ||= blanked;
    const subtitles = await textTrackEntry(cursor, entry, children, location);
    if (subtitles) text.push(subtitles);
  }
  noteCrc(into, tracks, entries, 1, changed);
  return { codecs, text, master: { element: tracks, children: entries } };
}
