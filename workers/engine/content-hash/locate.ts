/**
 * Which parts of a file are its content, by its format: each found by a walk of the file of its
 * own (content-hash/README.md), never from the cleaner's plan, so a cleaner that damaged the
 * content cannot also misreport where the content is.
 */
import { aiffSampleRanges } from './aiff-samples';
import { ByteSource } from '../byte-source';
import { EngineError } from '../errors';
import type { FormatId } from '../format-catalog';
import { identify } from '../pipeline/identify';
import { flacFrameRanges, mp3FrameRanges } from './audio-frames';
import type { ByteRange } from '../engine-types';
import type { ContentKind, ContentPart } from './content-part';
import { heifItemRanges } from './heif-items';
import { isobmffDataRanges } from './isobmff-data';
import { isobmffTrackSamples } from './isobmff-tracks';
import { jpegScanRanges } from './jpeg-scans';
import { matroskaClusterRanges } from './matroska-clusters';
import { isPackage, packageContentParts } from './package-parts';
import { pdfContentParts } from './pdf-pages';
import { pngIdatRanges } from './png-idat';
import {
  aviMoviRanges,
  riffChunkRanges,
  WAV_SAMPLE_CHUNKS,
  webpImageRanges,
} from './riff-chunks';
import { archiveContentParts } from './archive-members';
import { asfPacketRanges } from './asf-data';
import { bmpPixelRanges } from './bmp-pixels';
import { flvTagRanges } from './flv-tags';
import { gifImageRanges } from './gif-images';
import { jp2TileRanges } from './jp2-tiles';
import { oggPacketRanges } from './ogg-packets';
import { tiffStripRanges } from './tiff-strips';

/** Why a format's content is not located although the format is known: nothing is kept whole. */
export type UnlocatedReason = 'edited-text';

/** Thrown by `locateContent` for a format that keeps no part byte for byte (SVG). */
export class UnlocatedContent extends EngineError {
  constructor(readonly reason: UnlocatedReason) {
    super('unsupported', `no part is kept whole (${reason})`);
  }
}

type RangeLocator = (src: ByteSource) => Promise<ByteRange[]>;

/** Formats whose content is one run of ranges, what it is, and how it is found. */
const RANGE_LOCATORS: Partial<Record<FormatId, [ContentKind, RangeLocator]>> = {
  jpeg: ['image-data', jpegScanRanges],
  png: ['image-data', pngIdatRanges],
  webp: ['image-data', webpImageRanges],
  gif: ['image-data', gifImageRanges],
  tiff: ['image-data', tiffStripRanges],
  bmp: ['image-data', bmpPixelRanges],
  jp2: ['image-data', jp2TileRanges],
  jpx: ['image-data', jp2TileRanges],
  j2c: ['image-data', jp2TileRanges],
  heic: ['image-data', heifItemRanges],
  avif: ['image-data', heifItemRanges],
  webm: ['media-data', matroskaClusterRanges],
  mkv: ['media-data', matroskaClusterRanges],
  avi: ['media-data', aviMoviRanges],
  wmv: ['media-data', asfPacketRanges],
  flv: ['media-data', flvTagRanges],
  wav: ['audio-data', (src) => riffChunkRanges(src, WAV_SAMPLE_CHUNKS)],
  mp3: ['audio-data', mp3FrameRanges],
  flac: ['audio-data', flacFrameRanges],
  ogg: ['audio-data', oggPacketRanges],
  aiff: ['audio-data', aiffSampleRanges],
};

/**
 * A movie's samples track by track, so a track the cleaner blanked (telemetry) says so while the
 * others say identical; a fragmented movie, or one with no track, by its `mdat` payloads.
 */
async function movieParts(src: ByteSource): Promise<ContentPart[]> {
  const tracks = await isobmffTrackSamples(src);
  if (tracks && tracks.length > 0)
    return tracks.map((t) => ({
      kind: 'track-data',
      key: `track ${t.id}`,
      track: t.id,
      name: t.handler,
      bytes: { kind: 'ranges', ranges: t.ranges },
    }));
  const ranges = await isobmffDataRanges(src);
  return [
    {
      kind: 'media-data',
      key: 'media-data',
      bytes: { kind: 'ranges', ranges },
    },
  ];
}

/**
 * The content parts of a file, or `unsupported` for a format whose content we do not locate
 * (legacy Office), or `UnlocatedContent` for one that keeps nothing whole.
 */
export async function locateContent(
  src: ByteSource,
  signal?: AbortSignal,
  /** How deep in archives `src` lies (archive-members.ts). */
  depth = 0,
): Promise<{ format: FormatId; parts: ContentPart[] }> {
  const [, sniffed] = await identify(src);
  const format = sniffed.id;
  const ranged = RANGE_LOCATORS[format];
  if (ranged) {
    const [kind, locate] = ranged;
    const ranges = await locate(src);
    return {
      format,
      parts: [{ kind, key: kind, bytes: { kind: 'ranges', ranges } }],
    };
  }
  // An SVG is one text the cleaner edits where the metadata is (comments, `<metadata>`, unknown
  // attributes): no part of it is copied whole, so there is nothing kept byte for byte to show.
  if (format === 'svg') throw new UnlocatedContent('edited-text');
  if (format === 'mp4' || format === 'mov')
    return { format, parts: await movieParts(src) };
  if (format === 'pdf')
    return { format, parts: await pdfContentParts(src, signal) };
  if (isPackage(format) || format === 'zip') {
    // A zip that is no Office, OpenDocument or EPUB package is an archive of files, whatever id
    // the sniffer gave it before the analysis read its members.
    const parts = await packageContentParts(src, signal);
    return {
      format: parts ? format : 'zip',
      parts:
        parts ?? (await archiveContentParts(src, locateContent, signal, depth)),
    };
  }
  throw new EngineError(
    'unsupported',
    `the content of ${format} files is not located`,
  );
}
