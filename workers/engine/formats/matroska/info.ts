/** Segment Info and TrackEntry fields that identify the file, its maker or its software. */
import type { FieldId } from '../../fields';
import { finding } from '../../findings';
import { noteCrc, type Analysis } from './targets';
import type { EbmlCursor } from './cursor';
import type { Element } from './ebml';
import { leafDate, leafHex, leafText } from './fields';
import * as ID from './ids';
import { scanAssHeader } from './ass-scan';
import {
  textTrackEntry,
  type TextTrackEntry,
  type TracksMaster,
} from './text-tracks';

type Decoder = (cursor: EbmlCursor, element: Element) => Promise<string>;

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
]);

const TRACK_FIELDS: ReadonlyMap<number, Field> = new Map([
  [ID.TRACK_NAME, { label: 'Name', field: 'content.title', decode: leafText }],
]);

async function scanFields(
  cursor: EbmlCursor,
  master: Element,
  depth: number,
  fields: ReadonlyMap<number, Field>,
  location: string,
  into: Analysis,
): Promise<Element[]> {
  const children = await cursor.children(master, depth + 1);
  let changed = false;
  for (const child of children) {
    const field = fields.get(child.id);
    if (!field) continue;
    const value = await field.decode(cursor, child);
    into.targets.push({
      element: child,
      findings: [
        finding(field.field, field.label, location, value || undefined),
      ],
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
  await scanFields(cursor, info, 1, INFO_FIELDS, 'Segment/Info', into);
}

export interface TracksScan {
  /** The tracks' CodecIDs (subtitle tracks decide which fonts stay). */
  readonly codecs: string[];
  /** Its subtitle tracks, for the caller to weigh once the Clusters are known. */
  readonly text: TextTrackEntry[];
  readonly master: TracksMaster;
}

/** Voids track names, blanks ASS headers' metadata; lists codecs and subtitle tracks. */
export async function scanTracks(
  cursor: EbmlCursor,
  tracks: Element,
  into: Analysis,
): Promise<TracksScan> {
  const entries = await cursor.children(tracks, 2);
  const codecs: string[] = [];
  const text: TextTrackEntry[] = [];
  let changed = false;
  const trackEntries = entries.filter((e) => e.id === ID.TRACK_ENTRY);
  for (const [index, entry] of trackEntries.entries()) {
    const location = `Segment/Tracks/TrackEntry ${index + 1}`;
    const before = into.targets.length;
    const children = await scanFields(
      cursor,
      entry,
      2,
      TRACK_FIELDS,
      location,
      into,
    );
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
