/**
 * The movie box (moov) of MP4, MOV, M4A, 3GP and HEIF image sequences: dates zeroed in mvhd, tkhd
 * and mdhd; udta, meta, XMP and vendor uuid boxes turned into free space at every level; the
 * rotation matrix, handlers and sample descriptions kept; telemetry tracks found for the caller to
 * empty, since their samples live in mdat.
 */
import { u32be } from '../../bytes';
import { finding, type Finding } from '../../findings';
import {
  FULL_BOX_BYTES,
  checkDepth,
  childrenOf,
  firstChild,
  type Box,
} from './box';
import { zeroHeaderTimes } from './dates';
import { readHandler } from './handler';
import type { Region } from './region';
import { isRemovable, removeBox } from './removable';
import {
  blankCompressorNames,
  blankEncoderUserData,
  blankReelNames,
  firstEntryType,
} from './sample-entries';
import { sampleMetadataKind, type SampleMetadata } from './sample-metadata';
import { chunkRanges, sampleRanges, type ByteRange } from './sample-table';
import {
  isTextTrack,
  mediaLanguage,
  trackReferences,
  type TextTrack,
  type TrackReference,
} from './text-tracks';
import {
  disableTrack,
  orientationFinding,
  readTrackHeader,
} from './track-header';

export interface TelemetryTrack {
  readonly trackId: number;
  readonly entryType: string;
  readonly kind: SampleMetadata;
  readonly path: string;
  /** Where its samples lie, from the sample table (fragments add theirs later). */
  readonly ranges: ByteRange[];
}

export interface Movie {
  readonly telemetry: TelemetryTrack[];
  /** trex default_sample_size per track, for fragments (8.8.3). */
  readonly defaultSampleSize: Map<number, number>;
  /** Subtitle, caption and chapter tracks, for the caller to read. */
  readonly text: TextTrack[];
  /** Every track's `tref` entries. */
  readonly references: TrackReference[];
}

export const emptyMovie = (): Movie => ({
  telemetry: [],
  defaultSampleSize: new Map(),
  text: [],
  references: [],
});

interface Walk {
  readonly region: Region;
  readonly findings: Finding[];
  readonly fileSize: number;
}

/** The first non-removable child chain: mdia > minf > stbl. */
function mediaParts(walk: Walk, mdia: Box, path: string, depth: number) {
  const { region, findings } = walk;
  let stbl: Box | undefined;
  let mdhd: Box | undefined;
  let handler = '';
  for (const child of childrenOf(region.bytes, region.base, mdia)) {
    if (isRemovable(region, child)) removeBox(region, child, path, findings);
    else if (child.type === 'mdhd') {
      zeroHeaderTimes(region, child, `${path}/mdhd`, findings);
      mdhd = child;
    } else if (child.type === 'hdlr')
      handler = readHandler(region, child, `${path}/hdlr`, findings);
    else if (child.type === 'minf') {
      checkDepth(depth + 1, child.start);
      const minf = childrenOf(region.bytes, region.base, child);
      for (const box of minf) {
        if (isRemovable(region, box))
          removeBox(region, box, `${path}/minf`, findings);
        else if (box.type === 'hdlr')
          readHandler(region, box, `${path}/minf/hdlr`, findings);
      }
      stbl = firstChild(minf, 'stbl');
    }
  }
  return { handler, stbl, mdhd };
}

function scanTrack(walk: Walk, trak: Box, path: string, movie: Movie): void {
  const { region, findings } = walk;
  const children = childrenOf(region.bytes, region.base, trak);
  const tkhd = firstChild(children, 'tkhd');
  let media: ReturnType<typeof mediaParts> | undefined;
  for (const child of children) {
    if (isRemovable(region, child)) removeBox(region, child, path, findings);
    else if (child.type === 'tkhd')
      zeroHeaderTimes(region, child, `${path}/tkhd`, findings);
    else if (child.type === 'mdia')
      media = mediaParts(walk, child, `${path}/mdia`, 3);
    else if (child.type === 'tref')
      for (const reference of trackReferences(region, child))
        movie.references.push(reference);
  }
  if (!tkhd) return;
  const header = readTrackHeader(region, tkhd);
  const orientation = orientationFinding(header, `${path}/tkhd`);
  if (orientation) findings.push(orientation);
  if (!media?.stbl) return;
  const stblChildren = childrenOf(region.bytes, region.base, media.stbl);
  const stsd = firstChild(stblChildren, 'stsd');
  blankCompressorNames(
    region,
    media.handler,
    stsd,
    `${path}/mdia/minf/stbl/stsd`,
    findings,
  );
  blankEncoderUserData(
    region,
    media.handler,
    stsd,
    `${path}/mdia/minf/stbl/stsd`,
    findings,
  );
  blankReelNames(region, stsd, `${path}/mdia/minf/stbl/stsd`, findings);
  const entryType = firstEntryType(region, stsd) || media.handler;
  const kind = sampleMetadataKind(media.handler, entryType);
  if (!kind) {
    if (isTextTrack(media.handler, entryType))
      movie.text.push({
        trackId: header.trackId,
        trak,
        entryType,
        language: mediaLanguage(region, media.mdhd),
        path,
        samples: sampleRanges(region, media.stbl, walk.fileSize),
      });
    return;
  }
  if (kind.disable) disableTrack(region, tkhd);
  movie.telemetry.push({
    trackId: header.trackId,
    entryType,
    kind,
    path,
    ranges: chunkRanges(region, media.stbl, walk.fileSize),
  });
}

function readTrex(walk: Walk, mvex: Box, movie: Movie): void {
  const { region } = walk;
  for (const trex of childrenOf(region.bytes, region.base, mvex)) {
    if (trex.type !== 'trex') continue;
    const at = trex.payload - region.base + FULL_BOX_BYTES;
    movie.defaultSampleSize.set(
      u32be(region.bytes, at),
      u32be(region.bytes, at + 12),
    );
  }
}

/** Cleans the moov held in `region` in place and says where telemetry samples lie. */
export function scanMovie(
  region: Region,
  moov: Box,
  fileSize: number,
  findings: Finding[],
): Movie {
  const walk: Walk = { region, findings, fileSize };
  const movie = emptyMovie();
  let trackIndex = 0;
  for (const child of childrenOf(region.bytes, region.base, moov)) {
    if (isRemovable(region, child)) removeBox(region, child, 'moov', findings);
    else if (child.type === 'mvhd')
      zeroHeaderTimes(region, child, 'moov/mvhd', findings);
    else if (child.type === 'trak')
      scanTrack(walk, child, `moov/trak[${++trackIndex}]`, movie);
    else if (child.type === 'mvex') readTrex(walk, child, movie);
  }
  return movie;
}

export function telemetryFinding(track: TelemetryTrack): Finding {
  const { field, description } = track.kind;
  return finding(field, track.entryType, track.path, description);
}
